import GardenFoundation
import GardenEngine

/// A multinomial naive-Bayes model trained on the user's own corrections. It proposes only
/// when its posterior reaches the threshold at which its answers on held-out corrections kept 95 %
/// precision (leave-one-out, ``NaiveBayesCalibration``), and never below the acceptance threshold; it
/// sits after every catalog stage, so it never overrides their confident decisions, and abstains where a
/// trade head noun decides (``KeywordResolver/decides(_:)``), though the keywords come after it.
public struct NaiveBayesResolver: Resolver {
    public static let description = ResolverDescription(
        id: "naive_bayes", stage: .learn,
        summary: "Naive Bayes over the user's corrections; proposes above its leave-one-out 95 %-precision threshold.",
        examples: [
            .init(#"{"description":"LOJA QUALQUER 123"}"#, category: nil),
            .init(#"{"description":"LOJA QUALQUER 123"}"#, given: [.model(category: "shopping.pets", posterior: 0.9, threshold: 0.8)],
                  category: "shopping.pets"),
            .init(#"{"description":"LOJA QUALQUER 123"}"#, given: [.model(category: "shopping.pets", posterior: 0.7, threshold: 0.8)], category: nil),
            .init(#"{"description":"AMAZON MARKETPLACE"}"#, given: [.model(category: "shopping.pets", posterior: 0.9, threshold: 0.8)], category: nil),
            .init(#"{"description":"DROGARIA QUALQUER"}"#, given: [.model(category: "shopping.pets", posterior: 0.9, threshold: 0.8)], category: nil),
        ])

    public var abstainBelow: Confidence

    public init(abstainBelow: Confidence = Confidence(perMille: 600)) { self.abstainBelow = abstainBelow }

    public func propose(_ context: ResolutionContext) -> Proposal? {
        guard context.learned.hasModel, let calibrated = context.learned.naiveBayesThreshold else { return nil }
        // A brand that sells everything is decided per merchant by memory and rules, not by likeness.
        if let (brand, _) = context.matchedBrand, brand.flags.contains(.ambiguous) || brand.flags.contains(.marketplace) { return nil }
        // A trade head noun the data holds decides the row (later in the order, but a firmer source).
        if KeywordResolver.decides(context) { return nil }
        guard let top = context.learned.prediction(features: FeatureExtractor.features(context)), top.probability > calibrated else { return nil }
        let confidence = Confidence(perMille: Int((top.probability * 1000).rounded(.down)))
        guard confidence >= abstainBelow else { return nil }
        return Proposal(category: top.category, confidence: confidence,
                        evidence: Evidence(matched: top.topFeatures.joined(separator: " "), location: "naive_bayes model",
                                           note: "posterior above the calibrated threshold \(Confidence(perMille: Int((calibrated * 1000).rounded(.down))))"))
    }
}
