import GardenFoundation
import GardenCatalog
import GardenAnalysis
import GardenEngine

/// A channel's wrapper (`IFD*`, `DOORDASH*`, `OPENTABLE*`; `Rules/processors.tsv`, role `channel` with a category):
/// the channel's category at 0.9 whatever was ordered (`IFD*X` is delivery), while the restaurant stays the merchant
/// (its catalog brand when one matched; the channel's own name after its prefix, "IFOOD *IFOOD", makes the channel the
/// merchant).
///
/// One job of the former `brand_catalog` resolver, split from it (issue 34): second in the `brand_catalog` family,
/// printed as `brand_catalog` while the family stands.
public struct ChannelResolver: Resolver {
    public static let description = ResolverDescription(
        id: "channel", stage: .match,
        summary: "A channel's wrapper (Rules/processors.tsv): its category, the merchant kept; 0.9.",
        examples: [
            .init(#"{"description":"Ifd*Restaurante Sabor","amount":-40}"#, category: "food.delivery", merchant: "Restaurante Sabor"),
            .init(#"{"description":"Ifd*Arcos Dourados Com","amount":-32.93}"#, category: "food.delivery", merchant: "McDonald's"),
            .init(#"{"description":"SHOPEE *LOJADOZE","amount":-59.90}"#, category: nil),
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
            guard views.processors[index].role == .channel, let category = views.processors[index].category else { return nil }
            return Self.channel(views.processors[index], category: category, BrandFindings.found(context, views.brands), context.descriptor)
        }
    }

    /// A channel sets the category; the restaurant stays the merchant (the channel's own name after its
    /// prefix, "IFOOD *IFOOD", makes the channel the merchant).
    static func channel(_ processor: Processor, category: String, _ found: BrandFindings.Found?, _ d: Descriptor) -> Proposal {
        let merchant: MerchantCandidate
        if let found {
            merchant = MerchantCandidate(name: found.brand.name, kind: found.brand.kind, brandID: found.brand.id, confidence: found.confidence)
        } else {
            merchant = MerchantCandidate(name: d.cleanedName ?? processor.name, kind: d.cleanedName == nil ? .online : .local,
                                         confidence: Confidence(perMille: 700))
        }
        return Proposal(category: category, confidence: Confidence(perMille: 900), basis: .brand, merchant: merchant,
                        evidence: BrandFindings.evidence(processor, note: found.map { "merchant \($0.brand.name) (\($0.brand.source))" }))
    }
}
