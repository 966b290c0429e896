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

    /// The merchant's kind from the evidence once the category is known (issue 35), in this order:
    ///
    /// 1. a person stays a person; a move between the holder's own accounts is the holder's (person), the account's
    ///    bank named or not (a named wallet that is no bank keeps its kind);
    /// 2. a tax or public fee paid to no brand is paid to a public body whatever words name it ("CITY OF
    ///    SEATTLE"); a public body's name ("KING COUNTY", "PREFEITURA DE ...") is government whatever it was paid for;
    /// 3. a financial institution acting as itself is `bank`: a card bill is always its issuer's (a store card's
    ///    too); its fees and interest, a loan, an investment, interest earned and rewards
    ///    (``CategoryID/financialInstitutionOwn``) are the bank's when the merchant is a financial institution
    ///    (`financialInstitution`: a catalog brand flagged `bank`, a chain brand whose own catalog category is such a
    ///    business (a broker, an exchange, a vehicle maker's bank), or a candidate of kind bank), names no one, or
    ///    was only read from the descriptor (`local`, `unknown`); a chain brand that is no bank (a company paying
    ///    dividends) and an online lender keep their kind;
    ///    A bank collecting for the holder (its boleto collections and card sales credited, `income.sales`) acts as an
    ///    acquirer, a `chain`, not as itself;
    /// 4. a salary whose payer the line does not name is an employer's, a company read from no brand: `local`;
    /// 5. a name read from the descriptor alone (`local`, no brand) paid for insurance is an insurer's, a company
    ///    licensed by a national or state regulator (SUSEP in Brazil, each US state's insurance department, Canada's
    ///    provincial ones) that sells across a country, never one shop: `chain`; paid for a subscription (software,
    ///    streaming: goods delivered over the network) it is `online`;
    /// 6. else the evidence's kind: `chain` from brand evidence, `online` from a domain, online service or online
    ///    processor, `local` for a name read from the descriptor alone; a name read alone from a line that prints a web
    ///    address (`printsWebAddress`: "ROMAN 01/07 PURCHASE WWW.GETROMAN. NY") sells online.
    public static func kind(_ kind: MerchantKind, brand: String?, named: Bool, category: String, namesPublicBody: Bool,
                            financialInstitution: Bool, printsWebAddress: Bool = false) -> MerchantKind {
        if kind == .person { return .person }
        // A move between the holder's own accounts: the holder's (a person's, the account's bank named or not); a
        // named wallet that is no bank (Venmo, Cash App) keeps its kind.
        if !named || kind == .bank || kind == .unknown || financialInstitution, Taxonomy.id(category, isWithin: CategoryID.transferToSelf) {
            return .person
        }
        if Taxonomy.id(category, isWithin: CategoryID.government), brand == nil, kind == .local || kind == .unknown { return .government }
        if kind == .local, namesPublicBody { return .government }
        // A bank collecting for the holder (the boletos the holder issued, paid and credited: FEBRABAN CNAB 240 202; card
        // sales settled) acts as an acquirer does, not as itself (its fees, interest, card bills, loans, investments,
        // rewards): the acquirers that settle card sales are chains (Rules/bank_lines.tsv: Cielo, Rede, Stone, Getnet).
        if kind == .bank, Taxonomy.id(category, isWithin: CategoryID.sales) { return .chain }
        if actsAsFinancialInstitution(category) {
            if category == CategoryID.cardPayment || financialInstitution || !named || kind == .local || kind == .unknown || kind == .bank {
                return .bank
            }
        }
        // Only ids beginning with an `i` or an `s` can be within either group: most rows are turned away by one byte.
        if kind == .local, brand == nil, let first = category.utf8.first, first == UInt8(ascii: "i") || first == UInt8(ascii: "s") {
            if Taxonomy.id(category, isWithin: CategoryID.insuranceGroup) { return .chain }
            if Taxonomy.id(category, isWithin: CategoryID.subscriptionsGroup) { return .online }
        }
        if kind == .local, printsWebAddress { return .online }
        if kind == .unknown, !named, category == CategoryID.salary { return .local }
        return kind
    }

    /// Whether `category` is a financial institution's own business (``CategoryID/financialInstitutionOwn``).
    public static func actsAsFinancialInstitution(_ category: String) -> Bool {
        // Only ids beginning as one of the list's can be: most rows' categories are turned away by their first byte,
        // the others compared byte by byte with the few ids that share it.
        guard let first = category.utf8.first else { return false }
        return CategoryID.financialInstitutionOwn.contains { $0.utf8.first == first && Taxonomy.id(category, isWithin: $0) }
    }
}
