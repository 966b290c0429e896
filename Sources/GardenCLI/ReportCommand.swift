import Foundation
import GardenFoundation
import GardenCatalog
import GardenAnalysis
import GardenEngine
import GardenLinking
import GardenReport
import GardenStore
import GardenCommandKit
import GardenStoreCommands
import GardenLedger
import GardenFiles

/// `garden report --month YYYY-MM [--months N] [--out FILE] [--lang pt|en]`: the month at a glance as one
/// self-contained HTML page (``ReportPage``), from the same reports `garden budgets` prints
/// (``BudgetLedger``) and the links `garden links` prints. To stdout, or to `--out FILE`, a new file of
/// mode 0600 (a ledger is financial data); an existing file is never overwritten unless `--force`, and then only an
/// earlier page of `report` (``OutputTarget``: never the store, its files or anything garden did not write).
enum ReportCommand: Command {
    typealias Group = CommandOption.Group
    static let name = "report"
    static let arguments = "[--month YYYY-MM]"
    static let summary = "the month at a glance as one HTML page (--month YYYY-MM, --months N, --out FILE, --lang)"
    static let about = """
    One self-contained HTML page (inline CSS and SVG, no script, nothing fetched): the month (income,
    spending at net cost, budgets against their limits with the pace, what is free to spend), categories over the last
    N months, who was paid, commitments, what to review, and insights with their rules. Every number is
    one garden budgets --json and garden links --json print; CPFs are masked.
    """
    static let options = [
        CommandOption("--month", "YYYY-MM", "the cycle (the month it starts in; default: the latest month recorded)"),
        CommandOption("--months", "N", "months in the categories chart (1-24, default 6)"),
        CommandOption("--out", "FILE", "write the page to a new FILE (mode 0600) instead of stdout"),
        CommandOption("--force", nil, "with --out: replace FILE when it is an earlier page of garden report"),
        Group.language,
        CommandOption("--installments", "per-month|at-purchase", "parcels in their own month (default) or the whole plan at purchase"),
        CommandOption("--cycle-start", "DAY", "the day cycles start (payday, 1-31); default: garden budgets set --cycle-start"),
    ] + Array(Group.data.prefix(3)) + Group.store
    static let masksOutput = true

    static func run(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        let language = try CommandSupport.language(options, env)
        let mode = try BudgetsCommand.installments(options)
        let count = try options.value("--months").map { text -> Int in
            guard let value = Int(text), (1...24).contains(value) else { throw CommandLineOptions.UsageError(description: "--months needs a number from 1 to 24, got \(text)") }
            return value
        } ?? 6
        if let month = options.value("--month") { _ = try BudgetsCommand.cycle(month, options, nil) }
        if options.flag("--force"), options.value("--out") == nil { throw CommandLineOptions.UsageError(description: "--force goes with --out FILE") }
        // The one rule for files garden writes: a new file, or with --force an earlier page of report; never the
        // store, its files, the registry or anything else.
        let target = try options.value("--out").map { out in
            try OutputTarget(out, what: "the report", replacing: options.flag("--force"),
                             protecting: [Session.databasePath(options, env), Session.registryPath(options, env)], isOwn: ReportPage.isOwnFile)
        }
        let (ledger, catalog, book) = try BudgetLedger.open(options, env, installments: mode)
        let store = ledger.store
        let cycle = try BudgetsCommand.cycle(try ledger.month(options), options, book)
        let today = BudgetLedger.today(env)
        let plan = try ledger.plan(cycle, book: book, language: language, today: today)
        let months = try (0..<count).reversed().map { try ledger.report(cycle.adding(-$0)) }
        let baseline = try (1...3).reversed().map { try ledger.report(cycle.adding(-$0)) }
        let review = try store.reviewQueue(RowSelection(from: cycle.firstDate, before: CivilDay.text(cycle.last + 1)))
        let page = MonthPage(language: language, plan: plan, months: months, baseline: baseline, taxonomy: catalog.taxonomy,
                             plans: try plans(ledger, in: cycle), series: try series(ledger, today: today), review: review,
                             database: options.value("--db"), today: CivilDay.text(today), version: GardenCommandLine.version)
        let html = ReportPage(page).render()
        if let target {
            try target.write(Array(html.utf8))
            env.stdout.write(env.words("wrote \(target.path): the report of \(cycle.month) (\(cycle.firstDate) to \(cycle.lastDate))\n",
                                       "gravado \(target.path): o relatório de \(cycle.month) (\(cycle.firstDate) a \(cycle.lastDate))\n"))
        } else {
            env.stdout.write(html)
        }
        return ledger.unreadable.isEmpty ? Exit.ok : Exit.dataError
    }

    /// The installment plans (counting links) running in `cycle` — bought on or before its last day, their
    /// last parcel due on or after its first — with parcels left, and the next parcel's due date.
    static func plans(_ ledger: BudgetLedger, in cycle: PayCycle) throws -> [MonthPage.Plan] {
        try ledger.links().filter { $0.kind == .installmentPlan && $0.status.counts }.compactMap { link -> MonthPage.Plan? in
            guard let plan = link.plan, plan.remaining > 0, let purchase = CivilDay.number(plan.purchaseDate), purchase <= cycle.last,
                  CivilDay.adding(months: max(0, plan.count - 1), to: purchase) >= cycle.first else { return nil }
            return MonthPage.Plan(name: ledger.facts(link.primary)?.partyName ?? "-", plan: plan,
                                  nextDue: CivilDay.text(CivilDay.adding(months: plan.paid, to: purchase)))
        }.sorted { ($0.nextDue, $0.name) < ($1.nextDue, $1.name) }
    }

    /// Recurring series (counting links) not lapsed at `today` (next date no further back than the
    /// period's longest gap), with their occurrences.
    static func series(_ ledger: BudgetLedger, today: Int) throws -> [MonthPage.Series] {
        try ledger.links().filter { $0.kind == .recurring && $0.status.counts }.compactMap { link -> MonthPage.Series? in
            guard let series = link.series, !series.isLapsed(at: today) else { return nil }
            let facts = link.rows.compactMap(ledger.facts)
            let occurrences = facts.sorted { ($0.date, $0.rowID) < ($1.date, $1.rowID) }.map { MonthPage.Series.Occurrence(date: $0.date, amount: $0.magnitude) }
            return MonthPage.Series(series: series, direction: facts.first?.direction ?? "out", occurrences: occurrences)
        }.sorted { ($0.series.nextExpected, $0.series.counterparty) < ($1.series.nextExpected, $1.series.counterparty) }
    }
}
