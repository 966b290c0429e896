import GardenFoundation
import GardenCatalog
import GardenAnalysis

/// Who a row's merchant is, in one explicit order:
///
/// 1. the merchant of the proposal that gave the category;
/// 2. else the most confident merchant evidence of any resolver (ties go to precedence);
/// 3. the row's own reading (``baseline``) replaces what 1–2 gave when they gave nothing, or a name
///    without a brand read with less confidence (then the evidence's kind is kept when it names the
///    same merchant: "PIX TRANSF LUIS" stays a person).
///
/// The row's own reading, in order: a person counterparty (0.85 with a CPF, else 0.7), a company
/// counterparty given with the row or by its CNPJ (0.8), the unwrap stage's reading of the name after a
/// payment wrapper (``ResolverDescription/Stage/unwrap``), the cleaned descriptor (0.65 after a payment
/// phrase such as boleto or Pix, else 0.55).
public enum MerchantChoice {
    /// A merchant candidate and where it came from.
    public struct Pick: Sendable, Hashable {
        public var candidate: MerchantCandidate
        public var origin: MerchantOrigin

        public init(_ candidate: MerchantCandidate, _ origin: MerchantOrigin) {
            self.candidate = candidate
            self.origin = origin
        }
    }

    /// Steps 1–3: `evidence` holds each resolver's merchant candidate in precedence order (nil when it gave
    /// none; the unwrap stage's are part of `baseline`, not of `evidence`), `ids` the resolvers' ids, `winner`
    /// the category's position.
    public static func choose<C: RandomAccessCollection>(evidence: C, ids: [ResolverID], winner: Int?, baseline: Pick) -> Pick
    where C.Element == MerchantCandidate?, C.Index == Int {
        var best: Int?
        if let winner, evidence[winner] != nil {
            best = winner
        } else {
            for index in evidence.indices {
                guard let candidate = evidence[index] else { continue }
                if best == nil || candidate.confidence > evidence[best!]!.confidence { best = index }
            }
        }
        guard let best, let candidate = evidence[best] else { return baseline }
        let found = Pick(candidate, .resolver(ids[best]))
        guard baseline.candidate.confidence > found.candidate.confidence, found.candidate.brandID == nil, found.candidate.name != nil else {
            return found
        }
        var base = baseline
        if found.candidate.name == base.candidate.name, found.candidate.kind != .unknown { base.candidate.kind = found.candidate.kind }
        return base
    }

    /// The row's own reading of its merchant before any catalog evidence (see the order above); `unwrapped`
    /// is the unwrap stage's candidate, when a payment wrapper was unwrapped.
    public static func baseline(_ counterparty: Counterparty, _ descriptor: Descriptor, givenName: Bool, unwrapped: Pick?) -> Pick {
        let cp = counterparty
        let d = descriptor
        if cp.isPerson, let name = cp.name ?? d.cleanedName {
            return Pick(MerchantCandidate(name: name, kind: .person, confidence: Confidence(perMille: cp.cpfMask != nil ? 850 : 700)), .counterparty)
        }
        if let name = cp.name, cp.processor == nil, cp.cnpj != nil || givenName {
            return Pick(MerchantCandidate(name: name, kind: .local, confidence: Confidence(perMille: 800)), .counterparty)
        }
        guard let name = d.cleanedName else { return Pick(MerchantCandidate(name: nil, kind: .unknown, confidence: .zero), .descriptor) }
        if let unwrapped { return unwrapped }
        // A name after a payment phrase (boleto, Pix, Pix by QR code, débito automático) names the payee.
        let afterPhrase = !d.cleanersApplied.isEmpty && (d.method == .boleto || d.method == .directDebit || d.method == .pixQR || d.isTransferWording)
        return Pick(MerchantCandidate(name: name, kind: .local, confidence: Confidence(perMille: afterPhrase ? 650 : 550)), .descriptor)
    }

    /// The merchant's kind once the category is known: a tax or public fee is paid to a public body whatever
    /// words name it ("CITY OF SEATTLE"); a public body's name ("KING COUNTY", "PREFEITURA DE ...") is
    /// government whatever it was paid for.
    public static func kind(_ kind: MerchantKind, brand: String?, category: String, namesPublicBody: Bool) -> MerchantKind {
        if Taxonomy.id(category, isWithin: CategoryID.government), brand == nil, kind == .local || kind == .unknown { return .government }
        if kind == .local, namesPublicBody { return .government }
        return kind
    }
}
