import GardenCore
import GardenLinking
import GardenStore

/// `garden budgets --month YYYY-MM [--json] [--installments at-purchase]`: the month's net cost per budget
/// (``BudgetReport``): refunds, accepted reimbursements and IOF applied to their purchase, transfer pairs
/// left out, parcels in their own month or the whole plan in the month of purchase.
enum BudgetsCommand: Command {
    typealias Group = CommandOption.Group
    static let name = "budgets"
    static let arguments = "--month YYYY-MM"
    static let summary = "a month's net cost per budget (--month YYYY-MM, --json, --installments at-purchase)"
    static let about = """
    The month's net cost per budget: refunds, accepted reimbursements and IOF applied to their purchase,
    transfer pairs left out.
    """
    static let options = [
        CommandOption("--month", "YYYY-MM", "the month"),
        CommandOption("--json", nil, "as JSON"),
        CommandOption("--installments", "per-month|at-purchase", "parcels in their own month (default) or the whole plan at purchase"),
    ] + Group.store

    static func run(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        guard let month = options.value("--month") else { throw CommandLineOptions.UsageError(description: "give --month YYYY-MM") }
        guard month.count == 7, let first = CivilDay.number(month + "-01") else {
            throw CommandLineOptions.UsageError(description: "--month must be YYYY-MM with the month 01 to 12 (e.g. 2026-10), got \"\(month)\"")
        }
        let mode = try options.value("--installments").map { text -> BudgetReport.Installments in
            guard let mode = BudgetReport.Installments(rawValue: text) else {
                throw CommandLineOptions.UsageError(description: "--installments is per-month or at-purchase, got \(text)")
            }
            return mode
        } ?? .perMonth
        let store = try LinkCommand.openStore(options, env, writing: false)
        let pending = try store.unlinkedChanges()
        if pending > 0 { env.complain("\(pending) row(s) recorded or changed since the last garden link: run it so their links count") }
        let reader = try LinkCommand.factsReader(store, options, env)
        var rows = try store.ledgerRows(from: month + "-01", before: CivilDay.text(CivilDay.adding(months: 1, to: first)))
        var links = try store.links(touching: rows.map(\.rowID)).map(\.link)
        if mode == .atPurchase {
            let plans = try store.links(kind: .installmentPlan).map(\.link).filter { $0.plan?.purchaseDate.hasPrefix(month) == true }
            rows += try plans.compactMap { try store.ledgerRow(id: $0.primary) }
            let known = Set(links.map(\.key))
            links += plans.filter { !known.contains($0.key) }
        }
        var facts: [LinkFacts] = []
        var unreadable = 0
        for row in rows {
            do {
                if let fact = try reader.read(rowID: row.rowID, raw: row.raw, resolution: row.resolution, merchantKey: row.merchantKey) { facts.append(fact) }
            } catch {
                // Reported by its id, never left out silently.
                unreadable += 1
                env.complain("row \(row.rowID): \(error); left out of the budgets")
            }
        }
        let report = BudgetReport(month: month, rows: facts, links: links, installments: mode)
        env.stdout.write(options.flag("--json") ? json(report) + "\n" : text(report))
        return unreadable > 0 ? Exit.dataError : Exit.ok
    }

    static func text(_ report: BudgetReport) -> String {
        var out = "budgets \(report.month): net cost, installments \(report.installments.rawValue)\n"
        for line in report.lines {
            let id = (line.budget ?? "-").padding(toLength: 14, withPad: " ", startingAt: 0)
            let name = line.name.padding(toLength: 24, withPad: " ", startingAt: 0)
            out += "  \(id)\(name)\(MoneyText.display(line.netCost, currency: line.currency))  (\(line.rows) row(s))\n"
        }
        if report.lines.isEmpty { out += "  no spending recorded\n" }
        out += "transfers between your accounts left out: \(report.transfersExcluded) row(s)\n"
        return out
    }

    static func json(_ report: BudgetReport) -> String {
        var w = JSONWriter(capacity: 512)
        w.beginObject()
        w.member("month", report.month)
        w.member("installments", report.installments.rawValue)
        w.key("budgets"); w.beginArray()
        for line in report.lines {
            w.beginObject()
            w.member("id", line.budget)
            w.member("name", line.name)
            w.member("currency", line.currency)
            w.key("net_cost"); w.raw(MoneyText.decimal(line.netCost, currency: line.currency))
            w.key("rows"); w.int(line.rows)
            w.endObject()
        }
        w.endArray()
        w.key("transfers_excluded"); w.int(report.transfersExcluded)
        w.endObject()
        return String(decoding: w.bytes, as: UTF8.self)
    }
}
