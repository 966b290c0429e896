import GardenFoundation
import GardenCatalog
import GardenAnalysis
import GardenEngine
import GardenImage

/// The brand catalog (`Brands/*.tsv`), processors and channels (`Rules/processors.tsv`).
///
/// - A brand matched in the merchant words (longest pattern, most specific brand), or named by the
///   counterparty's CNPJ root: its category at 0.9 (0.85 glued or prefix, 0.75 completing a
///   truncated descriptor), 0.4 and flagged when its category depends on what was bought.
/// - A channel (`IFD*`, `DOORDASH*`) sets the category without taking over the merchant: `IFD*X` is
///   delivery whatever X is; X stays the merchant.
/// - A marketplace (`SHOPEE *SELLER`) is the merchant; the seller is recorded.
/// - `MP*` without a document is ambiguous (a purchase or a Mercado Pago transfer): flagged, unless a brand of
///   six letters or more follows it (`MP*BURGERKING` is a purchase).
///
/// Each case is one small function below, in the order they are tried.
public struct BrandCatalogResolver: Resolver {
    public static let description = ResolverDescription(
        id: .brandCatalog, stage: .match,
        summary: "Brands (Brands/*.tsv), channels and marketplaces (Rules/processors.tsv); 0.9, ambiguous brands 0.4.",
        examples: [
            .init(#"{"description":"Compra no débito - Pag*Raiadrogasilsa","amount":-58.78}"#, category: "health.pharmacy"),
            .init(#"{"description":"Ifd*Restaurante Sabor","amount":-40}"#, category: "food.delivery", merchant: "Restaurante Sabor"),
            .init(#"{"description":"Ifd*Arcos Dourados Com","amount":-32.93}"#, category: "food.delivery", merchant: "McDonald's"),
            .init(#"{"description":"UBER EATS PENDING SF","currency":"USD"}"#, category: "food.delivery"),
            .init(#"{"description":"Dl*Uberrides","amount":-58.72}"#, category: "transport.rideshare", merchant: "Uber"),
            .init(#"{"description":"WHOLEFDS MKT 10259","currency":"USD"}"#, category: "food.groceries"),
            .init(#"{"description":"Timo Reboucas Restaura","amount":-147.15}"#, category: nil),
        ])

    /// What this resolver reads of the shipped knowledge (its views), taken when the pipeline is built.
    /// A class: a row's call reads it through one reference (a struct of tables was copied, each of its buffers
    /// retained and released, for each row).
    final class Views: Sendable {
        /// The brands (`Brands/*.tsv`): by index, by an automaton entry, by a wallet's product name.
        let brands: BrandNames
        /// The processors, channels and marketplaces (`Rules/processors.tsv`) the row's wrapper indexes.
        let processors: [Processor]
        /// The keyword and trade-word rules the row's keyword matches index (a shop's words beside a short brand).
        let keywords: [LineRule]

        init(brands: BrandNames, processors: [Processor], keywords: [LineRule]) {
            (self.brands, self.processors, self.keywords) = (brands, processors, keywords)
        }
    }
    private var views: Views?

    public init() {}

    public static let reads: [any KnowledgeRead] = [Shipped.brandNames, Shipped.processors, Shipped.keywords]

    public func taking(_ knowledge: KnowledgeViews) -> Self {
        var bound = self
        bound.views = Views(brands: knowledge.view(Shipped.brandNames), processors: knowledge.view(Shipped.processors),
                            keywords: knowledge.view(Shipped.keywords))
        return bound
    }

    /// A brand found for the row, with the confidence its match gives and where it was found.
    struct Found {
        var brand: Brand
        var confidence: Confidence
        var matched: String
        var location: String
    }

    public func propose(_ context: ResolutionContext) -> Proposal? {
        // The views lent to the row's call without a retain: this resolver holds them for the call.
        guard let views = views.map(Unmanaged.passUnretained) else { return nil }
        return views._withUnsafeGuaranteedRef { propose(context, $0) }
    }

    private func propose(_ context: ResolutionContext, _ views: Views) -> Proposal? {
        let processor = context.descriptor.processor.map { views.processors[$0] }
        let found = Self.found(context, views.brands)
        if let processor, processor.role == .marketplace { return Self.marketplace(processor, context, views.brands) }
        if let processor, processor.role == .channel, let category = processor.category {
            return Self.channel(processor, category: category, found, context.descriptor)
        }
        guard var found else { return processor.flatMap { Self.wrapperAlone($0, context, views) } }
        if let clash = Self.shortBrandClash(found, context, views.keywords) { return clash }
        if found.brand.flags.contains(.bank) {
            if let bill = Self.cardBill(found, context) { return bill }
            if let money = Self.moneyWithAnInstitution(found, context) { return money }
            found.confidence = Confidence(perMille: 500)  // a bank named in a line is only a hint
        }
        return Self.purchase(found, processor, context, views.keywords)
    }

    /// The brand named by the counterparty's CNPJ root (0.95), else the best brand match in the merchant words.
    static func found(_ context: ResolutionContext, _ brands: BrandNames) -> Found? {
        if let index = context.counterparty.brand {
            return Found(brand: brands[index], confidence: Confidence(perMille: 950),
                         matched: "CNPJ root \(context.counterparty.cnpj?.root ?? "")", location: brands[index].source.description)
        }
        guard let (brand, match) = context.matchedBrand else { return nil }
        return Found(brand: brand, confidence: confidence(of: match.mode), matched: context.descriptor.matchedText(match),
                     location: brand.source.description)
    }

    /// A brand match's confidence by how it matched: whole words 0.9, glued or at a word start 0.85,
    /// completing a truncated descriptor 0.75.
    static func confidence(of mode: PatternTrie.Match.Mode) -> Confidence {
        switch mode {
        case .word: Confidence(perMille: 900)
        case .glued, .prefix: Confidence(perMille: 850)
        case .truncated: Confidence(perMille: 750)
        }
    }

    /// The evidence a wrapper gives: its first printed prefix, where it is listed.
    static func evidence(_ processor: Processor, note: String? = nil) -> Evidence {
        Evidence(matched: processor.prefixes.first ?? processor.name, location: processor.source.description, note: note)
    }

    /// A marketplace is the merchant (a brand named before its prefix when there is one).
    static func marketplace(_ processor: Processor, _ context: ResolutionContext, _ brands: BrandNames) -> Proposal {
        let headBrand = context.descriptor.headBrandMatches.compactMap { brands.brand(entry: $0.entry) }.first
        let category = processor.category ?? headBrand?.category ?? CategoryID.marketplace
        let ambiguous = (headBrand?.flags.contains(.ambiguous) ?? true) && category != CategoryID.marketplace
        let level = Confidence(perMille: ambiguous ? 400 : headBrand == nil ? 650 : 900)
        return Proposal(category: category, confidence: level, basis: .brand,
                        merchant: MerchantCandidate(name: headBrand?.name ?? processor.name, kind: headBrand?.kind ?? .online,
                                                    brandID: headBrand?.id, confidence: Confidence(perMille: 900)),
                        reviewReason: ambiguous ? "\(processor.name) sells everything: the category depends on what was bought" : nil,
                        evidence: evidence(processor, note: context.descriptor.seller.map { "seller \($0)" }))
    }

    /// A channel sets the category; the restaurant stays the merchant (the channel's own name after its
    /// prefix, "IFOOD *IFOOD", makes the channel the merchant).
    static func channel(_ processor: Processor, category: String, _ found: Found?, _ d: Descriptor) -> Proposal {
        let merchant: MerchantCandidate
        if let found {
            merchant = MerchantCandidate(name: found.brand.name, kind: found.brand.kind, brandID: found.brand.id, confidence: found.confidence)
        } else {
            merchant = MerchantCandidate(name: d.cleanedName ?? processor.name, kind: d.cleanedName == nil ? .online : .local,
                                         confidence: Confidence(perMille: 700))
        }
        return Proposal(category: category, confidence: Confidence(perMille: 900), basis: .brand, merchant: merchant,
                        evidence: evidence(processor, note: found.map { "merchant \($0.brand.name) (\($0.brand.source))" }))
    }

    /// A wrapper without a brand after it: a wallet billing for itself ("APPLE.COM/BILL") is the merchant; a
    /// processor serving one trade (Toast: restaurants) hints the category; an ambiguous one without a
    /// document (`MP*`) is flagged.
    static func wrapperAlone(_ processor: Processor, _ context: ResolutionContext, _ views: Views) -> Proposal? {
        if let own = ownProduct(processor, context, views) { return own }
        if processor.billsForItself, let category = processor.category, context.descriptor.cleanedName == nil {
            return Proposal(category: category, confidence: Confidence(perMille: 800), basis: .brand,
                            merchant: MerchantCandidate(name: processor.name, kind: .online, confidence: Confidence(perMille: 800)),
                            evidence: evidence(processor))
        }
        if processor.role == .processor || processor.role == .wallet, let category = processor.category {
            return Proposal(category: category, confidence: Confidence(perMille: 650), basis: .brand,
                            evidence: evidence(processor, note: "\(processor.name) serves one trade"))
        }
        if processor.ambiguous, context.counterparty.cnpj == nil {
            return Proposal(category: nil, confidence: .zero, basis: .brand, reviewReason: ambiguousWrapper(processor), evidence: evidence(processor))
        }
        return nil
    }

    /// A wallet's own product after its prefix (`GOOGLE *CLOUD_02BB66`, `GOOGLE*ADS123`): the brand named by the
    /// wallet's name and the first word after the prefix together ("Google Cloud"), at 0.85 as a prefix match.
    static func ownProduct(_ processor: Processor, _ context: ResolutionContext, _ views: Views) -> Proposal? {
        guard processor.role == .wallet, let word = context.descriptor.cleanedName?.split(separator: " ").first,
              let brand = views.brands.brand(named: "\(processor.name) \(word)"),
              TextFold.fold(brand.name).hasPrefix(TextFold.fold(processor.name)) else { return nil }
        let found = Found(brand: brand, confidence: Confidence(perMille: 850), matched: "\(processor.name) \(word)",
                          location: brand.source.description)
        return purchase(found, processor, context, views.keywords)
    }

    /// Why an ambiguous wrapper without a document is flagged.
    static func ambiguousWrapper(_ processor: Processor) -> String {
        "\(processor.prefixes.first ?? processor.name) without a document: a purchase or a \(processor.name) transfer"
    }

    /// A short brand name, or one completed from a cut word ("PERFUMARIA SOL NASCENTE" is not NASCENTES DAS
    /// GERAIS), beside shop words of another trade ("VIVO BEM FARMACIA", "OI BISTRO") is more
    /// likely part of a shop's name: flagged, below the threshold.
    static func shortBrandClash(_ found: Found, _ context: ResolutionContext, _ keywords: [LineRule]) -> Proposal? {
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
    static func cardBill(_ found: Found, _ context: ResolutionContext) -> Proposal? {
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
    static func moneyWithAnInstitution(_ found: Found, _ context: ResolutionContext) -> Proposal? {
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

    /// A brand's purchase: its category at the match's confidence, lowered for a brand that sells many kinds
    /// of things, flagged after an ambiguous wrapper without a document.
    static func purchase(_ found: Found, _ processor: Processor?, _ context: ResolutionContext, _ keywords: [LineRule]) -> Proposal {
        let brand = found.brand
        let onlineMarketplace = brand.category == CategoryID.marketplace && brand.kind == .online && !context.descriptor.namesATrade(keywords)
        let (confidence, ambiguousBrand) = ambiguity(found.confidence, brand: brand, onlineMarketplace: onlineMarketplace)
        // A brand named after the prefix in six letters or more ("MP*BURGERKING") settles it: a purchase.
        let namesABrand = context.matchedBrand.map { $0.match.length > 5 } ?? false
        let wrapperFlag = processor.flatMap { $0.ambiguous && context.counterparty.cnpj == nil && !namesABrand ? ambiguousWrapper($0) : nil }
        let reviewReason = wrapperFlag ?? ambiguousBrand
        return Proposal(category: brand.category, confidence: confidence, basis: .brand,
                        merchant: MerchantCandidate(name: brand.name, kind: brand.kind, brandID: brand.id, confidence: max(confidence, Confidence(perMille: 750))),
                        reviewReason: reviewReason, evidence: Evidence(matched: found.matched, location: found.location))
    }

    /// A brand that sells many kinds of things: below the threshold and flagged (an MCC, a CNAE or a rule
    /// decides), except an online marketplace with no trade word beside it (a marketplace whatever was
    /// bought there), whose category holds just below a brand's (0.65).
    static func ambiguity(_ confidence: Confidence, brand: Brand, onlineMarketplace: Bool) -> (Confidence, String?) {
        guard brand.flags.contains(.ambiguous) else { return (confidence, nil) }
        if onlineMarketplace { return (min(confidence, Confidence(perMille: 650)), nil) }
        return (Confidence(perMille: 400), "\(brand.name) sells many kinds of things: the category depends on what was bought")
    }
}
