import GardenFoundation
import GardenCatalog
import GardenAnalysis
import GardenEngine
import GardenImage

/// The brand catalog (`Brands/*.tsv`): a brand matched in the merchant words (longest pattern, most specific
/// brand), or named by the counterparty's CNPJ root: its category at 0.9 (0.85 glued or prefix, 0.75 completing a
/// truncated descriptor, 0.95 by CNPJ root), 0.4 and flagged when its category depends on what was bought; a short
/// brand beside another trade's words flagged (0.45); a bank named in a line paying its bill (0.75), money with an
/// institution that names no fee (0.65 / 0.5), else a hint (0.5).
///
/// The head of the `brand_catalog` family (issue 34): the jobs this resolver also did are resolvers of their own,
/// asked in the family's order and printed as `brand_catalog` while the family stands: ``MarketplaceResolver`` (a
/// marketplace is the merchant), ``ChannelResolver`` (a channel sets the category), this one, then ``WrapperResolver``
/// (a wrapper with no brand after it). Each case is one small function below, in the order they are tried.
public struct BrandCatalogResolver: Resolver {
    public static let description = ResolverDescription(
        id: .brandCatalog, stage: .match,
        summary: "Brands (Brands/*.tsv) by name or CNPJ root; 0.9, ambiguous brands 0.4.",
        examples: [
            .init(#"{"description":"Compra no débito - Pag*Raiadrogasilsa","amount":-58.78}"#, category: "health.pharmacy"),
            .init(#"{"description":"UBER EATS PENDING SF","currency":"USD"}"#, category: "food.delivery"),
            .init(#"{"description":"Dl*Uberrides","amount":-58.72}"#, category: "transport.rideshare", merchant: "Uber"),
            .init(#"{"description":"WHOLEFDS MKT 10259","currency":"USD"}"#, category: "food.groceries"),
            .init(#"{"description":"Timo Reboucas Restaura","amount":-147.15}"#, category: nil),
        ],
        family: .brandCatalog)

    private var views: BrandFindings.Views?

    public init() {}

    public static let reads: [any KnowledgeRead] = [Shipped.brandNames, Shipped.processors, Shipped.keywords]

    public func taking(_ knowledge: KnowledgeViews) -> Self {
        var bound = self
        bound.views = .taking(knowledge, keywords: true)
        return bound
    }

    public func propose(_ context: ResolutionContext) -> Proposal? {
        // The views lent to the row's call without a retain: this resolver holds them for the call.
        guard let views = views.map(Unmanaged.passUnretained) else { return nil }
        return views._withUnsafeGuaranteedRef { propose(context, $0) }
    }

    /// A brand's proposal. The family's members before it (a marketplace, a channel with a category) are asked first;
    /// one after it reads a wrapper with no brand.
    private func propose(_ context: ResolutionContext, _ views: BrandFindings.Views) -> Proposal? {
        guard var found = BrandFindings.found(context, views.brands) else { return nil }
        let processor = context.descriptor.processor.map { views.processors[$0] }
        if let clash = Self.shortBrandClash(found, context, views.keywords) { return clash }
        if found.brand.flags.contains(.bank) {
            if let bill = Self.cardBill(found, context) { return bill }
            if let money = Self.moneyWithAnInstitution(found, context) { return money }
            found.confidence = Confidence(perMille: 500)  // a bank named in a line is only a hint
        }
        return BrandFindings.purchase(found, processor, context, views.keywords)
    }

    /// A short brand name, or one completed from a cut word ("PERFUMARIA SOL NASCENTE" is not NASCENTES DAS
    /// GERAIS), beside shop words of another trade ("VIVO BEM FARMACIA", "OI BISTRO") is more
    /// likely part of a shop's name: flagged, below the threshold.
    static func shortBrandClash(_ found: BrandFindings.Found, _ context: ResolutionContext, _ keywords: [LineRule]) -> Proposal? {
        guard let (_, match) = context.matchedBrand, match.length <= 5 || match.mode == .truncated, context.counterparty.brand == nil else { return nil }
        let group = String(found.brand.category.split(separator: ".").first ?? "")
        let clash = context.descriptor.keywordMatches.contains { entry in
            !keywords[entry.rule].suggestion && !Taxonomy.id(keywords[entry.rule].category, isWithin: group)
                && !found.matched.contains(entry.text)
        }
        guard clash else { return nil }
        return Proposal(category: found.brand.category, confidence: Confidence(perMille: 450), basis: .brand,
                        merchant: MerchantCandidate(name: context.descriptor.cleanedName ?? found.brand.name, kind: .local, confidence: Confidence(perMille: 550)),
                        reviewReason: "\"\(found.matched)\" may be part of a shop's name (\(found.brand.name)?)",
                        evidence: Evidence(matched: found.matched, location: found.location, note: "short brand name beside other trade words"))
    }

    /// Paying a bank or card issuer named in the line is a card bill; paying a broker (an institution whose own
    /// category is an investment: Robinhood, XP, Fidelity) is money invested, its own category.
    static func cardBill(_ found: BrandFindings.Found, _ context: ResolutionContext) -> Proposal? {
        let d = context.descriptor
        guard context.direction != .in, found.brand.category != "transfer.investment",
              paysABill(folded: String(decoding: d.text.folded, as: UTF8.self), cleaned: d.foldedName, brandWords: found.matched) else { return nil }
        return Proposal(category: CategoryID.cardPayment, confidence: Confidence(perMille: 750), basis: .brand,
                        merchant: MerchantCandidate(name: found.brand.name, kind: found.brand.kind, brandID: found.brand.id, confidence: found.confidence),
                        flow: .transfer, evidence: Evidence(matched: found.matched, location: found.location, note: "a payment to a bank or card issuer"))
    }

    /// Money to or from a financial institution named in a line that says no fee (issue 35): the institution is
    /// paid its card bill, a loan, an investment, or the holder's money moves between their accounts; a fee,
    /// interest, IOF or an annual fee is printed as such (``feeWords``) and left to the brand's own category.
    /// Money out with a card's words (``cardWords``) is a card bill (0.65); other money to or from a bank is a
    /// transfer whose kind the line does not say (transfer.other, 0.5: flagged). Either way the institution acts as
    /// itself (merchant kind bank). An institution whose own
    /// category is not a fee (a broker, a lender) keeps it.
    static func moneyWithAnInstitution(_ found: BrandFindings.Found, _ context: ResolutionContext) -> Proposal? {
        guard found.brand.category == "fees.bank" || found.brand.category == "fees" else { return nil }
        let words = String(decoding: context.descriptor.text.folded, as: UTF8.self).split(separator: " ").map(String.init)
        guard !words.contains(where: { feeWords.contains($0) }) else { return nil }
        let card = context.direction != .in && words.contains { cardWords.contains($0) }
        let confidence = Confidence(perMille: card ? 650 : 500)
        return Proposal(category: card ? CategoryID.cardPayment : "transfer.other", confidence: confidence, basis: .brand,
                        merchant: MerchantCandidate(name: found.brand.name, kind: .bank, brandID: found.brand.id, confidence: found.confidence),
                        flow: .transfer,
                        evidence: Evidence(matched: found.matched, location: found.location,
                                           note: card ? "money to a card issuer with a card's words" : "money to or from a financial institution, no fee named"))
    }

    /// Words that make a line naming a bank its fee, interest or tax (FEBRABAN CNAB 240 102 Encargos, 105 Tarifas,
    /// 110 IOF; BAI2 564 Overdraft Fee, 654 Interest Debit, 698 Miscellaneous Fees).
    static let feeWords: Set<String> = ["tarifa", "tarifas", "tar", "taxa", "fee", "fees", "juros", "interest", "iof", "anuidade",
                                        "encargos", "encargo", "multa", "mensalidade", "charge", "charges", "overdraft", "surcharge"]

    /// Words of a card in a bank's line: the card itself and the card networks' and products' names.
    static let cardWords: Set<String> = ["card", "crd", "cartao", "cartoes", "fatura", "visa", "mastercard", "mc", "master", "elo",
                                         "amex", "platinum", "plati", "gold", "black", "signature", "infinite", "credicard"]

    /// Words of a payment in a bank's line.
    static let paymentWords = [" pmt ", " payment ", " pagamento ", " pagto ", " pgto ", " pag ", " boleto ", " epay ", " epayment ",
                               " autopay ", " fatura ", " pymt ", " creditcard ", " crcardpmt "]

    /// Words a card-bill payment line may carry besides the issuer's name.
    static let billWords: Set<String> = ["credit", "card", "crd", "cartao", "credito", "fatura", "pmt", "payment", "ach", "epay",
                                         "epayment", "autopay", "online", "web", "ppd", "des", "pagamento", "pagto", "bill", "thank", "you", "creditcard",
                                         "crcardpmt", "boleto", "pag", "pgto", "pymt"]

    /// Whether a line naming a bank (`brandWords`) pays its bill: a payment word in the `folded` line and no
    /// other name of three letters or more in the `cleaned` words ("Pagamento PicPay - Bar do Mané" pays
    /// the bar through the wallet).
    static func paysABill(folded: String, cleaned: String, brandWords: String) -> Bool {
        let words = " " + folded + " "
        guard paymentWords.contains(where: { words.contains($0) }) else { return false }
        let brand = Set(brandWords.split(separator: " "))
        return !cleaned.split(separator: " ").contains { !brand.contains($0) && $0.count >= 3 && !billWords.contains(String($0)) }
    }

}
