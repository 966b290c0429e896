import GardenFoundation

/// What the links found so far in a run (and the kept ones) already claim, so later matchers do not
/// claim it again: secondary rows of exclusive links, rows in transfer pairs, and how much of each
/// purchase is already refunded or reimbursed (minor units).
public struct LinkState: Sendable {
    /// Rows that are the secondary side of an exclusive link (a refund credit, an IOF line, a racha Pix).
    public private(set) var taken: Set<String> = []
    /// Rows in a transfer pair (either side): out of spending, never a purchase or a credit.
    public private(set) var paired: Set<String> = []
    /// Purchases with an IOF line already linked.
    public private(set) var taxed: Set<String> = []
    /// Credits (refunds and reimbursements, suggested ones included) already set against each purchase.
    public private(set) var credited: [String: Int64] = [:]

    public init(kept: [Link] = []) {
        for link in kept where link.status != .rejected { claim(link) }
    }

    /// Records what `link` claims.
    public mutating func claim(_ link: Link) {
        switch link.kind {
        case .transferPair:
            paired.formUnion(link.rows)
        case .fee:
            taken.formUnion(link.secondaries)
            taxed.insert(link.primary)
        case .refund, .reimbursement:
            taken.formUnion(link.secondaries)
            credited[link.primary] = Money.saturating(credited[link.primary] ?? 0, link.secondaries.count == 1 ? max(0, link.effect) : 0)
        case .installmentPlan, .recurring:
            break
        }
    }

    /// Whether a row is free to be a transfer side, a credit or an IOF line.
    public func isFree(_ rowID: String) -> Bool { !taken.contains(rowID) && !paired.contains(rowID) }
}
