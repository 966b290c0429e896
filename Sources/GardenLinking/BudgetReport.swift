import GardenFoundation

/// A cycle's spending per budget at net cost (§6–§7): refunds, accepted reimbursements and IOF applied to
/// their purchase (the credit or fee line itself is not counted again, whatever month it is in); both
/// sides of a transfer pair left out; an unlinked refund lowers its budget in its own cycle; parcels of an
/// installment plan counted in their own cycle (the default) or the plan's whole amount in the cycle of
/// the purchase (`atPurchase`). The same spending is also summed per category and per merchant, and the
/// income received (flow `income`, transfer pairs left out). Money is summed per currency in exact minor
/// units with checked arithmetic: a row whose cost would not fit a total is left out of every sum and
/// listed in ``overflowed``.
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
        /// The merchant with the largest net cost in the budget (``MerchantLine/name``), its net cost, and
        /// how many merchants the budget's rows have.
        public var topMerchant: String? = nil
        public var topMerchantCost: Int64 = 0
        public var merchants = 0
    }

    /// One category's total in one currency (the same rows as the budget lines).
    public struct CategoryLine: Sendable, Equatable {
        public var category: String
        public var currency: String
        public var netCost: Int64
        public var rows: Int
    }

    /// One merchant's total in one currency: who was paid (the same rows as the budget lines).
    public struct MerchantLine: Sendable, Equatable {
        /// Who the rows are with (``LinkFacts/party``, else the merchant's name).
        public var key: String
        public var name: String
        /// The merchant kind (`chain`, `local`, `online`, `government`, `person`...), when resolved.
        public var kind: String?
        /// The channel or processor that sold it (iFood, Mercado Pago, PayPal), when one did.
        public var intermediary: String?
        public var currency: String
        public var netCost: Int64
        public var rows: Int
    }

    /// Income received in one currency (positive minor units).
    public struct Income: Sendable, Equatable {
        public var currency: String
        public var amount: Int64
        public var rows: Int
    }

    /// Money moved by transfers in one currency (positive minor units each way): with persons, or between
    /// the holder's own accounts (``Kind/neutral``: own accounts, card bills, investments, loans, cash, and
    /// both sides of every transfer pair).
    public struct TransferLine: Sendable, Equatable {
        /// Whom the money moved with.
        public enum Kind: String, Sendable {
            /// Pix, TED and the like to and from other people (`transfer.person`).
            case person
            /// Moves that change nothing the holder owns in total: own accounts, card bills, investments.
            case neutral
        }

        public var kind: Kind
        public var currency: String
        /// Money out, positive minor units.
        public var sent: Int64
        /// Money in, positive minor units.
        public var received: Int64
        public var rows: Int
    }

    /// The cycle's name, `YYYY-MM`.
    public var month: String
    public var cycle: PayCycle
    public var installments: Installments
    /// By budget id ("Fora do planejamento" last), then currency.
    public var lines: [Line]
    /// By category id, then currency.
    public var categories: [CategoryLine]
    /// Largest net cost first, then by name.
    public var merchants: [MerchantLine]
    /// By currency.
    public var income: [Income]
    /// Transfers with persons and the neutral moves, by kind (persons first), then currency.
    public var transfers: [TransferLine]
    /// Rows of the cycle left out as sides of transfer pairs (also counted in the neutral ``transfers``).
    public var transfersExcluded: Int
    /// Rows left out because their cost would not fit a total (a sum beyond `Int64` minor units; checked,
    /// never a trap): the caller reports them.
    public var overflowed: [String] = []

    /// The report of the calendar month `month` (`YYYY-MM`; a text that names no month selects no row).
    public init(month: String, rows: [LinkFacts], links: [Link], installments: Installments = .perMonth) {
        self.init(cycle: PayCycle(month: month) ?? PayCycle(empty: month), rows: rows, links: links, installments: installments)
    }

    /// Builds the report of `cycle` from `rows` (the cycle's rows, the parcels of plans bought in it, and
    /// their partners) and the links they are in.
    public init(cycle: PayCycle, rows: [LinkFacts], links: [Link], installments: Installments = .perMonth) {
        self.cycle = cycle
        month = cycle.month
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
        var totals = Totals()
        let adjustments = NetAmount.adjustments(counting)
        var excluded = 0
        var seen = Set<String>()
        for row in rows where cycle.contains(row.day) && seen.insert(row.rowID).inserted {
            if pairedRows.contains(row.rowID) { excluded += 1; totals.move(row, .neutral); continue }
            if absorbed.contains(row.rowID) { continue }
            if installments == .atPurchase, planned.contains(row.rowID) { continue }
            switch row.flow {
            case "income": totals.receive(row)
            case "transfer": totals.move(row, row.category == Self.personCategory ? .person : .neutral)
            default: totals.add(row, Totals.cost(row.amount, adjustments[row.rowID] ?? 0))
            }
        }
        if installments == .atPurchase {
            let byID = Dictionary(rows.map { ($0.rowID, $0) }, uniquingKeysWith: { first, _ in first })
            for link in counting where link.kind == .installmentPlan {
                guard let plan = link.plan, let day = CivilDay.number(plan.purchaseDate), cycle.contains(day), let first = byID[link.primary] else { continue }
                totals.add(first, plan.totalAmount)
            }
        }
        lines = totals.lines()
        categories = totals.categories.values.sorted { ($0.category, $0.currency) < ($1.category, $1.currency) }
        merchants = totals.merchants.values.sorted { a, b in
            a.netCost != b.netCost ? a.netCost > b.netCost : (a.name, a.key, a.currency) < (b.name, b.key, b.currency)
        }
        income = totals.income.values.sorted { $0.currency < $1.currency }
        transfers = totals.transfers.values.sorted { ($0.kind == .person ? 0 : 1, $0.currency) < ($1.kind == .person ? 0 : 1, $1.currency) }
        transfersExcluded = excluded
        overflowed = totals.overflowed
    }

    /// The category of transfers to and from persons (their own line: neither spending nor neutral).
    public static let personCategory = "transfer.person"

    /// The currencies the report has amounts in, sorted.
    public var currencies: [String] {
        Array(Set(lines.map(\.currency)).union(income.map(\.currency)).union(transfers.map(\.currency))).sorted()
    }

    /// The transfers of `kind` in `currency` (zero when none).
    public func transfers(_ kind: TransferLine.Kind, _ currency: String) -> TransferLine {
        transfers.first { $0.kind == kind && $0.currency == currency } ?? TransferLine(kind: kind, currency: currency, sent: 0, received: 0, rows: 0)
    }

    /// Net spending in `currency`, every budget and "Fora do planejamento" together.
    public func spending(_ currency: String) throws(MoneyOverflow) -> Int64 {
        var total: Int64 = 0
        for line in lines where line.currency == currency { total = try MoneyOverflow.sum(total, line.netCost, "the spending of \(month)") }
        return total
    }

    /// Income received in `currency`.
    public func received(_ currency: String) -> Int64 {
        income.first { $0.currency == currency }?.amount ?? 0
    }
}
