import GardenFoundation
import GardenCatalog
import GardenEngine

/// The aggregator's own category as a hint: Pluggy categories by id or by name
/// (`Rules/pluggy.tsv`) and Plaid personal finance categories (`Rules/plaid.tsv`).
public struct ProviderCategoryResolver: Resolver {
    public static let description = ResolverDescription(
        id: "provider_category", stage: .match,
        summary: "Pluggy / Plaid category → category (Rules/pluggy.tsv, Rules/plaid.tsv); confidence 0.7.",
        examples: [
            .init(#"{"description":"ABC","provider_category":"11020000","amount":-40}"#, category: "food.delivery"),
            .init(#"{"description":"ABC","provider_category":"Food delivery","amount":-40}"#, category: "food.delivery"),
            .init(#"{"description":"ABC","provider_category":"FOOD_AND_DRINK_GROCERIES","amount":-40}"#, category: "food.groceries"),
            .init(#"{"description":"ABC","amount":-40}"#, category: nil),
        ])

    /// The provider category maps (`Rules/pluggy.tsv`, `Rules/plaid.tsv`), taken when the pipeline is built.
    private var maps: ProviderCategoryMap?

    public init() {}

    public static let reads: [any KnowledgeRead] = [Shipped.providerCategories]

    public func taking(_ knowledge: KnowledgeViews) -> Self { var bound = self; bound.maps = knowledge.view(Shipped.providerCategories); return bound }

    public func propose(_ context: ResolutionContext) -> Proposal? {
        let t = context.transaction
        guard t.providerCategoryID != nil || t.providerCategoryName != nil,
              let hit = maps?.lookup(id: t.providerCategoryID, name: t.providerCategoryName) else { return nil }
        return Proposal(category: hit.category, confidence: Confidence(perMille: 700), basis: .statedCode,
                        evidence: Evidence(matched: "provider category \(t.providerCategoryID ?? t.providerCategoryName ?? "")",
                                           location: hit.source.description, note: hit.label))
    }
}
