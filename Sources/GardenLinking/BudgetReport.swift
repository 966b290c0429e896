import GardenCore

/// A month's spending per budget at net cost (§6–§7): refunds, accepted reimbursements and IOF applied to
/// their purchase (the credit or fee line itself is not counted again, whatever month it is in); both
/// sides of a transfer pair left out; an unlinked refund lowers its budget in its own month; parcels of an
/// installment plan counted in their own month (the default) or the plan's whole amount in the month of
/// the purchase (`atPurchase`). Money is summed per budget and currency in exact minor units.
public struct BudgetReport: Sendable {
    /// When installment parcels count.
    public enum Installments: String, Sendable {
        case perMonth = "per-month"
        case atPurchase = "at-purchase"
    }

    /// One budget's total in one currency. `netCost` is positive minor units spent.
    public struct Line: Sendable, Equatable {
        /// The budget id; nil is "Fora do planejamento".
        public var budget: String?
        public var name: String
        public var currency: String
        public var netCost: Int64
        public var rows: Int
    }

    public var month: String
    public var installments: Installments
    public var lines: [Line]
    /// Rows of the month left out as sides of transfer pairs.
    public var transfersExcluded: Int
    /// Rows left out because their cost would not fit their budget's total (a sum beyond `Int64` minor
    /// units; checked, never a trap): the caller reports them.
    public var overflowed: [String] = []

    /// Builds the report of `month` (`YYYY-MM`) from `rows` (the month's rows, the parcels of plans bought
    /// in it, and their partners) and the links they are in.
    public init(month: String, rows: [LinkFacts], links: [Link], installments: Installments = .perMonth) {
        self.month = month
        self.installments = installments
        let counting = links.filter { $0.status.counts }
        var pairedRows = Set<String>()
        var absorbed = Set<String>()
        var planned = Set<String>()
        for link in counting {
            switch link.kind {
            case .transferPair: pairedRows.formUnion(link.rows)
            case .refund, .fee, .reimbursement: absorbed.formUnion(link.secondaries)
            case .installmentPlan: planned.formUnion(link.rows)
            case .recurring: break
            }
        }
        var totals: [String: Line] = [:]
        var overflowed: [String] = []
        func add(_ row: LinkFacts, _ cost: Int64?) {
            let key = (row.budget ?? "-") + "|" + row.currency
            var line = totals[key] ?? Line(budget: row.budget, name: row.budgetName ?? "Fora do planejamento", currency: row.currency, netCost: 0, rows: 0)
            guard let cost, let sum = Money.adding(line.netCost, cost) else { overflowed.append(row.rowID); return }
            line.netCost = sum
            line.rows += 1
            totals[key] = line
        }
        /// What a row costs: minus its amount plus what its links add; nil when that does not fit.
        func cost(_ amount: Int64, _ adjustment: Int64 = 0) -> Int64? {
            Money.adding(amount, adjustment).flatMap { Money.multiplying($0, -1) }
        }
        let adjustments = NetAmount.adjustments(counting)
        var excluded = 0
        var seen = Set<String>()
        for row in rows where row.date.hasPrefix(month) && seen.insert(row.rowID).inserted {
            if pairedRows.contains(row.rowID) { excluded += 1; continue }
            if absorbed.contains(row.rowID) { continue }
            if installments == .atPurchase, planned.contains(row.rowID) { continue }
            if row.direction == "out", row.flow == "expense" {
                add(row, cost(row.amount, adjustments[row.rowID] ?? 0))
            } else if row.direction == "in", row.flow == "refund" {
                add(row, cost(row.amount))
            }
        }
        if installments == .atPurchase {
            let byID = Dictionary(rows.map { ($0.rowID, $0) }, uniquingKeysWith: { first, _ in first })
            for link in counting where link.kind == .installmentPlan {
                guard let plan = link.plan, plan.purchaseDate.hasPrefix(month), let first = byID[link.primary] else { continue }
                add(first, plan.totalAmount)
            }
        }
        lines = totals.values.sorted { ($0.budget ?? "~", $0.currency) < ($1.budget ?? "~", $1.currency) }
        transfersExcluded = excluded
        self.overflowed = overflowed
    }
}
