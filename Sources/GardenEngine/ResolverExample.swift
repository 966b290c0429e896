extension ResolverDescription {
    /// An input row (a JSON line), the scene it is resolved in, and what the resolver must propose for
    /// it; `category` nil means the resolver must not propose a category for that row. Every registered
    /// resolver's examples run as tests (`ResolverExamplesTests`).
    public struct Example: Sendable {
        /// What the user set or taught before the row is resolved, so the stateful resolvers have
        /// positive examples too.
        public enum Given: Sendable, Hashable {
            /// A line of the user's rules (the rule language of `garden rules add`).
            case rule(String)
            /// Merchant memory of the row's merchant: `category` taught `corrections` consistent times.
            case memory(category: String, corrections: Int = 1)
            /// A manual override of this very row (`garden teach --id`).
            case override(category: String)
            /// The naive-Bayes model's answer for the row: `category` at `posterior`, above its calibrated
            /// 95 %-precision `threshold`.
            case model(category: String, posterior: Double, threshold: Double)
        }

        public var row: String
        public var category: String?
        public var merchant: String?
        public var given: [Given]

        public init(_ row: String, given: [Given] = [], category: String?, merchant: String? = nil) {
            self.row = row
            self.category = category
            self.merchant = merchant
            self.given = given
        }

        /// The user rules of the scene, one per line.
        public var rules: String { given.compactMap { if case .rule(let line) = $0 { line } else { nil } }.joined(separator: "\n") }
    }
}
