import GardenFoundation
import GardenCatalog
import GardenLinking

extension ReportPage {
    /// How many categories the chart draws apart; the rest are one "others" series.
    static let chartedCategories = 6

    /// Categories over time: the charted months as stacked bars (the largest categories of the window,
    /// the rest together), the month against its normal, and the table of every value.
    func categories(_ html: inout HTML) {
        let currency = page.currency
        let heading = t.categoriesOverTime(page.months.count)
        section("categories", heading, &html) { html in
            html.element("p", [("class", "rule")], text: t.categoriesRule + (page.plan.report.currencies.count > 1 ? " " + t.otherCurrencies + " \(currency)." : ""))
            let series = chartSeries(currency)
            let labels = page.months.map { shortMonth($0.month) }
            let chart = StackedBars(months: labels, series: series, title: t.chartTitle + " (\(currency))") { money($0, currency, whole: $1) }
            // A month whose categories add up past Int64 (hostile10 F16): said, never drawn from a clamped total.
            let totals = page.months.indices.map { month in StackedBars.total(series, month: month) }
            if totals.contains(nil) { html.element("p", [("class", "note")], text: t.chartTitle + ": " + t.sumTooLarge + ".") }
            if !totals.contains(nil) { html.element("figure") { html in
                html.raw(chart.svg(width: 720, height: 300, fontSize: 13, className: "wide", id: "chart-wide"))
                html.raw(chart.svg(width: 360, height: 280, fontSize: 12, className: "narrow", id: "chart-narrow"))
                html.open("ul", [("class", "legend")])
                for (index, line) in series.enumerated() {
                    html.open("li")
                    html.raw(StackedBars.swatch(index))
                    html.add(line.name)
                    html.close("li")
                }
                html.close("ul")
            } }
            trendTable(currency, &html)
            html.element("details") { html in
                html.element("summary", text: t.chartTitle)
                table(t.chartTitle + " (\(currency))", [(t.category, false)] + labels.map { ($0, true) }, &html, id: "categories-by-month") { html in
                    html.open("tbody")
                    for line in series {
                        html.element("tr") { html in
                            html.element("th", [("scope", "row")], text: line.name)
                            for value in line.values {
                                if value >= 0 { html.element("td", [("class", "num")]) { amount(value, currency, &$0) } }
                                else { html.element("td", [("class", "num")], text: t.sumTooLarge) }        // the others' sum did not fit
                            }
                        }
                    }
                    html.close("tbody")
                    html.element("tfoot") { html in
                        html.element("tr") { html in
                            html.element("th", [("scope", "row")], text: t.total)
                            for total in totals {
                                if let total { html.element("td", [("class", "num")]) { amount(total, currency, &$0) } }
                                else { html.element("td", [("class", "num")], text: t.sumTooLarge) }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The charted series: the categories with the largest net cost over the window, then the others together.
    func chartSeries(_ currency: String) -> [StackedBars.Series] {
        var byCategory: [String: [Int64]] = [:]
        for (month, report) in page.months.enumerated() {
            for line in report.categories where line.currency == currency && line.netCost > 0 {
                byCategory[line.category, default: Array(repeating: 0, count: page.months.count)][month] = line.netCost
            }
        }
        let ranked = byCategory.sorted { a, b in
            let (ta, tb) = (a.value.reduce(Int64(0), Money.saturating), b.value.reduce(Int64(0), Money.saturating))
            return ta != tb ? ta > tb : a.key < b.key
        }
        var series = ranked.prefix(Self.chartedCategories).map { StackedBars.Series(name: categoryName($0.key), values: $0.value) }
        let rest = ranked.dropFirst(Self.chartedCategories)
        if !rest.isEmpty {
            // A sum past Int64 is marked by -1 (a value no series has: they are > 0), so the month's total is nil, said.
            let values = page.months.indices.map { month in
                rest.reduce(Int64(0) as Int64?) { sum, line in sum.flatMap { Money.adding($0, line.value[month]) } } ?? -1
            }
            series.append(StackedBars.Series(name: t.others, values: values))
        }
        return series
    }

    /// The month's categories against their normal (the median of the three cycles before).
    func trendTable(_ currency: String, _ html: inout HTML) {
        let trends = CategoryTrend.trends(page).filter { $0.current != 0 || ($0.normal ?? 0) != 0 }
            .sorted { $0.current != $1.current ? $0.current > $1.current : $0.category < $1.category }
        table(nil, [(t.category, false), (t.month, true), (t.normal, true), (t.vsNormal, true)], &html, id: "categories") { html in
            html.open("tbody")
            for trend in trends {
                html.element("tr", [("data-category", trend.category)]) { html in
                    html.element("th", [("scope", "row")], text: categoryName(trend.category))
                    html.element("td", [("class", "num")]) { amount(trend.current, currency, &$0) }
                    html.element("td", [("class", "num")]) { html in
                        if let normal = trend.normal { amount(normal, currency, &html) } else { html.add(t.notEnoughHistory) }
                    }
                    html.element("td", [("class", "num amt")]) { html in
                        guard trend.normal != nil else { return html.add(t.notEnoughHistory) }
                        if let percent = trend.percent(trend.current) {
                            html.add((percent > 0 ? "+" : percent < 0 ? "−" : "") + "\(abs(percent)) %")
                        } else {
                            html.add(trend.current > 0 ? t.new : "—")
                        }
                    }
                }
            }
            html.close("tbody")
        }
    }

    func categoryName(_ id: String) -> String { page.taxonomy[id]?.name(page.language) ?? id }

    /// `out/26` (pt), `Oct 26` (en).
    func shortMonth(_ month: String) -> String {
        let parts = month.split(separator: "-")
        guard parts.count == 2, let number = Int(parts[1]), (1...12).contains(number) else { return month }
        let name = t.months[number - 1].prefix(3)
        return page.language == .english ? "\(name) \(parts[0].suffix(2))" : "\(name)/\(parts[0].suffix(2))"
    }
}
