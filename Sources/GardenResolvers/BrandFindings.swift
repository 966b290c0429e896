import GardenFoundation
import GardenCatalog
import GardenAnalysis
import GardenEngine
import GardenImage

/// What the resolvers of the `brand_catalog` family share (``MarketplaceResolver``, ``ChannelResolver``,
/// ``BrandCatalogResolver``, ``WrapperResolver``): their views, the brand found for a row and how it matched, a
/// wrapper's evidence, and a brand's purchase. No resolver calls another: they call these.
enum BrandFindings {
    /// What the resolvers of the `brand_catalog` family read of the shipped knowledge (their views), taken when the
    /// pipeline is built. A class: a row's call reads it through one reference (a struct of tables was copied, each of
    /// its buffers retained and released, for each row).
    final class Views: Sendable {
        /// The brands (`Brands/*.tsv`): by index, by an automaton entry, by a wallet's product name.
        let brands: BrandNames
        /// The processors, channels and marketplaces (`Rules/processors.tsv`) the row's wrapper indexes.
        let processors: [Processor]
        /// The keyword and trade-word rules the row's keyword matches index (a shop's words beside a short brand);
        /// empty for a resolver that does not read them.
        let keywords: [LineRule]

        init(brands: BrandNames, processors: [Processor], keywords: [LineRule] = []) {
            (self.brands, self.processors, self.keywords) = (brands, processors, keywords)
        }

        /// The views a family member that reads the brands and the processors (and, when `keywords`, the trade words) takes.
        static func taking(_ knowledge: KnowledgeViews, keywords: Bool) -> Views {
            Views(brands: knowledge.view(Shipped.brandNames), processors: knowledge.view(Shipped.processors),
                  keywords: keywords ? knowledge.view(Shipped.keywords) : [])
        }
    }
    /// A brand found for the row, with the confidence its match gives and where it was found.
    struct Found {
        var brand: Brand
        var confidence: Confidence
        var matched: String
        var location: String
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

    /// Why an ambiguous wrapper without a document is flagged.
    static func ambiguousWrapper(_ processor: Processor) -> String {
        "\(processor.prefixes.first ?? processor.name) without a document: a purchase or a \(processor.name) transfer"
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
