import GardenCore

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

    public init() {}

    /// Words a card-bill payment line may carry besides the issuer's name.
    static let billWords: Set<String> = ["credit", "card", "crd", "cartao", "credito", "fatura", "pmt", "payment", "ach", "epay",
                                         "epayment", "autopay", "online", "web", "ppd", "des", "pagamento", "pagto", "bill", "thank", "you", "creditcard",
                                         "crcardpmt", "boleto", "pag", "pgto", "pymt"]

    public func propose(_ context: ResolutionContext) -> Proposal? {
        let catalog = context.catalog
        let d = context.descriptor
        let processor = d.processor.map { catalog.processors[$0] }
        var brand: Brand?
        var confidence = Confidence(perMille: 900)
        var matched = ""
        var source = ""
        if let index = context.counterparty.brand {
            brand = catalog.brands[index]
            confidence = Confidence(perMille: 950)
            matched = "CNPJ root \(context.counterparty.cnpj?.root ?? "")"
            source = catalog.brands[index].source.description
        } else if let (found, match) = context.matchedBrand {
            brand = found
            matched = d.matchedText(match)
            source = found.source.description
            switch match.mode {
            case .word: confidence = Confidence(perMille: 900)
            case .glued, .prefix: confidence = Confidence(perMille: 850)
            case .truncated: confidence = Confidence(perMille: 750)
            }
        }
        // Marketplace: the marketplace is the merchant.
        if let processor, processor.role == .marketplace {
            let headBrand = d.headBrandMatches.compactMap { match -> Brand? in
                if case .brand(let index) = catalog.entries[match.entry] { return catalog.brands[index] }
                return nil
            }.first
            let category = processor.category ?? headBrand?.category ?? "shopping.marketplace"
            let ambiguous = (headBrand?.flags.contains(.ambiguous) ?? true) && category != "shopping.marketplace"
            let level = Confidence(perMille: ambiguous ? 400 : headBrand == nil ? 650 : 900)
            return Proposal(category: category, confidence: level,
                            merchant: MerchantCandidate(name: headBrand?.name ?? processor.name, kind: headBrand?.kind ?? .online,
                                                        brandID: headBrand?.id, confidence: Confidence(perMille: 900)),
                            reviewReason: ambiguous ? "\(processor.name) sells everything: the category depends on what was bought" : nil,
                            evidence: Evidence(matched: processor.prefixes.first ?? processor.name, source: processor.source.description,
                                               note: d.seller.map { "seller \($0)" }))
        }
        // Channel: sets the category, the restaurant stays the merchant.
        if let processor, processor.role == .channel, let category = processor.category {
            let merchant: MerchantCandidate
            if let brand {
                // The channel's own name after its prefix ("IFOOD *IFOOD") makes the channel the merchant.
                merchant = MerchantCandidate(name: brand.name, kind: brand.kind, brandID: brand.id, confidence: confidence)
            } else {
                merchant = MerchantCandidate(name: d.cleanedName ?? processor.name, kind: d.cleanedName == nil ? .online : .local,
                                             confidence: Confidence(perMille: 700))
            }
            return Proposal(category: category, confidence: Confidence(perMille: 900), merchant: merchant,
                            evidence: Evidence(matched: processor.prefixes.first ?? processor.name, source: processor.source.description,
                                               note: brand.map { "merchant \($0.name) (\($0.source))" }))
        }
        guard let brand else {
            // A wallet billing for itself with nothing after it ("APPLE.COM/BILL"): it is the merchant.
            if let processor, processor.role == .wallet, let category = processor.category, d.cleanedName == nil {
                return Proposal(category: category, confidence: Confidence(perMille: 800),
                                merchant: MerchantCandidate(name: processor.name, kind: .online, confidence: Confidence(perMille: 800)),
                                evidence: Evidence(matched: processor.prefixes.first ?? processor.name, source: processor.source.description))
            }
            // A processor serving one trade (Toast: restaurants; Zig: bars and events) hints the category.
            if let processor, processor.role == .processor || processor.role == .wallet, let category = processor.category {
                return Proposal(category: category, confidence: Confidence(perMille: 650),
                                evidence: Evidence(matched: processor.prefixes.first ?? processor.name, source: processor.source.description,
                                                   note: "\(processor.name) serves one trade"))
            }
            if let processor, processor.ambiguous, context.counterparty.cnpj == nil {
                return Proposal(category: nil, confidence: .zero,
                                reviewReason: "\(processor.prefixes.first ?? processor.name) without a document: a purchase or a \(processor.name) transfer",
                                evidence: Evidence(matched: processor.prefixes.first ?? processor.name, source: processor.source.description))
            }
            return nil
        }
        var reviewReason: String?
        // A short brand name beside shop words of another trade ("VIVO BEM FARMACIA", "OI BISTRO") is
        // more likely part of a shop's name: flagged, below the threshold.
        if let (_, match) = context.matchedBrand, match.length <= 5, context.counterparty.brand == nil {
            let group = String(brand.category.split(separator: ".").first ?? "")
            let clash = d.keywordMatches.contains { entry in
                !context.catalog.keywords[entry.rule].suggestion && !Taxonomy.id(context.catalog.keywords[entry.rule].category, isWithin: group) && !matched.contains(entry.text)
            }
            if clash {
                return Proposal(category: brand.category, confidence: Confidence(perMille: 450),
                                merchant: MerchantCandidate(name: d.cleanedName ?? brand.name, kind: .local, confidence: Confidence(perMille: 550)),
                                reviewReason: "\"\(matched)\" may be part of a shop's name (\(brand.name)?)",
                                evidence: Evidence(matched: matched, source: source, note: "short brand name beside other trade words"))
            }
        }
        if brand.flags.contains(.bank) {
            // A bank or card issuer named in a line: paying it is a card bill; anything else is only a hint.
            let words = " " + String(decoding: d.text.folded, as: UTF8.self) + " "
            let payment = [" pmt ", " payment ", " pagamento ", " pagto ", " pgto ", " pag ", " boleto ", " epay ", " epayment ", " autopay ", " fatura ", " pymt ", " creditcard ", " crcardpmt "].contains { words.contains($0) }
            // "Pagamento PicPay - Bar do Mané" pays the bar through the wallet: another name is left over.
            let brandWords = Set(matched.split(separator: " "))
            let leftover = d.normalized.split(separator: " ").filter { !brandWords.contains($0) && $0.count >= 3 && !Self.billWords.contains(String($0)) }
            if payment && context.direction != .in && leftover.isEmpty {
                return Proposal(category: "transfer.card_payment", confidence: Confidence(perMille: 750),
                                merchant: MerchantCandidate(name: brand.name, kind: brand.kind, brandID: brand.id, confidence: confidence),
                                flow: .transfer, evidence: Evidence(matched: matched, source: source, note: "a payment to a bank or card issuer"))
            }
            confidence = Confidence(perMille: 500)
        }
        // An online marketplace is a marketplace whatever was bought there; a chain with stores and a marketplace
        // (Americanas, Walmart) sells many kinds of things in its stores.
        // A trade word beside it says what was bought there ("AMAZON CAFE KIOSK"): then the brand stays below.
        let onlineMarketplace = brand.category == "shopping.marketplace" && brand.kind == .online && !d.namesATrade(context.catalog)
        if brand.flags.contains(.ambiguous) && !onlineMarketplace {
            // Below the threshold: an MCC, a CNAE or a rule decides; without them the row is flagged.
            confidence = Confidence(perMille: 400)
            reviewReason = "\(brand.name) sells many kinds of things: the category depends on what was bought"
        } else if brand.flags.contains(.ambiguous) {
            // The category holds, just below a brand's.
            confidence = min(confidence, Confidence(perMille: 650))
        }
        // A brand named after the prefix in six letters or more ("MP*BURGERKING") settles it: a purchase.
        let namesABrand = context.matchedBrand.map { $0.match.length > 5 } ?? false
        if let processor, processor.ambiguous, context.counterparty.cnpj == nil, !namesABrand {
            reviewReason = "\(processor.prefixes.first ?? processor.name) without a document: a purchase or a \(processor.name) transfer"
        }
        return Proposal(category: brand.category, confidence: confidence,
                        merchant: MerchantCandidate(name: brand.name, kind: brand.kind, brandID: brand.id, confidence: max(confidence, Confidence(perMille: 750))),
                        reviewReason: reviewReason, evidence: Evidence(matched: matched, source: source))
    }
}
