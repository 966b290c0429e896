import GardenFoundation

/// Which proposal gives a row its category: the first, in precedence order, whose confidence reaches
/// the acceptance threshold; when none does, the most confident (ties go to precedence), below the
/// threshold (the row is then flagged). Proposals without a category take no part.
public struct CategoryChoice: Sendable, Hashable {
    /// Position of the chosen proposal in the precedence.
    public var index: Int
    /// Whether it was chosen only as the most confident, below the threshold.
    public var belowThreshold: Bool

    public init(index: Int, belowThreshold: Bool) {
        self.index = index
        self.belowThreshold = belowThreshold
    }

    /// The choice among `confidences` (one per resolver in precedence order; nil for a resolver that
    /// proposed no category), or nil when no resolver proposed one.
    public static func choose<C: Collection>(_ confidences: C, threshold: Confidence) -> CategoryChoice?
    where C.Element == Confidence? {
        var best: (index: Int, confidence: Confidence)?
        for (index, confidence) in confidences.enumerated() {
            guard let confidence else { continue }
            if confidence >= threshold { return CategoryChoice(index: index, belowThreshold: false) }
            if best == nil || confidence > best!.confidence { best = (index, confidence) }
        }
        return best.map { CategoryChoice(index: $0.index, belowThreshold: true) }
    }
}
