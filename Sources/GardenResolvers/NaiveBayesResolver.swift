import GardenCore

/// Precedence 9: a multinomial naive-Bayes model trained on the user's own corrections; its confidence
/// is the posterior probability, and it abstains below the acceptance threshold.
public struct NaiveBayesResolver: Resolver {
    public static let description = ResolverDescription(
        id: "naive_bayes", stage: .learn,
        summary: "Naive Bayes over the user's corrections; confidence = posterior; abstains below 0.6.",
        examples: [.init(#"{"description":"LOJA QUALQUER 123"}"#, category: nil)])

    public var abstainBelow: Confidence

    public init(abstainBelow: Confidence = Confidence(perMille: 600)) { self.abstainBelow = abstainBelow }

    public func propose(_ context: ResolutionContext) -> Proposal? {
        guard context.learned.hasModel else { return nil }
        let features = FeatureExtractor.features(context)
        let ranked = context.learned.classify(features: features)
        // A model of one category is certain of everything; and a posterior with no word of this row
        // seen under the winning category is only its prior speaking.
        guard ranked.count >= 2, let top = ranked.first, top.topFeatures.contains(where: { $0.hasPrefix("w:") }),
              context.learned.corrections(of: top.category) >= 2 else { return nil }
        // A brand that sells everything is decided per descriptor by memory and rules, not by likeness.
        if let (brand, _) = context.matchedBrand, brand.flags.contains(.ambiguous) || brand.flags.contains(.marketplace) { return nil }
        let confidence = Confidence(perMille: Int((top.probability * 1000).rounded(.down)))
        guard confidence >= abstainBelow else { return nil }
        return Proposal(category: top.category, confidence: confidence,
                        evidence: Evidence(matched: top.topFeatures.joined(separator: " "), source: "naive_bayes model"))
    }
}
