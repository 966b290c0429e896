import GardenFoundation
import GardenStore
import GardenLinking
import GardenCatalog
import GardenCommandKit

/// `garden budgets --month YYYY-MM [--json] [--installments at-purchase] [--lang en] [--cycle-start N]`: the
/// cycle's net cost per budget (``BudgetReport``) against the limits the user set (``BudgetPlan``): what is
/// left, the pace, totals, income, commitments due and what is free to spend (plan mode). `budgets set ID …`,
/// `budgets remove ID` and `budgets list` change and show the budgets themselves (``BudgetsCommand/set(_:_:)``).
package enum BudgetsCommand: Command {
    typealias Group = CommandOption.Group
    package static let name = "budgets"
    package static let arguments = "[--month YYYY-MM] | set ID | remove ID | list"
    package static let summary = "a month's net cost per budget against its limit; set, remove, list the budgets"
    package static let about = """
    The cycle's net cost per budget (refunds, accepted reimbursements and IOF applied to their purchase,
    transfer pairs left out) against each budget's limit: what is left, the pace, totals, income, transfers
    with persons, the neutral moves between your accounts, commitments due and not yet paid, and what is free to spend
    (Σ limits − Σ net spent in the budgets with a limit − commitments); --month, else the latest month.
    set ID: changes a budget (or adds one); remove ID: removes it; list: the budgets as set. A change is
    one journal entry (garden undo reverts it) and moves the recorded rows it concerns at once.
    """
    package static let options = [
        CommandOption("--month", "YYYY-MM", "the cycle (the month it starts in; default: the latest month recorded)"),
        CommandOption("--json", nil, "as JSON"),
        CommandOption("--installments", "per-month|at-purchase", "parcels in their own month (default) or the whole plan at purchase"),
        CommandOption("--cycle-start", "DAY", "the day cycles start (payday, 1-31); with set, kept"),
        Group.language,
        CommandOption("--name", "NAME", "set: the budget's name"),
        CommandOption("--limit", "AMOUNT", "set: the most to spend a cycle (1.234,56 or 1234.56; none: no limit)"),
        CommandOption("--currency", "CODE", "set: the limit's currency (default: the ledger's, else BRL)"),
        CommandOption("--categories", "ID,ID", "set: the categories or groups that count here (default: garden's)"),
        CommandOption("--merchants", "NAME,NAME", "set: merchants whose rows count here whatever their category (none: no merchant)"),
        CommandOption("--rollover", nil, "set: what is left (or overspent) carries into the next cycle"),
        CommandOption("--no-rollover", nil, "set: no carry"),
    ] + Array(Group.data.prefix(3)) + Group.store
    package static let maximumArguments: Int? = nil
    package static let masksOutput = true

    package static func run(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        var options = options
        switch options.positional.first {
        case "set", "remove":
            return try set(&options, env)
        case "list":
            _ = options.shift()
            try options.rejectPositional("budgets list")
            return try list(options, env)
        case let other?:
            throw CommandLineOptions.UsageError(description: "budgets: unexpected argument \"\(other)\"; verbs: set, remove, list")
        case nil:
            return try month(options, env)
        }
    }

    /// `budgets --month`.
    static func month(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        if let stray = setOptions.first(where: { options.value($0) != nil || options.flag($0) }) {
            throw CommandLineOptions.UsageError(description: "budgets --month: \(stray) is for budgets set")
        }
        let language = try CommandSupport.language(options, env)
        let mode = try installments(options)
        if let month = options.value("--month") { _ = try cycle(month, options, nil) }
        let (ledger, catalog, book) = try BudgetLedger.open(options, env, installments: mode)
        let cycle = try self.cycle(try ledger.month(options), options, book)
        let plan = try ledger.plan(cycle, book: book, language: language, today: BudgetLedger.today(env))
        let output = BudgetsOutput(plan: plan, taxonomy: catalog.taxonomy, language: language)
        env.stdout.write(options.flag("--json") ? try output.json() + "\n" : try output.text())
        return ledger.unreadable.isEmpty ? Exit.ok : Exit.dataError
    }

    package static func installments(_ options: CommandLineOptions) throws -> BudgetReport.Installments {
        try options.value("--installments").map { text -> BudgetReport.Installments in
            guard let mode = BudgetReport.Installments(rawValue: text) else {
                throw CommandLineOptions.UsageError(description: "--installments is per-month or at-purchase, got \(text)")
            }
            return mode
        } ?? .perMonth
    }

    /// The cycle `month` names, starting on `--cycle-start` or the day the user set.
    package static func cycle(_ month: String, _ options: CommandLineOptions, _ book: BudgetBook?) throws -> PayCycle {
        let start = try cycleStart(options) ?? book?.cycleStart ?? 1
        guard let cycle = PayCycle(month: month, startDay: start) else {
            throw CommandLineOptions.UsageError(description: "--month must be YYYY-MM with the month 01 to 12 (e.g. 2026-10), got \"\(month)\"")
        }
        return cycle
    }

    /// `--cycle-start`, checked (1–31).
    static func cycleStart(_ options: CommandLineOptions) throws -> Int? {
        guard let text = options.value("--cycle-start") else { return nil }
        guard let day = Int(text), (1...31).contains(day) else {
            throw CommandLineOptions.UsageError(description: "--cycle-start needs a day of the month from 1 to 31, got \(text)")
        }
        return day
    }

    /// `budgets list`: every budget with its name, limit, rollover, categories and merchants.
    static func list(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        let language = try CommandSupport.language(options, env)
        let store = try Session.store(env, options, .read)
        let catalog = try env.loadCatalog(options)
        let book = try env.userKnowledge(options, catalog, store: store).budgets
        let w = env.words
        var out = w("cycles start on day ", "os ciclos começam no dia ") + "\(book.cycleStart)\n"
        for id in book.budgets.keys.sorted() {
            guard let budget = book[id] else { continue }
            out += id.padding(toLength: 14, withPad: " ", startingAt: 0) + budget.name(language)
            if let limit = budget.limit { out += w("  limit ", "  limite ") + MoneyDisplay.text(limit, currency: budget.currency ?? "BRL", language: language) }
            if budget.rollover { out += w("  rollover from ", "  saldo acumulado desde ") + (budget.rolloverFrom ?? "-") }
            out += "\n"
            let categories = book.memberCategories(of: id, taxonomy: catalog.taxonomy)
            if !categories.isEmpty { out += w("  categories  ", "  categorias  ") + categories.joined(separator: ", ") + "\n" }
            let merchants = book.memberMerchants(of: id)
            if !merchants.isEmpty { out += w("  merchants   ", "  estabelecimentos  ") + merchants.joined(separator: ", ") + "\n" }
        }
        for (budget, category) in book.unknownCategories(taxonomy: catalog.taxonomy) {
            env.complain(w("budget \(budget) lists \"\(category)\", which the taxonomy does not have: left out", "o orçamento \(budget) lista \"\(category)\", que a taxonomia não tem: deixado de fora"))
        }
        env.stdout.write(out)
        return Exit.ok
    }
}
