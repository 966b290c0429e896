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
