import GardenFoundation
import GardenCatalog
import GardenLinking

extension ReportPage {
    /// The month: income, spending at net cost, what is left, transfers with persons (sent and received),
    /// the neutral moves between the holder's accounts left out, the sobra; then each
    /// budget's spending against its limit with the pace.
    func month(_ html: inout HTML) {
        section("month", t.theMonth, &html) { html in
            let plan = page.plan
            let report = plan.report
            html.open("div", [("class", "cards")])
            for currency in report.currencies {
                let spent = (try? report.spending(currency)) ?? 0
                let income = report.received(currency)
                card(t.income, income, currency, &html, role: "income", plus: true)
                card(t.spending, spent, currency, &html, role: "spent")
                card(t.incomeLessSpending, Money.adding(income, -spent) ?? 0, currency, &html, role: "left")
                let persons = report.transfers(.person, currency)
                if persons.rows > 0 {
                    card(t.toPersons, persons.sent, currency, &html, role: "to-persons")
                    card(t.fromPersons, persons.received, currency, &html, role: "from-persons", plus: true)
                }
            }
            for sobra in plan.sobra { card(t.sobra, sobra.amount, sobra.currency, &html, role: "sobra", main: true) }
            html.close("div")
            html.element("p", [("class", "note")], text: plan.sobra.isEmpty ? t.noLimits : t.sobraRule)
            html.element("p", [("class", "note")], text: t.transfersLeftOut(report.transfers.filter { $0.kind == .neutral }.reduce(0) { $0 + $1.rows }) + ".")
            table(nil, [(t.budget, false), (t.spent, true), (t.left, true), (t.pace, true)], &html, id: "budgets") { html in
                html.open("tbody")
                for line in plan.lines { budgetRow(line, &html) }
                html.close("tbody")
            }
            html.element("p", [("class", "note")], text: t.paceRule)
        }
    }

    func card(_ label: String, _ value: Int64, _ currency: String, _ html: inout HTML, role: String, plus: Bool = false, main: Bool = false) {
        html.element("div", [("class", main ? "card main" : "card"), ("data-total", role)]) { html in
            html.element("span", [("class", "label")], text: label)
            html.open("span", [("class", "value")])
            amount(value, currency, &html, plus: plus)
            html.close("span")
        }
    }

    func budgetRow(_ line: BudgetPlan.Line, _ html: inout HTML) {
        html.element("tr", [("data-budget", line.budget ?? "-"), ("data-currency", line.currency)]) { html in
            html.element("th", [("scope", "row")]) { html in
                html.add(line.budget == nil ? t.unbudgeted : line.name)
                if let available = line.available, available > 0 {
                    let share = min(100, Int((Money.multiplying(max(line.netCost, 0), 100) ?? Int64.max) / available))
                    html.raw(#"<div class="bar\#(line.netCost > available ? " over" : "")" aria-hidden="true"><span style="width:\#(share)%"></span></div>"#)
                }
            }
            html.element("td", [("class", "num")]) { html in
                amount(line.netCost, line.currency, &html)
                if let available = line.available {
                    html.open("span", [("class", "of")])
                    html.add(page.language == .english ? "of " : "de ")
                    amount(available, line.currency, &html)
                    html.close("span")
                }
            }
            html.element("td", [("class", "num")]) { html in
                if let left = line.left {
                    amount(left, line.currency, &html)
                    if left < 0 { html.element("span", [("class", "status")], text: t.overLimit) }
                } else {
                    html.add("—")
                }
            }
            html.element("td", [("class", "num amt"), ("data-pace", line.pacePercent.map(String.init) ?? "")],
                         text: line.pacePercent.map { "\($0) %" } ?? "—")
        }
    }
}
