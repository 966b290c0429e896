import GardenFoundation
import GardenCatalog
import GardenAnalysis
import GardenEngine

/// Transfers (a transfer's wording, or a Pix, TED, DOC, Zelle or P2P payment method): to or from the holder's own
/// account (`garden me`, 0.9), to or from a person (a CPF 0.85, a person's name 0.75), money in from a company (pay:
/// income.salary, 0.65; 0.6 from a name with no given name), a credit transfer that names no one (transfer.other,
/// 0.55), one word left in a transfer line (a person as likely as a shop, 0.5, flagged).
///
/// One job of the former `bank_line` resolver, split from it (issue 34): last in the `bank_line` family, asked only
/// when no line rule, operation type or public payee read the row, printed as `bank_line` while the family stands.
public struct TransferResolver: Resolver {
    public static let description = ResolverDescription(
        id: "transfer", stage: .match,
        summary: "Transfers: to the holder, to or from a person, money in from a company (pay); 0.5–0.9.",
        examples: [
            .init(#"{"description":"Transferência enviada pelo Pix - Ana Souza Lima - •••.482.613-•• - BCO X","amount":-10}"#,
                  category: "transfer.person", merchant: "Ana Souza Lima"),
            .init(#"{"description":"DROGARIA SAO PAULO","amount":-20}"#, category: nil),
        ],
        family: .bankLine, formerly: [.bankLine])

    /// What this resolver reads of the shipped knowledge, taken when the pipeline is built (a class: read through one
    /// reference for a row's call).
    final class Views: Sendable {
        /// The keyword and trade-word rules the row's keyword matches index (a trade word names a shop, not a person).
        let keywords: [LineRule]
        /// Organisation words (`Rules/organisation_words.tsv`), folded: a word left that is one names no person.
        let organisationWords: Set<String>

        init(keywords: [LineRule], organisationWords: Set<String>) { (self.keywords, self.organisationWords) = (keywords, organisationWords) }
    }
    private var views: Views?

    public init() {}

    public static let reads: [any KnowledgeRead] = [Shipped.keywords, Shipped.organisationWords]

    public func taking(_ knowledge: KnowledgeViews) -> Self {
        var bound = self
        bound.views = Views(keywords: knowledge.view(Shipped.keywords), organisationWords: knowledge.view(Shipped.organisationWords))
        return bound
    }

    public func propose(_ context: ResolutionContext) -> Proposal? {
        // The views lent to the row's call without a retain: this resolver holds them for the call.
        guard let views = views.map(Unmanaged.passUnretained) else { return nil }
        return views._withUnsafeGuaranteedRef { Self.transfer(context, $0) }
    }

    /// Transfers: to or from the holder, a person, or money in from a company (read as pay: income.salary).
    static func transfer(_ context: ResolutionContext, _ views: Views) -> Proposal? {
        let direction = context.direction
        let cp = context.counterparty
        guard context.descriptor.isTransferWording || [.pix, .ted, .doc, .zelle, .p2p].contains(context.transaction.paymentMethod) else { return nil }
        let name = cp.name ?? context.descriptor.cleanedName
        if context.learned.isAccountHolder(name: name, document: cp.cnpj?.value ?? cp.cpfMask ?? context.transaction.counterpartyDocument) {
            return Proposal(category: CategoryID.transferToSelf, confidence: Confidence(perMille: 900), basis: .bankLine,
                            merchant: MerchantCandidate(name: name, kind: .person, confidence: Confidence(perMille: 900)), flow: .transfer,
                            evidence: Evidence(matched: cp.cpfMask ?? name ?? "", location: "garden me", note: "the holder's own account"))
        }
        if cp.isPerson, let name = cp.name ?? context.descriptor.cleanedName {
            return LineRules.person(name, Confidence(perMille: cp.cpfMask != nil ? 850 : 750),
                          Evidence(matched: cp.cpfMask ?? name, location: "counterparty",
                                   note: cp.cpfMask != nil ? "a CPF names a person" : "a person's name in a transfer line"))
        }
        // Money in from a company by Pix, TED or an ACH credit, to a person's account: pay for work (issue 35; ISO 20022
        // PMNT/RCDT/SALA, CNAB 240 219), not other income; below a payroll word's confidence.
        // A name that is no person's only because it begins with no given name ("TITAN PNEUS", but also a name the lists
        // lack or a bank's cut wording) is pay at a confidence that asks for review (below the calibrated floor).
        if direction == .in, context.matchedBrand == nil, cp.cnpj != nil || cp.name != nil {
            let guessed = cp.cnpj == nil && cp.lacksGivenName
            return Proposal(category: CategoryID.salary, confidence: Confidence(perMille: guessed ? 600 : 650), basis: .bankLine, flow: .income,
                            evidence: Evidence(matched: cp.cnpj?.formatted ?? cp.name ?? "", location: "counterparty",
                                               note: guessed ? "money in from a name with no given name: pay" : "money in from a company: pay"))
        }
        // A credit transfer that prints no one ("TRANSF ENVIADO TED", "TRANSF RECEBIDO PIX"): ISO 20022 PMNT/ICDT (issued)
        // and PMNT/RCDT (received) credit transfers move money between accounts whose holder the line does not say: a
        // transfer, neither a purchase nor income, at the confidence of the other transfer wordings that name no one
        // ("TRANSFERENCIA AGENDADA"). A Pix paid by QR code is a sale's payment, not this.
        if direction != nil, cp.cnpj == nil, cp.cpfMask == nil, cp.name == nil, context.descriptor.cleanedName == nil,
           context.matchedBrand == nil, context.descriptor.method != .pixQR, context.transaction.paymentMethod != .pixQR {
            return Proposal(category: CategoryID.transferOther, confidence: Confidence(perMille: 550), basis: .bankLine, flow: .transfer,
                            evidence: Evidence(matched: "", location: direction == .out ? "ISO 20022 PMNT/ICDT" : "ISO 20022 PMNT/RCDT",
                                               note: "a credit transfer that names no one"))
        }
        // One word left in a transfer line ("PIX TRANSF LUIS"): a person as likely as a shop; a guess, flagged.
        if direction == .out, cp.cnpj == nil, context.matchedBrand == nil, !context.descriptor.namesAnyTrade(views.keywords),
           let name = cp.name ?? context.descriptor.cleanedName, !name.contains(" "), name.allSatisfy(\.isLetter),
           !views.organisationWords.contains(TextFold.fold(name)) {
            return Proposal(category: CategoryID.transferToPerson, confidence: Confidence(perMille: 500), basis: .bankLine,
                            merchant: MerchantCandidate(name: name, kind: .person, confidence: Confidence(perMille: 500)), flow: .transfer,
                            evidence: Evidence(matched: name, location: "counterparty", note: "one word left in a transfer line"))
        }
        return nil
    }
}
