import GardenEngine

/// A category (and merchant, budget) a person set on this very row (`garden teach`).
public struct ManualOverrideResolver: Resolver {
    public static let description = ResolverDescription(
        id: .manualOverride, stage: .override,
        summary: "The category set by hand on this row (garden teach); confidence 1.0.",
        examples: [
            .init(#"{"id":"x1","description":"PADARIA"}"#, category: nil),
            .init(#"{"id":"x1","description":"PADARIA"}"#, given: [.override(category: "food.groceries")], category: "food.groceries"),
        ])

    public init() {}

    public func propose(_ context: ResolutionContext) -> Proposal? {
        guard let set = context.learned.override(rowID: context.rowID) else { return nil }
        let merchant = set.merchant.map { MerchantCandidate(name: $0, kind: .local, confidence: .certain) }
        return Proposal(category: set.category, confidence: .certain, merchant: merchant, budget: set.budget, review: false,
                        evidence: Evidence(matched: "row \(context.rowID)", location: set.origin))
    }
}
