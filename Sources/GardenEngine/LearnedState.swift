import GardenFoundation

/// What garden has learned from the user (manual overrides, merchant memory, the naive-Bayes model),
/// as the resolvers read it. The SQLite store implements it; without a store, ``EmptyLearnedState``.
public protocol LearnedState: Sendable {
    /// The manual override of a row, by `row_id`.
    func override(rowID: String) -> ManualOverride?
    /// Corrections remembered for a merchant key (the unwrapped, normalized merchant) and direction.
    func memory(merchantKey: String, direction: Direction?) -> MerchantMemory?
    /// The naive-Bayes model's best categories for a row's features, most probable first.
    func classify(features: [String]) -> [(category: String, probability: Double, topFeatures: [String])]
    /// Whether a counterparty (name, document as printed: CPF masked or whole, CNPJ) is the holder.
    func isAccountHolder(name: String?, document: String?) -> Bool
    /// Whether the naive-Bayes model has learned anything (resolvers skip feature extraction otherwise).
    var hasModel: Bool { get }
    /// The naive-Bayes model's answer for a row's features, or nil when it abstains
    /// (``NaiveBayesModel/prediction(features:heldOut:)``).
    func prediction(features: [String]) -> (category: String, probability: Double, topFeatures: [String])?
    /// The posterior above which the model's answers held 95 % precision on the user's own corrections
    /// (``NaiveBayesCalibration``); nil: no such threshold yet, the model abstains.
    var naiveBayesThreshold: Double? { get }
    /// Whether any merchant memory (or a refund link, ``refundedPurchase(rowID:)``) exists (resolvers skip building keys
    /// otherwise).
    var hasMemory: Bool { get }
    /// The one remembered merchant key that begins with `prefix` and is longer (a name a bank cut at its column
    /// limit, `name:supermercadobompre` → `name:supermercadobompreco`), or nil when none or several do.
    func memoryKey(completing prefix: String) -> String?
    /// The identity a printed form's key is one merchant with (``MerchantFollowing/following(_:)``): the user's merge,
    /// else the one remembered name alike enough; nil when none.
    /// `words`: a name's words (``MerchantIdentity/Basis/name(words:phrase:)``), nil for other identities.
    func merchantKey(following key: String, words: [String]?) -> String?
    /// Whose account `account` is, where the store knows several people's accounts (`garden me add --name N --account
    /// A` for two names or more: a couple, a small business sharing one store): the holder's key
    /// (``UserRule/holderKey(_:)``); nil when the store knows one holder or none, or not this account. Memory and the
    /// rules `teach` proposes are then kept per holder (issue 37: one person's correction never moves another's rows).
    func holder(account: String?) -> String?
    /// The purchase a credit row refunds, as `garden link` paired them (the same merchant's money back, or a reversal of
    /// exactly the purchase's amount on its account within the month): the purchase's row id and its category now; nil
    /// when no refund link holds the row (issue 37: a reversal follows its purchase, merchant taught or not).
    func refundedPurchase(rowID: String) -> (rowID: String, category: String)?
}

extension LearnedState {
    /// Nothing follows anything without a store.
    public func merchantKey(following key: String, words: [String]?) -> String? { nil }
    /// No holders without a store.
    public func holder(account: String?) -> String? { nil }
    /// No links without a store.
    public func refundedPurchase(rowID: String) -> (rowID: String, category: String)? { nil }
}

/// A category (and optionally merchant and budget) a person set on one row by hand.
public struct ManualOverride: Sendable, Hashable {
    public var category: String?
    public var merchant: String?
    public var budget: String?
    /// Who set it and when, for `explain`.
    public var origin: String

    public init(category: String?, merchant: String?, budget: String?, origin: String) {
        self.category = category
        self.merchant = merchant
        self.budget = budget
        self.origin = origin
    }
}

/// What corrections say about a merchant: the category most often taught, how many consistent
/// corrections back it, and the merchant name taught.
public struct MerchantMemory: Sendable, Hashable {
    public var category: String
    public var merchant: String?
    public var consistentCorrections: Int
    public var origin: String

    public init(category: String, merchant: String?, consistentCorrections: Int, origin: String) {
        self.category = category
        self.merchant = merchant
        self.consistentCorrections = consistentCorrections
        self.origin = origin
    }
}

/// No learned state: garden as shipped.
public struct EmptyLearnedState: LearnedState {
    public init() {}
    public func override(rowID: String) -> ManualOverride? { nil }
    public func memory(merchantKey: String, direction: Direction?) -> MerchantMemory? { nil }
    public func classify(features: [String]) -> [(category: String, probability: Double, topFeatures: [String])] { [] }
    public func isAccountHolder(name: String?, document: String?) -> Bool { false }
    public var hasModel: Bool { false }
    public func prediction(features: [String]) -> (category: String, probability: Double, topFeatures: [String])? { nil }
    public var naiveBayesThreshold: Double? { nil }
    public var hasMemory: Bool { false }
    public func memoryKey(completing prefix: String) -> String? { nil }
}
