import GardenFoundation
import GardenCatalog
import GardenLinking
import GardenStore
import GardenLedger

extension ReportPage {
    /// Who was paid: the month's largest merchants at net cost, with their kind, count and intermediary.
    func merchants(_ html: inout HTML) {
        section("merchants", t.whoWasPaid, &html) { html in
            let lines = page.plan.report.merchants.filter { $0.netCost > 0 }.prefix(page.merchantLimit)
            guard !lines.isEmpty else { return html.element("p", text: t.nothing) }
            table(nil, [(t.merchant, false), (t.count, true), (t.netTotal, true)], &html, id: "merchants") { html in
                html.open("tbody")
                for line in lines {
                    html.element("tr", [("data-merchant", line.key), ("data-currency", line.currency)]) { html in
                        html.element("th", [("scope", "row")]) { html in
                            html.add(line.name == "-" ? t.noName : line.name)
                            if let kind = line.kind { html.element("span", [("class", "badge")], text: ResolutionWords.kind(kind, page.language)) }
                            if let via = line.intermediary { html.element("span", [("class", "via")], text: "\(t.via) \(via)") }
                        }
                        html.element("td", [("class", "num")], text: String(line.rows))
                        html.element("td", [("class", "num")]) { amount(line.netCost, line.currency, &$0) }
                    }
                }
                html.close("tbody")
            }
        }
    }

    /// Commitments: installment plans with parcels left, recurring series with their next date, and what
    /// is due this cycle and not yet paid (what the sobra takes).
    func commitments(_ html: inout HTML) {
        section("commitments", t.commitments, &html) { html in
            plans(&html)
            series(&html)
            due(&html)
        }
    }

    /// The installment plans with parcels left: parcels paid, the amount remaining, the next due date.
    private func plans(_ html: inout HTML) {
        html.element("h3", text: t.installmentPlans)
        if page.plans.isEmpty { html.element("p", text: t.nothing) } else {
            table(nil, [(t.merchant, false), (t.parcels, true), (t.remaining, true), (t.nextDue, true)], &html, id: "plans") { html in
                html.open("tbody")
                for item in page.plans {
                    html.element("tr") { html in
                        html.element("th", [("scope", "row")]) { html in
                            html.add(item.name)
                            html.element("span", [("class", "via")], text: "\(t.purchased) \(day(item.plan.purchaseDate))")
                            for missing in item.plan.missing {
                                html.element("span", [("class", "status")], text: t.parcel(missing.number, item.plan.count) + ": " + t.missing)
                            }
                        }
                        html.element("td", [("class", "num")]) { html in
                            html.add("\(item.plan.paid)/\(item.plan.count)")
                            // The latest parcel seen is not how many are recorded: say the count when they differ.
                            if item.plan.recorded.count != item.plan.paid {
                                html.element("span", [("class", "of")], text: "\(t.recordedParcels): \(item.plan.recorded.count)")
                            }
                        }
                        html.element("td", [("class", "num")]) { html in
                            amount(item.plan.remainingAmount, item.plan.currency, &html)
                            html.element("span", [("class", "of")], text: "\(item.plan.remaining) × " + money(item.plan.parcelAmount, item.plan.currency))
                        }
                        html.element("td", [("class", "num")], text: day(item.nextDue))
                    }
                }
                html.close("tbody")
            }
        }
    }

    /// The recurring series: typical and last amount, the next expected date.
    private func series(_ html: inout HTML) {
        html.element("h3", text: t.recurring)
        if page.series.isEmpty { html.element("p", text: t.nothing) } else {
            table(nil, [(t.merchant, false), (t.typical, true), (t.nextExpected, true)], &html, id: "series") { html in
                html.open("tbody")
                for item in page.series {
                    let series = item.series
                    html.element("tr") { html in
                        html.element("th", [("scope", "row")]) { html in
                            html.add(series.counterparty)
                            html.element("span", [("class", "badge")], text: t.periods[series.period.rawValue] ?? series.period.rawValue)
                            if item.direction == "in" { html.element("span", [("class", "via")], text: t.income) }
                        }
                        html.element("td", [("class", "num")]) { html in
                            amount(series.typicalAmount, series.currency, &html)
                            if series.lastAmount != series.typicalAmount {
                                html.element("span", [("class", "of")], text: "\(t.last): " + money(series.lastAmount, series.currency))
                            }
                        }
                        html.element("td", [("class", "num")], text: day(series.nextExpected))
                    }
                }
                html.close("tbody")
            }
        }
    }

