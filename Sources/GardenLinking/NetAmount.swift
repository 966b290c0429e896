/// A row's net amount (§6): its amount plus what its counting links add — refunds and accepted
/// reimbursements (credits) and IOF (a charge) — in signed minor units of the row's currency.
public enum NetAmount {
    /// The net amount of the row `rowID` whose amount is `amount`, given the links it is in.
    public static func of(rowID: String, amount: Int64, links: [Link]) -> Int64 {
        links.reduce(amount) { sum, link in
            link.status.counts && link.primary == rowID && [.refund, .fee, .reimbursement].contains(link.kind) ? sum + link.effect : sum
        }
    }
}
