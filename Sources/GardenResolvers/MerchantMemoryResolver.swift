import GardenCore

/// Precedence 3: what the user's corrections taught about this merchant (keyed on the unwrapped,
/// normalized merchant and the direction). It decides alone (0.95) after enough consistent corrections;
/// before that it is weaker evidence (0.7).
public struct MerchantMemoryResolver: Resolver {
    public static let description = ResolverDescription(
        id: "merchant_memory", stage: .learn,
        summary: "Corrections remembered per merchant and direction; 0.95 once consistent, else 0.7.",
        examples: [.init(#"{"description":"PADARIA DO ZE","amount":-5}"#, category: nil)])

    /// Consistent corrections needed before memory decides alone.
    public var required: Int

    public init(required: Int = 2) { self.required = required }

    public func propose(_ context: ResolutionContext) -> Proposal? {
        guard let key = MerchantKey.of(context), let memory = context.learned.memory(merchantKey: key, direction: context.direction) else { return nil }
        let strong = memory.consistentCorrections >= required
        let confidence = Confidence(perMille: strong ? 950 : 700)
        let merchant = memory.merchant.map { MerchantCandidate(name: $0, kind: .local, confidence: confidence) }
        return Proposal(category: memory.category, confidence: confidence, merchant: merchant,
                        evidence: Evidence(matched: key, source: memory.origin,
                                           note: "\(memory.consistentCorrections) consistent correction(s)"))
    }
}
