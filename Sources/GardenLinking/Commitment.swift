/// A payment due in a cycle that no recorded row has paid yet (design notes §7, §9: "a bill or parcel
/// that is due this cycle, not yet linked to a transaction, and whose plan uses per-parcel accounting"):
/// a parcel of an installment plan not recorded, or a payment a recurring series expects. Amounts are
/// positive minor units.
public struct Commitment: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// A parcel of an installment plan (its number in ``number``).
        case parcel
        /// The next payment of a recurring series.
        case recurring
    }

    public var kind: Kind
    /// The link the commitment comes from (``Link/key``).
    public var link: String
    /// Who is paid: the plan's merchant or the series' counterparty.
    public var name: String
    /// When it is due, `YYYY-MM-DD`.
    public var date: String
    public var amount: Int64
    public var currency: String
    /// The parcel number and count (`3`, `10`), for a parcel.
    public var number: Int?
    public var count: Int?

    /// The commitments due in `cycle`, from the counting links: every parcel of a plan after its last
    /// recorded one whose due date (the purchase date plus one month per earlier parcel) falls in the cycle
    /// (a parcel before the last recorded one was charged, recorded or not: the bank bills them in order;
    /// none when parcels count at purchase, since the whole plan is then spent); every date a money-out series
    /// expects in the cycle from its next expected date on, with its typical amount. A series whose next
    /// expected date lies further before `today` (a ``CivilDay`` number) than the period's longest gap (35
    /// days for monthly) has lapsed and is left out, as is a series over the parcels of a plan (counted as
    /// parcels). `facts` gives a link's rows.
    public static func due(in cycle: PayCycle, links: [Link], installments: BudgetReport.Installments, today: Int,
                           facts: (String) -> LinkFacts?) -> [Commitment] {
        let counting = links.filter { $0.status.counts }
        let planned = Set(counting.filter { $0.kind == .installmentPlan }.flatMap(\.rows))
        var due: [Commitment] = []
        for link in counting {
            if let plan = link.plan, link.kind == .installmentPlan, installments == .perMonth, let purchase = CivilDay.number(plan.purchaseDate) {
                let name = facts(link.primary)?.partyName ?? "-"
                for number in (plan.paid + 1)..<max(plan.paid + 1, plan.count + 1) {
                    let day = CivilDay.adding(months: number - 1, to: purchase)
                    guard cycle.contains(day) else { continue }
                    due.append(Commitment(kind: .parcel, link: link.key, name: name, date: CivilDay.text(day), amount: plan.parcelAmount,
                                          currency: plan.currency, number: number, count: plan.count))
                }
            }
            if let series = link.series, link.kind == .recurring, !link.rows.contains(where: planned.contains),
               facts(link.primary)?.direction == "out", var day = CivilDay.number(series.nextExpected), !series.isLapsed(at: today) {
                while day <= cycle.last {
                    if day >= cycle.first { due.append(Commitment(kind: .recurring, link: link.key, name: series.counterparty, date: CivilDay.text(day),
                                          amount: series.typicalAmount, currency: series.currency)) }
                    day = series.period.next(after: day)
                }
            }
        }
        return due.sorted { ($0.date, $0.name, $0.link) < ($1.date, $1.name, $1.link) }
    }
}

extension RecurringSeries {
    /// Whether the series has lapsed at the day `today` (a ``CivilDay`` number): its next expected date lies
    /// further back than the period's longest gap (35 days for monthly, 8 weekly, 380 yearly).
    public func isLapsed(at today: Int) -> Bool {
        guard let next = CivilDay.number(nextExpected) else { return true }
        return today - next > period.days.upperBound
    }
}
