import Foundation
import GardenFoundation
import GardenCatalog
import GardenAnalysis
import GardenEngine
import GardenLinking
import GardenStore
import GardenCommandKit

/// What `budgets` and `report` read of the store for a budget cycle — its rows' facts and the links they
/// are in — and the plan built from them, the one way both commands count, so their numbers agree.
package final class BudgetLedger {
    package let store: Store
    package let reader: LinkFactsReader
    package let env: Environment
    package let installments: BudgetReport.Installments
    /// Rows whose input or resolution could not be read, or whose amount does not fit a total: reported by
    /// id, left out of the sums.
    package private(set) var unreadable: Set<String> = []
    private var reports: [String: BudgetReport] = [:]
    private var allLinks: [Link]?

    /// `catalog` names the banks of rows linking has not examined yet (``LinkFactsReader/bankNamed``).
    package init(store: Store, env: Environment, installments: BudgetReport.Installments, catalog: Catalog? = nil) throws {
        self.store = store
        self.env = env
        self.installments = installments
        reader = try LinkCommand.factsReader(store, env, reading: true, catalog: { catalog })
    }

    /// The store named by the options, opened to read (saying when rows wait for `garden link`), the shipped
    /// catalog, and the budget book with the budgets the user set (and the user's rules checked against it).
    package static func open(_ options: CommandLineOptions, _ env: Environment,
                             installments: BudgetReport.Installments) throws -> (BudgetLedger, Catalog, BudgetBook) {
        let store = try LinkCommand.openStore(options, env, writing: false)
        let pending = try store.unlinkedChanges()
        if pending > 0 {
            env.complain(env.words("\(pending) row(s) recorded or changed since the last garden link: run it so their links count",
                                   "\(pending) linha(s) registrada(s) ou mudada(s) desde o último garden link: rode-o para que os vínculos contem"))
        }
        let undated = try store.undatedRowIDs()
        if !undated.isEmpty {
            // Every row counts once: one no month can count is named, never left out silently (hostile10 F25).
            let named = undated.prefix(5).joined(separator: ", ") + (undated.count > 5 ? ", …" : "")
            env.complain(env.words("\(undated.count) row(s) have no date, so no month counts them: \(named); give each its date with garden row correct ID --date YYYY-MM-DD (garden review lists them)",
                                   "\(undated.count) linha(s) sem data, que nenhum mês conta: \(named); dê a cada uma sua data com garden row correct ID --date AAAA-MM-DD (garden review as lista)"))
        }
        let catalog = try env.loadCatalog(options)
        let book = try env.userKnowledge(options, catalog, store: store).budgets
        return (try BudgetLedger(store: store, env: env, installments: installments, catalog: catalog), catalog, book)
    }

    /// The month a command reports: `--month` when given, else the latest month the ledger has rows in
    /// (said on stderr); a usage error when neither is there.
    package func month(_ options: CommandLineOptions) throws -> String {
        if let month = options.value("--month") { return month }
        guard let latest = try store.latestMonth() else {
            throw CommandLineOptions.UsageError(description: "no dated row recorded yet: give --month YYYY-MM")
        }
        env.complain(env.words("no --month given: \(latest), the latest month recorded", "sem --month: \(latest), o último mês registrado"))
        return latest
    }

    /// The cycle's report (``BudgetReport``), read once.
    package func report(_ cycle: PayCycle) throws -> BudgetReport {
        if let known = reports[cycle.month] { return known }
        var rows = try store.ledgerRows(from: cycle.firstDate, before: CivilDay.text(cycle.last + 1))
        var links = try store.links(touching: rows.map(\.rowID)).map(\.link)
        if installments == .atPurchase {
            let plans = try store.links(kind: .installmentPlan).map(\.link).filter {
                $0.plan.flatMap { CivilDay.number($0.purchaseDate) }.map(cycle.contains) == true
            }
            rows += try plans.compactMap { try store.ledgerRow(id: $0.primary) }
            let known = Set(links.map(\.key))
            links += plans.filter { !known.contains($0.key) }
        }
        var facts: [LinkFacts] = []
        for row in rows {
            do {
                if let fact = try reader.read(rowID: row.rowID, raw: row.raw, resolution: row.resolution, merchantKey: row.merchantKey) { facts.append(fact) }
            } catch {
                // Reported by its id, never left out silently.
                if unreadable.insert(row.rowID).inserted { env.complain("row \(row.rowID): \(error); left out of the budgets") }
            }
        }
        let report = BudgetReport(cycle: cycle, rows: facts, links: links, installments: installments)
        for rowID in report.overflowed where unreadable.insert(rowID).inserted {
            env.complain("row \(rowID): its amount does not fit its budget's total; left out of the budgets")
        }
        reports[cycle.month] = report
        return report
    }

    /// Every link, read once.
    package func links() throws -> [Link] {
        if let allLinks { return allLinks }
        let links = try store.links().map(\.link)
        allLinks = links
        return links
    }

    /// A row's facts as linking keeps them (the merchant's name, the direction).
    package func facts(_ rowID: String) -> LinkFacts? {
        (try? store.facts(where: "row_id = ?1", [.text(rowID)]))?.first
    }

    /// The plan of `cycle`: its report, the limits of `book` with what rolled over from earlier cycles,
    /// the commitments due, the pace at `today` (a ``CivilDay`` number).
    package func plan(_ cycle: PayCycle, book: BudgetBook, language: Language, today: Int) throws -> BudgetPlan {
        let report = try report(cycle)
        var carry: [String: Int64] = [:]
        for budget in book.budgets.values where budget.rollover && budget.limit != nil {
            guard let from = budget.rolloverFrom.flatMap({ PayCycle(month: $0, startDay: cycle.startDay) }), from.first < cycle.first else { continue }
            var earlier: [BudgetReport] = []
            var month = from
            while month.first < cycle.first {
                earlier.append(try self.report(month))
                month = month.adding(1)
            }
            carry[budget.id] = try BudgetPlan.carry(of: budget, over: earlier)
        }
        let due = Commitment.due(in: cycle, links: try links(), installments: installments, today: today, facts: facts)
        return try BudgetPlan(report: report, book: book, language: language, carry: carry, commitments: due, today: today)
    }

    /// Today's ``CivilDay`` number in the machine's time zone, by the environment's clock.
    package static func today(_ env: Environment) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        let parts = calendar.dateComponents([.year, .month, .day], from: env.clock.now())
        return CivilDay.number(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }
}
