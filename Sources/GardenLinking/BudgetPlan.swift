import GardenFoundation
import GardenCatalog

/// A cycle's budgets against their limits (design notes §7): each budget's limit (plus what rolled over),
/// net spent, what is left and the pace; and the cycle's "sobra" in plan mode: Σ limits − Σ net spent in
/// the budgets that have a limit − Σ commitments due this cycle and not yet paid (spending in a budget
/// without a limit is planned by nobody, so it takes nothing from the sobra). Money is exact minor units,
/// checked.
public struct BudgetPlan: Sendable {
    /// One budget's line in one currency.
    public struct Line: Sendable, Equatable {
        /// nil: "Fora do planejamento".
        public var budget: String?
        public var name: String
        public var currency: String
        public var netCost: Int64
        public var rows: Int
        /// The limit set for a cycle; nil: none (or one in another currency).
        public var limit: Int64?
        /// What rolled over from earlier cycles (negative: overspent), with `rollover`.
        public var carry: Int64
        /// limit + carry − net cost.
        public var left: Int64?
        /// The budget's largest merchant, its net cost and the number of merchants (``BudgetReport/Line``).
        public var topMerchant: String? = nil
        public var topMerchantCost: Int64 = 0
        public var merchants = 0
        /// Net cost against the share of the limit (with carry) for the days of the cycle gone, in whole
        /// percent (100: spending evenly; 150: half again as fast); nil without a limit or before the cycle.
        public var pacePercent: Int?

        /// The limit with what rolled over.
        public var available: Int64? { limit.map { $0 &+ carry } }
    }

    /// The sobra in one currency, with its parts.
    public struct Sobra: Sendable, Equatable {
        public var currency: String
        public var limits: Int64
        /// Net spent in the budgets that have a limit (in this currency).
        public var spentInBudgets: Int64
        public var commitments: Int64
        /// limits − spent in budgets − commitments.
        public var amount: Int64
    }

    public var report: BudgetReport
    /// The day (``CivilDay``) the pace is measured at: today within the cycle, its last day after it.
    public var asOf: Int
    /// Days of the cycle gone by ``asOf`` (0 before it starts, ``PayCycle/days`` after it ends).
    public var daysGone: Int
    /// Budgets with spending or a limit, by id ("Fora do planejamento" last), then currency.
    public var lines: [Line]
    public var commitments: [Commitment]
    /// Per currency with a limit set; empty when no budget has one.
    public var sobra: [Sobra]

    /// The plan of `report`'s cycle with the budgets of `book` (names in `language`), what rolled over
    /// (`carry`, by budget id, from ``carry(of:over:)``), the commitments due, measured at the day `today`.
    public init(report: BudgetReport, book: BudgetBook, language: Language, carry: [String: Int64] = [:], commitments: [Commitment],
                today: Int) throws(MoneyOverflow) {
        self.report = report
        self.commitments = commitments
        let cycle = report.cycle
        asOf = min(max(today, cycle.first - 1), cycle.last)
        daysGone = min(max(today - cycle.first + 1, 0), cycle.days)
        var lines: [Line] = []
        var listed = Set<String>()
        for line in report.lines {
            let budget = line.budget.flatMap { book[$0] }
            listed.insert((line.budget ?? "-") + "|" + line.currency)
            var planned = try Self.line(budget: line.budget, name: budget?.name(language) ?? Self.unbudgetedName(line.name, language),
                                        currency: line.currency, netCost: line.netCost, rows: line.rows, setting: budget, carry: carry,
                                        daysGone: daysGone, days: cycle.days)
            planned.topMerchant = line.topMerchant
            planned.topMerchantCost = line.topMerchantCost
            planned.merchants = line.merchants
            lines.append(planned)
        }
        for budget in book.budgets.values where budget.limit != nil {
            let currency = budget.currency ?? "BRL"
            guard !listed.contains(budget.id + "|" + currency) else { continue }
            lines.append(try Self.line(budget: budget.id, name: budget.name(language), currency: currency, netCost: 0, rows: 0, setting: budget,
                                       carry: carry, daysGone: daysGone, days: cycle.days))
        }
        self.lines = lines.sorted { ($0.budget ?? "~", $0.currency) < ($1.budget ?? "~", $1.currency) }
        var sobra: [Sobra] = []
        for currency in Set(self.lines.filter { $0.limit != nil }.map(\.currency)).sorted() {
            var limits: Int64 = 0, spent: Int64 = 0, due: Int64 = 0
            for line in self.lines where line.currency == currency && line.budget != nil {
                guard let available = line.available else { continue }
                limits = try MoneyOverflow.sum(limits, available, "the limits of \(cycle.month)")
                spent = try MoneyOverflow.sum(spent, line.netCost, "the spending of \(cycle.month)")
            }
            for commitment in commitments where commitment.currency == currency {
                due = try MoneyOverflow.sum(due, commitment.amount, "the commitments of \(cycle.month)")
            }
            let amount = try MoneyOverflow.difference(try MoneyOverflow.difference(limits, spent, "what is free to spend in \(cycle.month)"), due,
                                                      "what is free to spend in \(cycle.month)")
            sobra.append(Sobra(currency: currency, limits: limits, spentInBudgets: spent, commitments: due, amount: amount))
        }
        self.sobra = sobra
    }

