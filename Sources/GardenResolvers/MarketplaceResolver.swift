import GardenFoundation
import GardenCatalog
import GardenAnalysis
import GardenEngine

/// A marketplace's wrapper (`SHOPEE *SELLER`, `MERCADOLIVRE*…`; `Rules/processors.tsv`, role `marketplace`): the
/// marketplace is the merchant (a brand named before its prefix when there is one), the seller is recorded; its
/// category at 0.65 (0.9 with a brand before the prefix, 0.4 and flagged where that brand sells everything).
///
/// One job of the former `brand_catalog` resolver, split from it (issue 34): the first of the `brand_catalog`
/// family, printed as `brand_catalog` while the family stands.
public struct MarketplaceResolver: Resolver {
    public static let description = ResolverDescription(
        id: "marketplace", stage: .match,
        summary: "A marketplace's wrapper (Rules/processors.tsv): the marketplace is the merchant; 0.65, 0.9 with a brand.",
        examples: [
            .init(#"{"description":"SHOPEE *LOJADOZE","amount":-59.90}"#, category: "shopping.marketplace", merchant: "Shopee"),
            .init(#"{"description":"Ifd*Restaurante Sabor","amount":-40}"#, category: nil),
        ],
        family: .brandCatalog, formerly: [.brandCatalog])

    private var views: BrandFindings.Views?

    public init() {}

    public static let reads: [any KnowledgeRead] = [Shipped.brandNames, Shipped.processors]

    public func taking(_ knowledge: KnowledgeViews) -> Self {
        var bound = self
        bound.views = .taking(knowledge, keywords: false)
        return bound
    }

    public func propose(_ context: ResolutionContext) -> Proposal? {
        guard let index = context.descriptor.processor, let views = views.map(Unmanaged.passUnretained) else { return nil }
        // The views lent to the row's call without a retain: this resolver holds them for the call.
        return views._withUnsafeGuaranteedRef { views in
            guard views.processors[index].role == .marketplace else { return nil }
            return Self.marketplace(views.processors[index], context, views.brands)
        }
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
                        evidence: BrandFindings.evidence(processor, note: context.descriptor.seller.map { "seller \($0)" }))
    }
}
