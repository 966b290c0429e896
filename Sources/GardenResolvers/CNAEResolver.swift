import GardenFoundation
import GardenCatalog
import GardenEngine

/// The merchant's CNAE 2.3 activity code (IBGE/CONCLA) → category by longest prefix
/// (`CNAE/categories.tsv`: `4789004` before `47890`, `478`, `47`, section `G`).
public struct CNAEResolver: Resolver {
    public static let description = ResolverDescription(
        id: "cnae", stage: .match,
        summary: "CNAE 2.3 → category by longest prefix (CNAE/categories.tsv); confidence 0.85.",
        examples: [
            .init(#"{"description":"PET FELIZ","cnae":"4789-0/04","amount":-50}"#, category: "shopping.pets"),
            .init(#"{"description":"DROGARIA X","cnae":"4771701","amount":-50}"#, category: "health.pharmacy"),
            .init(#"{"description":"DROGARIA X","amount":-50}"#, category: nil),
        ])

    /// The CNAE tree and its category map (`CNAE/*.tsv`), taken when the pipeline is built.
    private var cnae: CNAEMap?

    public init() {}

    public static let reads: [any KnowledgeRead] = [Shipped.cnae]

    public func taking(_ knowledge: KnowledgeViews) -> Self { var bound = self; bound.cnae = knowledge.view(Shipped.cnae); return bound }

    public func propose(_ context: ResolutionContext) -> Proposal? {
        guard let code = context.transaction.cnae, let hit = cnae?.lookup(code) else { return nil }
        return Proposal(category: hit.category, confidence: Confidence(perMille: 850), basis: .statedCode,
                        evidence: Evidence(matched: "cnae \(code) → \(hit.code)", location: hit.source.description, note: hit.label))
    }
}
