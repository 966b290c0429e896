/// A user's correction of one row, as `garden teach` records it.
public struct Correction: Sendable {
    public var rowID: String
    public var category: String
    public var merchant: String?
    public var budget: String?
    /// Merchant memory key (``GardenEngine/MerchantKey``); nil: nothing to remember (a bare wrapper).
    public var merchantKey: String?
    /// "out", "in", or "any" when the row's direction is unknown.
    public var direction: String
    /// Naive-Bayes features of the row.
    public var features: [String]
    /// The words of the name the correction is remembered under (`name:megamate` → mega, mate), kept so printed
    /// variants of it can follow it (``GardenCore/MerchantSimilarity``); nil for other identities.
    public var merchantWords: [String]?

    public init(rowID: String, category: String, merchant: String?, budget: String?, merchantKey: String?, direction: String, features: [String],
                merchantWords: [String]? = nil) {
        self.merchantWords = merchantWords
        self.rowID = rowID
        self.category = category
        self.merchant = merchant
        self.budget = budget
        self.merchantKey = merchantKey
        self.direction = direction
        self.features = features
    }
}
