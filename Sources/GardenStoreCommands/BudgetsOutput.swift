import GardenFoundation
import GardenCatalog
import GardenAnalysis
import GardenEngine
import GardenLinking
import GardenCommandKit

/// What `garden budgets --month` prints of a ``BudgetPlan``: a table for people, or one JSON object (the
/// numbers `garden report` shows, so a test can hold the page to them). JSON amounts are decimal numbers
/// in the currency's minor digits; text amounts are written for the language (``MoneyDisplay``).
struct BudgetsOutput {
    let plan: BudgetPlan
    let taxonomy: Taxonomy
    let language: Language

    /// The labels in the run's language.
    var w: Phrasebook { Phrasebook(language) }

    func money(_ minorUnits: Int64, _ currency: String) -> String { MoneyDisplay.text(minorUnits, currency: currency, language: language) }

    func text() throws -> String {
        let report = plan.report
        let cycle = report.cycle
        var out = w("budgets", "orçamentos") + " \(report.month)"
        if cycle.startDay != 1 { out += " (\(cycle.firstDate) " + w("to", "a") + " \(cycle.lastDate))" }
        out += w(": net cost, installments ", ": custo líquido, parcelas ") + w(report.installments.rawValue, report.installments == .perMonth ? "por mês" : "na compra") + "\n"
        for line in plan.lines {
            let id = (line.budget ?? "-").padding(toLength: 14, withPad: " ", startingAt: 0)
            let name = line.name.padding(toLength: 24, withPad: " ", startingAt: 0)
            out += "  \(id)\(name)\(money(line.netCost, line.currency))  (" + w.rows(line.rows) + ")"
            if let limit = line.limit, let left = line.left {
                out += w("  limit ", "  limite ") + money(limit, line.currency)
                if line.carry != 0 { out += " \(line.carry > 0 ? "+" : "−") \(money(Int64(clamping: line.carry.magnitude), line.currency)) " + w("rolled over", "do mês anterior") }
                out += w(", left ", ", resta ") + money(left, line.currency)
                if let pace = line.pacePercent { out += w(", pace ", ", ritmo ") + "\(pace) %" }
            }
            out += "\n"
        }
        if plan.lines.isEmpty { out += w("  no spending recorded\n", "  nenhum gasto registrado\n") }
        for currency in report.currencies {
            let spent = try report.spending(currency)
            let income = report.received(currency)
            out += w("spent ", "gasto ") + money(spent, currency) + w("; income ", "; receita ") + money(income, currency) + "; "
                + w("income − spent ", "receita − gasto ") + money(try MoneyOverflow.difference(income, spent, "the totals"), currency) + "\n"
            let persons = report.transfers(.person, currency)
            if persons.rows > 0 {
                out += w("transfers with persons: sent ", "transferências com pessoas: enviado ") + money(persons.sent, currency)
                    + w(", received ", ", recebido ") + money(persons.received, currency) + " (" + w.rows(persons.rows) + ")\n"
            }
        }
        let neutral = report.transfers.filter { $0.kind == .neutral }
        out += w("neutral, between your accounts (own transfers, card bills, investments): ",
                 "neutro, entre as suas contas (transferências próprias, faturas do cartão, investimentos): ") + w.rows(neutral.reduce(0) { $0 + $1.rows })
        for line in neutral { out += "; " + money(line.sent, line.currency) + w(" out, ", " saída, ") + money(line.received, line.currency) + w(" in", " entrada") }
        out += "\n"
        if !plan.commitments.isEmpty {
            out += w("commitments due this cycle, not yet paid:\n", "compromissos deste ciclo ainda não pagos:\n")
            for c in plan.commitments {
                let what = c.kind == .parcel ? w("parcel ", "parcela ") + "\(c.number ?? 0)/\(c.count ?? 0)" : w("recurring", "recorrente")
                out += "  \(c.date)  \(c.name)  \(what)  \(money(c.amount, c.currency))\n"
            }
        }
        for sobra in plan.sobra {
            out += w("free to spend (plan mode) ", "sobra (modo plano) ") + money(sobra.amount, sobra.currency) + w(" = limits ", " = limites ") + money(sobra.limits, sobra.currency)
                + w(" − spent in budgets ", " − gasto nos orçamentos ") + money(sobra.spentInBudgets, sobra.currency)
                + w(" − commitments ", " − compromissos ") + money(sobra.commitments, sobra.currency) + "\n"
        }
        return out
    }

