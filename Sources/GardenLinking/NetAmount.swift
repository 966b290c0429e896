import GardenFoundation

/// A row's net amount (§6): its amount plus what its counting links add — refunds and accepted
/// reimbursements (credits) and IOF (a charge) — in signed minor units of the row's currency.
public enum NetAmount {
    /// The net amount of the row `rowID` whose amount is `amount`, given the links it is in.
    public static func of(rowID: String, amount: Int64, links: [Link]) -> Int64 {
        Money.saturating(amount, adjustments(links)[rowID] ?? 0)
    }

    /// What the counting links add to each primary row (minor units), for many rows at once.
    public static func adjustments(_ links: [Link]) -> [String: Int64] {
        var added: [String: Int64] = [:]
        for link in links where link.status.counts && [.refund, .fee, .reimbursement].contains(link.kind) {
            added[link.primary] = Money.saturating(added[link.primary] ?? 0, link.effect)
        }
        return added
    }
}
