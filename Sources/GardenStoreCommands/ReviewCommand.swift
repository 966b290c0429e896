import Foundation
import GardenLinking
import GardenStore
import GardenFoundation
import GardenCommandKit
import GardenLedger
import GardenCatalog

/// `garden review [--month YYYY-MM] [--since DATE] [--json] [--limit N]`: the rows flagged for review,
/// grouped by merchant identity and direction and listed by kind of doubt (``ReviewQueue``, ``ReviewDoubt``), largest first: each group's count,
/// totals, two sample descriptors, garden's best guess with its confidence, why it was unsure, and the
/// one `garden teach` command that settles it (on the next `garden recategorize`). `review accept` takes garden's
/// guess for groups (by their number in the list or their merchant identity), for rows (by id), or for every
/// flagged row whose confidence is at least `--above C`: the rows leave the queue at once.
package enum ReviewCommand: Command {
    typealias Group = CommandOption.Group
    package static let name = "review"
    package static let arguments = "[accept GROUP|IDENTITY|ROW... | accept --all | accept --above C]"
    package static let summary = "the rows flagged for review, grouped by merchant and kind of doubt, with the teach command that settles each group; accept garden's guesses"
    package static let about = """
    Lists the rows flagged for review, grouped by merchant identity and direction, under the kind of doubt
    that flagged them (no category, a store that sells many kinds of things, weak evidence, …), the kind with
    the most rows first and within it the largest group first:
    each with its rows, totals, two sample descriptors, garden's best guess with its confidence, why it
    was unsure, and the garden teach command that settles the group (its flagged rows at once, the
    merchant's other rows on the next garden recategorize; a row without a merchant identity only itself).
    accept takes garden's guess as the answer, for groups by their number in the list of the same scope
    (garden review accept 1 3 5 numbers as garden review does; with --month, as garden review --month does)
    or merchant identity (name:padariadoze), for rows by id, for every group (--all) or for every flagged row
    whose own confidence is at least C (--above 0.5): each row keeps its category as a manual override of
    its own and leaves the queue at once; nothing is learned about its merchant (garden teach does that).
    One journal entry: garden undo reverts it. A row garden had no guess for (uncategorized) is never accepted.
    """
    package static let options = [Group.language] + Group.selection + [
        CommandOption("--json", nil, "one JSON object a group, a line each, then one a suggested rule ({\"suggested_rule\": …})"),
        CommandOption("--limit", "N", "at most N groups (default 20; 0: all)"),
        CommandOption("--all", nil, "accept: every group"),
        CommandOption("--above", "C", "accept: every flagged row whose confidence is at least C (0 to 1)"),
    ] + Array(Group.data.prefix(3)) + Group.store
    package static let maximumArguments: Int? = nil
    package static let masksOutput = true

    package static func run(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        var options = options
        switch options.positional.first {
        case "accept":
            _ = options.shift()
            return try accept(options, env)
        case let other?:
            throw CommandLineOptions.UsageError(description: "review: unexpected argument \"\(other)\"; verb: accept")
        case nil:
            if options.flag("--all") || options.value("--above") != nil { throw CommandLineOptions.UsageError(description: "--all and --above are for review accept") }
        }
        let limit = try CommandSupport.limit(options, default: 20)
        let store = try LinkCommand.openStore(options, env, writing: false)
        let queue = try store.reviewQueue(try cycleSelection(options, store))
        let shown = queue.prefix(limit)
        let db = options.value("--db")
        // One language on the screen: labels, kinds of doubt, reasons and the guesses' category names (issue 36).
        let words = Phrasebook(try CommandSupport.language(options, env))
        let taxonomy = try env.loadCatalog(options).taxonomy
        let hidden = queue.groups.count - shown.groups.count
        if options.flag("--json") {
            env.stdout.write(shown.groups.map { $0.json(db: db, language: words.language, taxonomy: taxonomy) + "\n" }.joined())
            env.stdout.write(try RuleSuggestions.find(store).jsonLines(limit: limit == 0 ? Int.max : limit, db: db))
            if hidden > 0 { env.complain(words("\(hidden) more group(s) not shown; --limit 0 lists all", "mais \(hidden) grupo(s) não mostrado(s); --limit 0 lista todos")) }
            return Exit.ok
        }
        env.stdout.write(text(queue, shown: shown, db: db, words: words, taxonomy: taxonomy))
        // The rules the corrections suggest, with their reach (``RuleSuggestions``).
        env.stdout.write(try RuleSuggestions.find(store).text(limit: limit == 0 ? Int.max : limit, db: db, words: words))
        return Exit.ok
    }

    static func text(_ queue: ReviewQueue, shown: ReviewQueue, db: String?, words: Phrasebook = Phrasebook(.english), taxonomy: Taxonomy? = nil) -> String {
        guard !queue.groups.isEmpty else { return words("nothing to review", "nada a revisar") + "\n" }
        var out = words("to review: ", "a revisar: ") + words.rows(queue.rows) + words(" in ", " em ") + words.groups(queue.groups.count)
            + words(", by why garden was unsure, largest first", ", pelo motivo da dúvida, maiores primeiro") + "\n"
        var doubt: ReviewDoubt?
        for (index, group) in shown.groups.enumerated() {
            if group.doubt != doubt {
                doubt = group.doubt
                let section = queue.sections.first { $0.doubt == group.doubt }!.groups
                let rows = queue.groups[section].reduce(0) { $0 + $1.count }
                out += "── \(group.doubt.heading(portuguese: words.language == .portuguese)): " + words.rows(rows) + words(" in ", " em ") + words.groups(section.count) + "\n"
            }
            let totals = group.totals.map { total in
                total.minorUnits.map { MoneyDisplay.text($0, currency: total.currency, language: words.language) } ?? "\(total.currency) \(total.decimal)"
            }.joined(separator: " + ")
            let direction = group.direction.map { ", " + ResolutionWords.direction($0, words.language) } ?? ""
            out += "\(index + 1). \(group.merchant ?? words("(no merchant)", "(sem estabelecimento)"))"
            out += " [\(group.identity ?? words("no merchant identity", "sem identidade de estabelecimento"))\(direction)]: " + words.rows(group.count)
            out += totals.isEmpty ? "\n" : ", \(totals)\n"
            out += words("   e.g. ", "   ex.: ") + group.samples.map { "\"\($0)\"" }.joined(separator: ", ") + "\n"
            // The guess by its name in the run's language, its id (what --category takes) beside it, its confidence a percent.
            let name = taxonomy?[group.guess.category]?.name(words.language) ?? group.guess.name
            out += group.guess.category == CategoryID.uncategorized ? words("   no guess", "   sem palpite")
                : words("   guess ", "   palpite ") + "\(name) (\(group.guess.category)), " + ResolverWords.percent(group.guess.confidence, words.language)
            out += group.reasons.isEmpty ? "\n"
                : words("; unsure: ", "; dúvida: ") + group.reasons.map { ReviewReasonWords.text($0, words.language) }.joined(separator: "; ") + "\n"
            out += words("   settle: ", "   resolver: ") + group.teachCommand(db: db, language: words.language)
                + (group.settlesMerchant ? "\n" : words("  (this row only: nothing identifies its merchant)", "  (só esta linha: nada identifica o estabelecimento)") + "\n")
        }
        let hidden = queue.groups.count - shown.groups.count
        if hidden > 0 { out += "… " + words("\(hidden) more group(s); --limit 0 lists all", "mais \(hidden) grupo(s); --limit 0 lista todos") + "\n" }
        return out
    }

    /// The rows `--month` and `--since` select, a month being the user's pay cycle (`garden budgets set --cycle-start`)
    /// as `budgets` and `report` read it: with cycles starting on the 5th, `--month 2026-10` is 2026-10-05 … 2026-11-04
    /// (hostile9 F9: the queue listed calendar October while the report's "To review" counted the cycle).
    static func cycleSelection(_ options: CommandLineOptions, _ store: Store) throws -> RowSelection {
        var selection = try CommandSupport.selection(options)
        guard let month = options.value("--month") else { return selection }
        let start = try store.userBudgets().cycleStart
        guard start != 1, let cycle = PayCycle(month: month, startDay: start) else { return selection }
        let since = options.value("--since") ?? ""
        selection.from = max(cycle.firstDate, since)
        selection.before = CivilDay.text(cycle.last + 1)
        return selection
    }

    /// `review accept`: garden's guess kept as the answer for the chosen groups or rows (see ``about``).
    static func accept(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        _ = try CommandSupport.selection(options)       // a bad --month or --since is refused before the store is opened
        let above = try options.value("--above").map { text -> Int in
            guard let value = Decimal(string: text), value >= 0, value <= 1 else {
                throw CommandLineOptions.UsageError(description: "--above needs a confidence from 0 to 1, got \"\(text)\"")
            }
            return NSDecimalNumber(decimal: value * 1000).intValue
        }
        let all = options.flag("--all")
        let picks = options.positional
        guard all || above != nil || !picks.isEmpty else {
            throw CommandLineOptions.UsageError(description: "review accept needs groups (their number or identity), row ids, --all or --above C")
        }
        let session = try Session.open(env, options, access: .write)
        guard let store = session.store else {
            throw CommandSupport.Failure(code: Exit.noInput, message: "no store at \(Session.databasePath(options, env)); record rows with garden resolve --record")
        }
        let selection = try cycleSelection(options, store)
        let queue = try store.reviewQueue(selection)
        // Each row chosen with the category it is accepted under.
        var chosen: [(rowID: String, category: String)] = []
        var unknown: [String] = []
        for pick in picks {
            if let number = Int(pick) {
                guard number >= 1, number <= queue.groups.count else { unknown.append(pick); continue }
                let group = queue.groups[number - 1]
                chosen += group.rowIDs.map { ($0, group.guess.category) }
            } else if let group = queue.groups.first(where: { $0.identity == pick }) {
                chosen += group.rowIDs.map { ($0, group.guess.category) }
            } else if let group = queue.groups.first(where: { $0.rowIDs.contains(pick) }) {
                let category = try store.ledgerRow(id: pick).map { LedgerEntry($0).resolution.category } ?? group.guess.category
                chosen.append((pick, category))
            } else {
                unknown.append(pick)
            }
        }
        if all { for group in queue.groups { chosen += group.rowIDs.map { ($0, group.guess.category) } } }
        var entries: [String: LedgerEntry] = [:]
        for group in queue.groups {
            for id in group.rowIDs { if let row = try store.ledgerRow(id: id) { entries[id] = LedgerEntry(row) } }
        }
        if let above {
            for (id, entry) in entries.sorted(by: { $0.key < $1.key }) where entry.resolution.confidence.perMille >= above {
                chosen.append((id, entry.resolution.category))
            }
        }
        let words = Phrasebook(try CommandSupport.language(options, env))
        // A group's number is its place in the listing of the same scope: `garden review` (no --month) numbers every
        // month's queue, and `review accept 61` without --month takes its group 61 (newuser36 item 5: it was refused with a
        // hint naming the latest month, where 61 was no group). The groups accepted are named, so a number read from a
        // listing of another scope shows at once what it took.
        var named: [String] = []
        for pick in picks {
            guard let number = Int(pick), number >= 1, number <= queue.groups.count else { continue }
            let group = queue.groups[number - 1]
            named.append("\(number). \(group.merchant ?? words("(no merchant)", "(sem estabelecimento)")) [\(group.identity ?? words("no merchant identity", "sem identidade de estabelecimento"))]: " + words.rows(group.count))
        }
        if queue.groups.isEmpty, !picks.isEmpty {
            throw CommandSupport.Failure(code: Exit.dataError, message: words("the review queue is empty" + (selection == .all ? "" : " for the rows chosen (--month, --since)") + ": nothing to accept",
                                                                             "a fila de revisão está vazia" + (selection == .all ? "" : " para as linhas escolhidas (--month, --since)") + ": nada a aceitar"))
        }
        if let pick = unknown.first {
            // Nothing is accepted when one pick names nothing: the user meant something else. The closest merchant
            // identities and flagged rows (a part of an identity first: "padaria" for name:padariadoze).
            let identities = queue.groups.compactMap(\.identity)
            var close = Array(identities.filter { $0.contains(pick.lowercased()) }.prefix(3))
            if close.isEmpty, Int(pick) == nil { close = ClosestNames.suggestions(for: pick, among: identities + queue.groups.flatMap(\.rowIDs)) }
            let hint = close.isEmpty ? "" : words("; did you mean ", "; você quis dizer ") + close.map { "\"\($0)\"" }.joined(separator: ", ") + "?"
            throw CommandSupport.Failure(code: Exit.dataError, message: words("\(pick) is no group (1 to \(queue.groups.count)), merchant identity or flagged row of the queue",
                                                                             "\(pick) não é grupo (1 a \(queue.groups.count)), identidade de estabelecimento nem linha da fila")
                + hint + words("; nothing accepted", "; nada foi aceito"))
        }
        var seen = Set<String>()
        var skipped = 0
        var corrections: [Correction] = []
        for (id, category) in chosen where seen.insert(id).inserted {
            guard category != "uncategorized", let entry = entries[id] else { skipped += 1; continue }
            corrections.append(Correction(rowID: id, category: category, merchant: nil, budget: nil, merchantKey: nil,
                                          direction: entry.resolution.direction ?? "any", features: []))
        }
        let origin = "accepted \(env.clock.timestamp())"
        try store.accept(corrections, origin: origin, summary: "accept \(corrections.count) row(s) of the review queue") { correction in
            guard let row = try store.ledgerRow(id: correction.rowID) else { return nil }
            let transaction = try Session.transaction(row.raw, rowID: row.rowID).1
            return try TeachCommand.updatedRow(session.pipeline.context(transaction), correction, origin: origin, session: session, language: env.words.language)
        }
        if !corrections.isEmpty { env.committed.note("accepted \(corrections.count) row(s)") }
        let left = try store.reviewQueue(selection)
        if !corrections.isEmpty, !named.isEmpty { env.stdout.write(named.map { words("accepted group ", "grupo aceito ") + $0 + "\n" }.joined()) }
        env.stdout.write(words("accepted ", "aceitas ") + words.rows(corrections.count)
                         + (skipped > 0 ? words(", \(skipped) left (garden had no category for them: garden teach gives one)",
                                                ", \(skipped) deixada(s) (garden não tinha categoria para elas: garden teach dá uma)") : "")
                         + "; " + words.rows(left.rows) + words(" in ", " em ") + words.groups(left.groups.count) + words(" still to review", " ainda a revisar")
                         + (corrections.isEmpty ? "\n" : words("; garden undo reverts it", "; garden undo desfaz") + "\n"))
        return Exit.ok
    }
}