    /// What is due this cycle and not yet paid (what the sobra takes).
    private func due(_ html: inout HTML) {
        html.element("h3", text: t.dueThisCycle)
        html.element("p", [("class", "rule")], text: t.dueRule)
        if page.plan.commitments.isEmpty { html.element("p", text: t.nothing) } else {
            table(nil, [(t.date, false), (t.what, false), (t.amount, true)], &html, id: "due") { html in
                html.open("tbody")
                for due in page.plan.commitments {
                    html.element("tr", [("data-commitment", due.kind.rawValue)]) { html in
                        html.element("td", text: day(due.date))
                        html.element("th", [("scope", "row")]) { html in
                            html.add(due.name)
                            html.element("span", [("class", "via")],
                                         text: due.kind == .parcel ? t.parcel(due.number ?? 0, due.count ?? 0) : t.recurringPayment)
                        }
                        html.element("td", [("class", "num")]) { amount(due.amount, due.currency, &$0) }
                    }
                }
                html.close("tbody")
            }
        }
    }

    /// To review: the month's review groups (``ReviewQueue``), each with the teach command that settles it.
    func review(_ queue: ReviewQueue, _ html: inout HTML) {
        section("review", t.toReview, &html) { html in
            html.element("p", [("class", "rule")], text: t.reviewRule)
            guard !queue.groups.isEmpty else { return html.element("p", text: t.allClear) }
            html.open("ul", [("class", "plain"), ("id", "review")])
            for group in queue.groups.prefix(page.reviewLimit) {
                html.element("li", [("data-rows", String(group.count))]) { html in
                    html.open("p")
                    html.element("strong", text: group.merchant ?? group.samples.first ?? group.teachRowID)
                    html.add(" · \(group.count)× · ")
                    for (index, total) in group.totals.enumerated() {
                        if index > 0 { html.add(" + ") }
                        if let minorUnits = total.minorUnits { amount(minorUnits, total.currency, &html) } else { html.add("\(total.currency) \(total.decimal)") }
                    }
                    html.close("p")
                    html.element("p", [("class", "note")], text: "\(t.guess): \(categoryName(group.guess.category)) (\(ResolverWords.percent(group.guess.confidence, page.language)))"
                                 + (group.reasons.isEmpty ? "" : " · \(t.why): " + group.reasons.map { ReviewReasonWords.text($0, page.language) }.joined(separator: "; ")))
                    if !group.samples.isEmpty { html.element("p", [("class", "note")], text: "\(t.samples): " + group.samples.joined(separator: " · ")) }
                    html.open("p")
                    html.add(t.teach + ": ")
                    html.element("code", text: group.teachCommand(db: page.database, language: page.language))
                    html.close("p")
                }
            }
            html.close("ul")
            if queue.groups.count > page.reviewLimit { html.element("p", [("class", "note")], text: t.reviewMore(queue.groups.count - page.reviewLimit)) }
        }
    }

    /// Insights (design notes §11): each rule stated, then what it found this cycle.
    func insights(_ html: inout HTML) {
        let found = Insight.find(page, t) { money($0, $1) }
        section("insights", t.insights, &html) { html in
            let rules: [(Insight.Rule, String, String)] = [(.drift, t.drift, t.driftRule), (.creep, t.creep, t.creepRule),
                                                           (.newRecurring, t.newRecurring, t.newRecurringRule),
                                                           (.concentration, t.concentration, t.concentrationRule)]
            for (rule, name, statement) in rules {
                html.element("h3", text: name)
                html.element("p", [("class", "rule")], text: statement)
                let mine = found.filter { $0.rule == rule }
                if mine.isEmpty { html.element("p", text: t.nothingThisMonth); continue }
                html.element("ul", [("class", "findings"), ("data-insight", rule.rawValue)]) { html in
                    for insight in mine { html.element("li", [("data-subject", insight.subject)], text: insight.text) }
                }
            }
        }
    }
}