    /// "Fora do planejamento" in the language (the report names it in Portuguese).
    static func unbudgetedName(_ name: String, _ language: Language) -> String {
        language == .english && name == "Fora do planejamento" ? "Unbudgeted" : name
    }

    static func line(budget id: String?, name: String, currency: String, netCost: Int64, rows: Int, setting: Budget?, carry: [String: Int64],
                     daysGone: Int, days: Int) throws(MoneyOverflow) -> Line {
        var line = Line(budget: id, name: name, currency: currency, netCost: netCost, rows: rows, limit: nil, carry: 0, left: nil, pacePercent: nil)
        guard let setting, let limit = setting.limit, (setting.currency ?? "BRL") == currency else { return line }
        line.limit = limit
        line.carry = setting.rollover ? carry[setting.id] ?? 0 : 0
        let available = try MoneyOverflow.sum(limit, line.carry, "the limit of \(setting.id)")
        line.left = try MoneyOverflow.difference(available, netCost, "what is left of \(setting.id)")
        line.pacePercent = pace(netCost: netCost, available: available, daysGone: daysGone, days: days)
        return line
    }

    /// Net cost against the share of `available` for `daysGone` of `days`, in whole percent rounded half
    /// up: netCost × days × 100 / (available × daysGone); nil when a product does not fit Int64.
    static func pace(netCost: Int64, available: Int64, daysGone: Int, days: Int) -> Int? {
        guard daysGone > 0, available > 0, days > 0 else { return nil }
        let (spentDays, o1) = netCost.multipliedReportingOverflow(by: Int64(days) * 200)
        let (share, o2) = available.multipliedReportingOverflow(by: Int64(daysGone))
        guard !o1, !o2 else { return nil }
        let doubled = spentDays / share
        return Int(doubled >= 0 ? (doubled + 1) / 2 : -((-doubled + 1) / 2))
    }

    /// What rolled over into a budget's cycle: the sum over earlier cycles from its ``Budget/rolloverFrom``
    /// on of limit − net cost (`over`: those cycles' reports, any order); 0 without rollover.
    public static func carry(of budget: Budget, over earlier: [BudgetReport]) throws(MoneyOverflow) -> Int64 {
        guard budget.rollover, let limit = budget.limit else { return 0 }
        let currency = budget.currency ?? "BRL"
        var carry: Int64 = 0
        for report in earlier where report.month >= (budget.rolloverFrom ?? report.month) {
            let spent = report.lines.first { $0.budget == budget.id && $0.currency == currency }?.netCost ?? 0
            carry = try MoneyOverflow.sum(carry, try MoneyOverflow.difference(limit, spent, "the rollover of \(budget.id)"), "the rollover of \(budget.id)")
        }
        return carry
    }
}
