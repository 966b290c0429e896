import GardenFoundation
import GardenEngine
import GardenStore
import GardenCommandKit
import GardenLedger
import GardenResolvers

/// `garden recategorize`: re-resolves recorded rows with the current rules and model. Manual overrides
/// come first in the precedence, so rows set by hand keep what the user set. `--dry-run` changes
/// nothing and prints the summary; `--diff` prints the changed rows as JSON lines; an applied run that changes
/// rows is one journal entry that `garden undo` reverts byte for byte; one that changes none writes no entry.
package enum RecategorizeCommand: Command {
    typealias Group = CommandOption.Group
    package static let name = "recategorize"
    package static let summary = "re-resolve recorded rows (--dry-run, --diff, --since, --rule)"
    package static let about = """
    Re-resolves recorded rows with the current rules and model; manual overrides always stay. An applied
    run that changes rows is one journal entry (garden undo reverts it); one that changes none writes none. A stored row that cannot be read is reported by
    its id and left as it is (exit 65).
    """
    package static let options = [
        CommandOption("--dry-run", nil, "change nothing; print the summary"),
        CommandOption("--diff", nil, "print each changed row as a JSON line: its description and the fields that changed (the summary goes to stderr)"),
        CommandOption("--since", "YYYY-MM-DD", "only rows dated from this day on"),
        CommandOption("--rule", "ID", "only rows the rule can match"),
        Progress.quietOption,
        Group.language,
    ] + Group.data + Group.store
    package static let masksOutput = true

    package static func run(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        if let since = options.value("--since"), CalendarDate.localDate(since) == nil || since.count != 10 {
            throw CommandLineOptions.UsageError(description: "--since needs a date YYYY-MM-DD, got \(since)")
        }
        let session = try Session.open(env, options, access: options.flag("--dry-run") ? .read : .write, recordsResolutions: !options.flag("--dry-run"))
        guard let store = session.store else {
            throw CommandSupport.Failure(code: Exit.noInput, message: "no store at \(Session.databasePath(options, env)); record rows with garden resolve --record")
        }
        let reach = try reach(options, session)
        // Names in the run's language, as `resolve --record` writes them (--lang, else the locale): a fixed
        // language re-wrote every row an English-locale user had recorded and defeated the unchanged-row skip.
        let writer = ResolutionWriter(taxonomy: session.catalog.taxonomy, language: try CommandSupport.language(options, env))
        var examined = 0
        var changed: [(read: LedgerRow, new: LedgerRow)] = []
        var moves: [String: Int] = [:]
        // Rows that kept their category, by category: how many, and which fields changed.
        var kept: [String: (count: Int, fields: Set<String>)] = [:]
        let out = BufferedOutput(env.stdout)
        let progress = Progress(env, job: "recategorize", total: options.value("--since") == nil ? try store.ledgerCount() : nil, options: options)
        var unreadable = 0
        // What this run resolves rows under (issue 38): a row recorded or recategorized under the same state, from the
        // same stored line, resolves to what it holds, so it counts as examined and unchanged without being resolved.
        let state = try ResolutionState(session, options, env, language: writer.language, utcOffsetMinutes: TransactionReader().utcOffsetMinutes)
        // The rows resolved now (their stored line as read), recorded with their fingerprint after the run.
        var resolved: [(rowid: Int64, fingerprint: Int64)] = []
        func unchanged(_ rowID: String, _ raw: String) {
            progress.advance()
            if let reach {
                // Only a row the rule can reach counts as examined, as when it is resolved.
                guard let read = try? RowReader().read(stored: raw, rowID: rowID), reach.mayMatch(read.1) else { return }
            }
            examined += 1
        }
        let visit = { (rowid: Int64?, row: LedgerRow) in
            progress.advance()
            let transaction: Transaction
            do {
                (_, transaction) = try RowReader().read(stored: row.raw, rowID: row.rowID)
            } catch {
                // Reported, and left in the ledger as it is: never skipped silently.
                unreadable += 1
                progress.finish()
                env.complain("\(error); left as it is")
                return
            }
            guard reach?.mayMatch(transaction) ?? true else { return }
            examined += 1
            let updated = Session.resolved(row, session.pipeline.resolve(transaction), writer)
            if let state, let rowid { resolved.append((rowid, state.fingerprint(rowID: row.rowID, raw: row.raw))) }
            guard updated.resolution != row.resolution else { return }
            let before = LedgerEntry(row), after = LedgerEntry(updated)
            let fieldChanges = before.resolution.changes(to: after.resolution)
            if Self.onlyRenamed(fieldChanges, before, after) { return }
            changed.append((row, updated))
            if before.resolution.category != after.resolution.category {
                moves["\(before.resolution.category) → \(after.resolution.category)", default: 0] += 1
            } else {
                kept[before.resolution.category, default: (0, [])].count += 1
                kept[before.resolution.category]!.fields.formUnion(fieldChanges.map(\.field))
            }
            if options.flag("--diff") { out.append(diff(before, fieldChanges)) }
        }
        let readAt = try store.dataVersion()
        if let state {
            try store.forEachLedgerRow(since: options.value("--since"), unless: state.fingerprint(rowID:raw:), unchanged: unchanged, visit)
        } else {
            try store.forEachLedgerRow(since: options.value("--since")) { visit(nil, $0) }
        }
        progress.finish()
        out.flush()
        let w = env.words
        var summary = w("\(examined) row(s) examined, \(changed.count) changed", "\(examined) linha(s) examinada(s), \(changed.count) mudada(s)")
        if options.flag("--dry-run") { summary += w.dryRun }
        var report = summary + "\n"
        for (category, group) in kept { moves[Self.kept(category, group.fields, w), default: 0] += group.count }
        for (move, count) in moves.sorted(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }) {
            report += "  \(count)  \(move)\n"
        }
        if !options.flag("--dry-run") {
            // The journal keeps the summary in English; undo --list says it in its run's language (JournalSummaryWords).
            report += try apply(changed, summary: "\(examined) row(s) examined, \(changed.count) changed", store, env, quiet: options.flag("--quiet"))
            // What the rows resolved now were resolved under, changed or not: the next run skips them while it holds.
            try store.markResolved(resolved, readAt: readAt)
        }
        // The summary goes to stderr when the diff is on stdout, so stdout stays data.
        if options.flag("--diff") { env.stderr.write(report) } else { env.stdout.write(report) }
        return unreadable > 0 ? Exit.dataError : Exit.ok
    }

    /// `--rule ID`: only rows the rule can match are re-examined (``RuleReach``); nil: every row.
    static func reach(_ options: CommandLineOptions, _ session: Session) throws -> RuleReach? {
        guard let ruleID = options.value("--rule") else { return nil }
        guard let rule = session.user.rules.all.first(where: { $0.id == ruleID }) else {
            throw CommandSupport.Failure(code: Exit.dataError, message: "no rule \(ruleID)" + ClosestNames.hint(for: ruleID, among: session.user.rules.all.map(\.id))
                + "; see garden rules list")
        }
        return RuleReach(rule)
    }

    /// Whether a row whose resolution differs (`changes`) differs only by a source stored under a resolver's former id
    /// (a resolver split since: ``ResolverDescription/formerly``, `ResolverIDs`): unchanged then, as stored ids are never
    /// rewritten.
    static func onlyRenamed(_ changes: [LedgerResolution.Change], _ before: LedgerEntry, _ after: LedgerEntry) -> Bool {
        !changes.isEmpty && changes.allSatisfy { $0.field == "source" || $0.field == "merchant_source" }
            && before.resolution.changes(to: after.resolution, sameSource: { ResolverIDs.same(stored: $0, now: $1) }).isEmpty
    }

    /// Writes the changed rows as one journal entry and says so. A run that writes no row (nothing changed, or every
    /// changed row was changed meanwhile) writes no journal entry and says "nothing changed": `garden undo` then reverts
    /// the change before it, the one the user sees (ledger6 item 5: an empty entry made undo revert nothing visible).
    static func apply(_ changed: [(read: LedgerRow, new: LedgerRow)], summary: String, _ store: Store, _ env: Environment, quiet: Bool = false) throws -> String {
        let progress = Progress(env, job: "recategorize: writing", total: changed.count, quiet: quiet || changed.count < Store.chunkSize)
        let applied = try store.applyRecategorization(changed, summary: summary) { progress.update($0) }
        progress.finish()
        var report = ""
        if !applied.skipped.isEmpty {
            report += env.words("\(applied.skipped.count) row(s) left as they are: taught or recorded again while this run read them\n",
                                "\(applied.skipped.count) linha(s) deixada(s) como estão: ensinadas ou registradas de novo enquanto esta execução as lia\n")
        }
        guard applied.journal != 0 else { return report + env.words("nothing changed\n", "nada mudou\n") }
        env.committed.note("recategorize applied as journal entry \(applied.journal)")
        store.checkpoint()
        return report + env.words.applied(journal: applied.journal) + "\n"
    }

    /// A summary line for rows that kept their category: `insurance kept (merchant, review changed)`, never
    /// `insurance → insurance`; the fields in the `transactions` view's order.
    static func kept(_ category: String, _ fields: Set<String>, _ w: Phrasebook = Phrasebook(.english)) -> String {
        let order = ["category_name", "confidence", "source", "merchant", "merchant_kind", "brand", "intermediary", "seller", "document",
                     "merchant_confidence", "merchant_source", "budget", "budget_name", "review", "review_reasons", "installment", "direction", "flow"]
        let named = order.filter(fields.contains) + fields.subtracting(order).sorted()
        let what = named.isEmpty ? w("its resolution", "sua resolução") : named.joined(separator: ", ")
        return category + w(" kept (\(what) changed)", " mantida (\(what) mudou)")
    }

    /// A `--diff` line: the row, its date, amount and description, and each changed field before and after.
    static func diff(_ before: LedgerEntry, _ changes: [LedgerResolution.Change]) -> String {
        var out = "{\"row_id\":\(quoted(before.rowID)),\"date\":\(before.date.map(quoted) ?? "null"),"
            + "\"amount\":\(before.input.decimalAmount.map(quoted) ?? "null"),\"description\":\(quoted(before.input.description))"
        out += ",\"before\":{" + changes.map { "\(quoted($0.field)):\($0.before)" }.joined(separator: ",") + "}"
        out += ",\"after\":{" + changes.map { "\(quoted($0.field)):\($0.after)" }.joined(separator: ",") + "}}\n"
        return out
    }

    static func quoted(_ text: String) -> String {
        var w = JSONWriter()
        w.string(text)
        return String(decoding: w.bytes, as: UTF8.self)
    }
}
