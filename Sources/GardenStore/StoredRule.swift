/// A user rule kept in the store: id `r<N>`, its text in the rule format, who made it and when.
public struct StoredRule: Sendable, Equatable {
    public var id: Int64
    public var text: String
    /// `taught` (from a correction), `added` (`garden rules add`) or `imported FILE`.
    public var origin: String
    public var createdAt: String

    /// The id rules are known by in traces and explain: `r12`.
    public var ruleID: String { "r\(id)" }
}

/// The rule a correction taught (`teach --apply`): added now, or a stored rule that already said the same
/// (teaching the same correction again adds no second copy, which `rules lint` would call a duplicate).
public enum TaughtRule: Sendable, Equatable {
    case added(StoredRule)
    case alreadyStored(StoredRule)

    /// The stored rule either way.
    public var rule: StoredRule {
        switch self {
        case .added(let rule), .alreadyStored(let rule): rule
        }
    }
}
