/// Whether a link counts. Certain evidence is applied; weak evidence (a mirrored amount, a racha guess)
/// is only suggested and changes nothing until the holder accepts it.
public enum LinkStatus: String, Sendable, Codable {
    /// Found with evidence strong enough to count (net cost, budgets).
    case applied
    /// Found on weak evidence: listed for review, never counted.
    case suggested
    /// A suggestion the holder accepted: counts like an applied link.
    case accepted
    /// A suggestion the holder rejected: kept so it is not suggested again, never counted.
    case rejected

    /// Whether the link changes net cost and budgets.
    public var counts: Bool { self == .applied || self == .accepted }
}
