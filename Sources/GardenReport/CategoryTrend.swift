import GardenFoundation
import GardenCatalog
import GardenLinking

/// One category's net cost in the month against its "normal": the median of the three cycles before
/// (design notes §11), and the month's pace (its cost projected to the whole cycle). Minor units of the
/// page's currency.
struct CategoryTrend: Sendable, Equatable {
    var category: String
    var current: Int64
    /// The cost projected to the cycle: `current × days / days gone` while the cycle runs, `current` after.
    var projected: Int64
    /// The median of the three cycles before; nil when the ledger does not have all three.
    var normal: Int64?

    /// The change of `value` against the normal in whole percent (rounded half up); nil without a normal or
    /// when it is 0.
    func percent(_ value: Int64) -> Int? {
        guard let normal, normal > 0 else { return nil }
        guard let difference = Money.adding(value, -normal), let scaled = Money.multiplying(difference, 200) else { return nil }
        let doubled = scaled / normal
        return Int(doubled >= 0 ? (doubled + 1) / 2 : -((-doubled + 1) / 2))
    }

    /// Every category spent on in the month or in the three cycles before, in the page's currency.
    static func trends(_ page: MonthPage) -> [CategoryTrend] {
        let currency = page.currency
        func costs(_ report: BudgetReport) -> [String: Int64] {
            Dictionary(report.categories.filter { $0.currency == currency }.map { ($0.category, $0.netCost) }, uniquingKeysWith: { a, _ in a })
        }
        let month = costs(page.plan.report)
        let before = page.baseline.count == 3 && page.baseline.allSatisfy(MonthPage.hasData) ? page.baseline.map(costs) : nil
        let ids = Set(month.keys).union(before?.flatMap(\.keys) ?? [])
        let cycle = page.plan.report.cycle
        return ids.sorted().map { id in
            let current = month[id] ?? 0
            var projected = current
            if page.plan.daysGone > 0, page.plan.daysGone < cycle.days, let scaled = Money.multiplying(current, Int64(cycle.days)) {
                projected = scaled / Int64(page.plan.daysGone)
            }
            let normal = before.map { months in months.map { $0[id] ?? 0 }.sorted()[1] }
            return CategoryTrend(category: id, current: current, projected: projected, normal: normal)
        }
    }
}
