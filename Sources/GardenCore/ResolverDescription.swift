/// A resolver describing itself: its id (used in output `source` and traces), its stage, what it
/// does, and examples that run as tests (every registered resolver's examples are checked).
public struct ResolverDescription: Sendable {
    /// The pipeline stage a resolver belongs to; stages run in this order.
    public enum Stage: String, Sendable {
        /// Set by hand or by the user's rules.
        case override
        /// Learned from the user's corrections.
        case learn
        /// Matched against the catalog and code maps.
        case match
        /// Weak heuristics, the floor.
        case heuristic
    }

    /// An input row (a JSON line) and what the resolver must propose for it; `category` nil means
    /// the resolver must not propose a category for that row.
    public struct Example: Sendable {
        public var row: String
        public var category: String?
        public var merchant: String?

        public init(_ row: String, category: String?, merchant: String? = nil) {
            self.row = row
            self.category = category
            self.merchant = merchant
        }
    }

    public var id: String
    public var stage: Stage
    public var summary: String
    public var examples: [Example]

    public init(id: String, stage: Stage, summary: String, examples: [Example]) {
        self.id = id
        self.stage = stage
        self.summary = summary
        self.examples = examples
    }
}
