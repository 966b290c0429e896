import GardenFoundation
import GardenCatalog
import GardenLinking

/// One insight the page states (design notes §11), each found by a rule the page also states.
struct Insight: Sendable, Equatable {
    enum Rule: String, Sendable, CaseIterable {
        case drift, creep, newRecurring = "new_recurring", concentration
    }

    var rule: Rule
    /// What it is about: a category id, a series' counterparty, a budget id.
    var subject: String
    /// The sentence shown.
    var text: String

    /// Merchants a budget needs before concentration is looked for: with fewer, the largest always has 25 %.
    static let concentrationMerchants = 5

    /// The insights of the month, rule by rule (§11's hotspot rule needs places, which the ledger lacks).
    static func find(_ page: MonthPage, _ t: ReportText, money: (Int64, String) -> String) -> [Insight] {
        var found: [Insight] = []
        let currency = page.currency
        let digits = CurrencyCode(currency)?.fractionDigits ?? 2
        var unit: Int64 = 100
        for _ in 0..<digits { unit *= 10 }
        // Category drift: the cycle's pace over the median of the 3 before by > 20 % and > 100 units (not
        // "uncategorized": what it holds is for review), largest first.
        var drifts: [(over: Int64, insight: Insight)] = []
        for trend in CategoryTrend.trends(page) where trend.category != Taxonomy.uncategorized {
            guard let normal = trend.normal, trend.projected > 0,
                  let over = Money.adding(trend.projected, -normal), over > unit,
                  let tenfold = Money.multiplying(trend.projected, 10), let twelvefold = Money.multiplying(normal, 12), tenfold > twelvefold else { continue }
            let name = page.taxonomy[trend.category]?.name(page.language) ?? trend.category
            drifts.append((over, Insight(rule: .drift, subject: trend.category,
                                         text: t.driftFinding(name, trend.percent(trend.projected), money(trend.projected, currency), money(normal, currency)))))
        }
        found += drifts.sorted { $0.over != $1.over ? $0.over > $1.over : $0.insight.subject < $1.insight.subject }.map(\.insight)
        let cycle = page.plan.report.cycle
        for item in page.series where item.direction == "out" {
            guard let last = item.occurrences.last, let day = CivilDay.number(last.date), cycle.contains(day) else { continue }
            // Fixed-cost creep: the latest amount against the one before (the linker flags > 5 %).
            if let basisPoints = item.series.changeBasisPoints, item.occurrences.count >= 2 {
                let before = item.occurrences[item.occurrences.count - 2].amount
                let percent = (abs(basisPoints) + 50) / 100
                found.append(Insight(rule: .creep, subject: item.series.counterparty,
                                     text: t.creepFinding(item.series.counterparty, basisPoints > 0, percent, money(before, item.series.currency),
                                                          money(last.amount, item.series.currency))))
            }
            // A new recurring payment: found with its third occurrence, in this cycle.
            if item.occurrences.count == 3 {
                found.append(Insight(rule: .newRecurring, subject: item.series.counterparty,
                                     text: t.newRecurringFinding(t.periods[item.series.period.rawValue] ?? item.series.period.rawValue, item.series.counterparty)))
            }
        }
        // Concentration: a budget's top merchant over 25 % of it, among at least five merchants (with fewer,
        // one of them always has a quarter).
        for line in page.plan.lines where line.budget != nil && line.merchants >= Self.concentrationMerchants && line.netCost > 0 {
            guard let top = line.topMerchant, let scaled = Money.multiplying(line.topMerchantCost, 4), scaled > line.netCost,
                  let hundredfold = Money.multiplying(line.topMerchantCost, 200) else { continue }
            let doubled = hundredfold / line.netCost
            found.append(Insight(rule: .concentration, subject: line.budget ?? "-",
                                 text: t.concentrationFinding(top, Int((doubled + 1) / 2), line.name)))
        }
        return found
    }
}
