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
    /// The family the resolver was split from, when it is one of several resolvers that were one (`bank_line`'s
    /// `operation_type`, `public_service`, `bank_line`, `public_body` and `transfer`). The members of a family stand
    /// together in the precedence and the pipeline consults them as one: the first member that proposes stands, the
    /// later ones are not asked (what the one resolver's `a ?? b ?? c` did), and the proposal is printed, decided and
    /// calibrated under the family's id, so the split changes no output. A family is dissolved, one member at a time,
    /// with `garden eval` evidence (issue 34). Nil: the resolver stands alone under its own id.
    public var family: ResolverID?
    /// The ids the resolver's proposals were stored under before it got its own (SwiftLint's `deprecatedAliases`):
    /// a stored row, a review floor or a user's text that names one of them names this resolver too
    /// (`ResolverIDs.successors(of:in:)` and `ResolverIDs.same(stored:now:in:)` in GardenResolvers).
    public var formerly: Set<ResolverID>

    /// - Parameters:
    ///   - family: the family the resolver was split from (``family``); nil for a resolver of its own.
    ///   - formerly: the ids its proposals were stored under before (``formerly``).
    public init(id: ResolverID, stage: Stage, summary: String, examples: [Example], family: ResolverID? = nil,
                formerly: Set<ResolverID> = []) {
        self.id = id
        self.stage = stage
        self.summary = summary
        self.examples = examples
        self.family = family
        self.formerly = formerly
    }

    /// The id the resolver's proposals are printed, decided and calibrated under: its ``family``'s, else its own.
    public var printedID: ResolverID { family ?? id }
}