    func json() throws -> String {
        let report = plan.report
        var w = JSONWriter(capacity: 2048)
        w.beginObject()
        w.member("month", report.month)
        w.key("cycle"); w.beginObject()
        w.member("first_day", report.cycle.firstDate)
        w.member("last_day", report.cycle.lastDate)
        w.key("start_day"); w.int(report.cycle.startDay)
        w.key("days_gone"); w.int(plan.daysGone)
        w.endObject()
        w.member("installments", report.installments.rawValue)
        w.key("budgets"); w.beginArray()
        for line in plan.lines { budget(line, &w) }
        w.endArray()
        w.key("categories"); w.beginArray()
        for line in report.categories { category(line, &w) }
        w.endArray()
        w.key("merchants"); w.beginArray()
        for line in report.merchants { merchant(line, &w) }
        w.endArray()
        w.key("totals"); w.beginArray()
        for currency in report.currencies { try totals(currency, &w) }
        w.endArray()
        w.key("commitments"); w.beginArray()
        for c in plan.commitments { commitment(c, &w) }
        w.endArray()
        w.key("sobra"); w.beginArray()
        for s in plan.sobra { sobra(s, &w) }
        w.endArray()
        w.key("transfers_excluded"); w.int(report.transfersExcluded)
        w.endObject()
        return String(decoding: w.bytes, as: UTF8.self)
    }

    private func budget(_ line: BudgetPlan.Line, _ w: inout JSONWriter) {
        w.beginObject()
        w.member("id", line.budget)
        w.member("name", line.name)
        w.member("currency", line.currency)
        w.amount("net_cost", line.netCost, line.currency)
        w.key("rows"); w.int(line.rows)
        w.amount("limit", line.limit, line.currency)
        w.amount("carry", line.limit == nil ? nil : line.carry, line.currency)
        w.amount("left", line.left, line.currency)
        w.key("pace_percent"); if let pace = line.pacePercent { w.int(pace) } else { w.null() }
        w.key("top_merchant")
        if let top = line.topMerchant {
            w.beginObject()
            w.member("name", top)
            w.amount("net_cost", line.topMerchantCost, line.currency)
            w.endObject()
        } else {
            w.null()
        }
        w.key("merchant_count"); w.int(line.merchants)
        w.endObject()
    }

    private func category(_ line: BudgetReport.CategoryLine, _ w: inout JSONWriter) {
        w.beginObject()
        w.member("category", line.category)
        w.member("name", taxonomy[line.category]?.name(language) ?? line.category)
        w.member("currency", line.currency)
        w.amount("net_cost", line.netCost, line.currency)
        w.key("rows"); w.int(line.rows)
        w.endObject()
    }

    private func merchant(_ line: BudgetReport.MerchantLine, _ w: inout JSONWriter) {
        w.beginObject()
        w.member("key", line.key)
        w.member("name", line.name)
        w.member("kind", line.kind)
        w.member("intermediary", line.intermediary)
        w.member("currency", line.currency)
        w.amount("net_cost", line.netCost, line.currency)
        w.key("rows"); w.int(line.rows)
        w.endObject()
    }

    private func totals(_ currency: String, _ w: inout JSONWriter) throws {
        let report = plan.report
        let spent = try report.spending(currency)
        let income = report.received(currency)
        w.beginObject()
        w.member("currency", currency)
        w.amount("spent", spent, currency)
        w.amount("income", income, currency)
        w.key("income_rows"); w.int(report.income.first { $0.currency == currency }?.rows ?? 0)
        w.amount("left", try MoneyOverflow.difference(income, spent, "the totals"), currency)
        let persons = report.transfers(.person, currency)
        w.amount("sent_to_persons", persons.sent, currency)
        w.amount("received_from_persons", persons.received, currency)
        w.key("person_rows"); w.int(persons.rows)
        let neutral = report.transfers(.neutral, currency)
        w.amount("neutral_out", neutral.sent, currency)
        w.amount("neutral_in", neutral.received, currency)
        w.key("neutral_rows"); w.int(neutral.rows)
        w.endObject()
    }

    private func commitment(_ c: Commitment, _ w: inout JSONWriter) {
        w.beginObject()
        w.member("kind", c.kind.rawValue)
        w.member("name", c.name)
        w.member("date", c.date)
        w.amount("amount", c.amount, c.currency)
        w.member("currency", c.currency)
        w.key("number"); if let n = c.number { w.int(n) } else { w.null() }
        w.key("count"); if let n = c.count { w.int(n) } else { w.null() }
        w.endObject()
    }

    private func sobra(_ s: BudgetPlan.Sobra, _ w: inout JSONWriter) {
        w.beginObject()
        w.member("currency", s.currency)
        w.amount("limits", s.limits, s.currency)
        w.amount("spent_in_budgets", s.spentInBudgets, s.currency)
        w.amount("commitments", s.commitments, s.currency)
        w.amount("amount", s.amount, s.currency)
        w.endObject()
    }
}

private extension JSONWriter {
    /// `"key": 12.34` in the currency's minor digits, or `"key": null`.
    mutating func amount(_ key: String, _ value: Int64?, _ currency: String) {
        self.key(key)
        if let value { raw(Money.decimal(value, currency: currency)) } else { null() }
    }
}
