/// One category the trade-name model gives a name, with its probability.
public struct TradeNameScore: Equatable, Sendable {
    /// A garden category id (`Rules/taxonomy.tsv`), e.g. `food.restaurants`.
    public let category: String
    /// The model's softmax probability in Q16 fixed point (65,536 = 1), before calibration.
    public let raw: UInt32
    /// The calibrated probability in per mille: the share of hold-out names scored like this whose top answer was
    /// right (isotonic calibration of the top answer, `tools/tradenames/train.py`).
    public let perMille: Int

    public init(category: String, raw: UInt32, perMille: Int) {
        self.category = category
        self.raw = raw
        self.perMille = perMille
    }
}
