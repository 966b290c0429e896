/// A resolver describing itself: its id (used in output `source` and traces), its stage, what it
/// does, and examples that run as tests (every registered resolver's examples are checked).
public struct ResolverDescription: Sendable {
    /// The stage a resolver belongs to. The precedence (``Precedence``) lists resolvers in stage order:
    /// what the user set by hand, what they taught about a merchant, the payment wrapper unwrapped, the
    /// catalogs and code maps, the model learned from corrections, then the weak heuristics. A list
    /// whose stage goes backwards is a programming error (``Precedence/problems(_:)``).
    public enum Stage: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
        /// Set by hand: a manual override, the user's rules.
        case override
        /// Remembered from the user's corrections of the same merchant.
        case memory
        /// The payment wrapper before the merchant (`PAG*`, `IFD*`, `SHOPEE *`): merchant evidence only.
        case unwrap
        /// Matched against the catalog, the registry and code maps.
        case match
        /// Learned from the user's corrections (a model over words).
        case learn
        /// Weak heuristics, the floor.
        case fallback

        public static func < (a: Stage, b: Stage) -> Bool { a.rawValue < b.rawValue }

        public var description: String {
            switch self {
            case .override: "override"
            case .memory: "memory"
            case .unwrap: "unwrap"
            case .match: "match"
            case .learn: "learn"
            case .fallback: "fallback"
            }
        }
    }

    public var id: ResolverID
    public var stage: Stage
    public var summary: String
    public var examples: [Example]

    public init(id: ResolverID, stage: Stage, summary: String, examples: [Example]) {
        self.id = id
        self.stage = stage
        self.summary = summary
        self.examples = examples
    }
}
