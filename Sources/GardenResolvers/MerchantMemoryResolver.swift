import GardenFoundation
import GardenEngine

/// What the user's corrections taught about this merchant, keyed on its identity (every
/// printed form of it: ``GardenEngine/MerchantIdentity``) and the direction. One consistent correction makes
/// it decide alone (0.95) for every row of that merchant; for a brand that sells everything (Amazon, a
/// marketplace) it takes two, and before that it is evidence below the acceptance threshold (0.55). Corrections
/// that cancel out (0 consistent, or fewer agreeing than disagreeing) propose nothing.
public struct MerchantMemoryResolver: Resolver {
    public static let description = ResolverDescription(
        id: "merchant_memory", stage: .memory,
        summary: "Corrections remembered per merchant identity and direction; 0.95 once consistent, else 0.55.",
        examples: [
            .init(#"{"description":"PADARIA DO ZE","amount":-5}"#, category: nil),
            .init(#"{"description":"PADARIA DO ZE","amount":-5}"#, given: [.memory(category: "food.groceries")], category: "food.groceries"),
            .init(#"{"description":"AMAZON MARKETPLACE","amount":-5}"#, given: [.memory(category: "shopping.electronics")],
                  category: "shopping.electronics"),
        ])

    /// Consistent corrections needed before memory decides alone.
    public var required: Int
    /// Consistent corrections needed for a brand that sells everything.
    public var requiredWhenItSellsEverything: Int

    public init(required: Int = 1, requiredWhenItSellsEverything: Int = 2) {
        self.required = required
        self.requiredWhenItSellsEverything = requiredWhenItSellsEverything
    }

    /// Consistent corrections needed for a merchant.
    public func required(sellsEverything: Bool) -> Int { sellsEverything ? requiredWhenItSellsEverything : required }

    /// Memory is kept per merchant identity.
    public static var readsIdentity: Bool { true }

    public func propose(_ context: ResolutionContext) -> Proposal? {
        guard context.learned.hasMemory else { return nil }
        var found: (String, MerchantMemory)?
        for key in MerchantKey.candidates(context) {
            if let memory = context.learned.memory(merchantKey: key, direction: context.direction) { found = (key, memory); break }
        }
        // Corrections that cancel out (as many disagreeing as agreeing) say nothing about the merchant.
        guard let (key, memory) = found, memory.consistentCorrections > 0 else { return nil }
        let strong = memory.consistentCorrections >= required(sellsEverything: context.identity?.sellsEverything(context.catalog) ?? false)
        // Before enough consistent corrections memory is evidence below the acceptance threshold.
        let confidence = Confidence(perMille: strong ? 950 : 550)
        let merchant = memory.merchant.map { MerchantCandidate(name: $0, kind: .local, confidence: confidence) }
        return Proposal(category: memory.category, confidence: confidence, merchant: merchant,
                        evidence: Evidence(matched: key, location: memory.origin,
                                           note: "\(memory.consistentCorrections) consistent correction(s)"))
    }
}
