import GardenFoundation
import GardenCatalog
import GardenEngine

/// The merchant category code (ISO 18245) → category, from `Rules/mcc.tsv` (all 981 codes).
public struct MCCResolver: Resolver {
    public static let description = ResolverDescription(
        id: "mcc", stage: .match,
        summary: "MCC → category (Rules/mcc.tsv, 981 codes); confidence 0.8.",
        examples: [
            .init(#"{"description":"JOES PLACE","mcc":"5812","amount":-30}"#, category: "food.restaurants"),
            .init(#"{"description":"SHELL 123","mcc":5541,"amount":-30}"#, category: "transport.fuel"),
            .init(#"{"description":"JOES PLACE","amount":-30}"#, category: nil),
        ])

    /// The MCC table (`Rules/mcc.tsv`), taken when the pipeline is built.
    private var mcc: MCCMap?

    public init() {}

    public static let reads: [any KnowledgeRead] = [Shipped.mcc]

    public func taking(_ knowledge: KnowledgeViews) -> Self { var bound = self; bound.mcc = knowledge.view(Shipped.mcc); return bound }

    public func propose(_ context: ResolutionContext) -> Proposal? {
        guard let code = context.transaction.mcc, let hit = mcc?[code] else { return nil }
        return Proposal(category: hit.category, confidence: Confidence(perMille: 800), basis: .statedCode,
                        evidence: Evidence(matched: "mcc \(hit.code)", location: hit.source.description, note: hit.label))
    }
}
