import GardenFoundation
import GardenCatalog
import GardenStore
import GardenLinking
import GardenCommandKit
import GardenLinkStore

/// `garden link [--since DATE] [--dry-run]`: links the recorded rows (transfer pairs, refunds, IOF, racha
/// suggestions, installment plans, recurring series). Only rows recorded or changed since the last run are
/// examined, with their candidate partners; `--since` also re-examines every row dated on or after DATE.
/// An applied run is one journal entry (`garden undo` reverts it exactly); a run with nothing new changes
/// nothing.
package enum LinkCommand: Command {
    typealias Group = CommandOption.Group
    package static let name = "link"
    package static let summary = "link recorded rows: transfer pairs, refunds, IOF, racha, installment plans, recurring (--since, --dry-run)"
    package static let about = """
    Links the rows recorded or changed since the last run with their candidate partners; one journal
    entry, undone exactly; nothing new: nothing written.
    """
    package static let options = [
        CommandOption("--since", "YYYY-MM-DD", "also re-examine every row dated this day or later"),
        CommandOption("--dry-run", nil, "change nothing; print the summary"),
        Progress.quietOption,
    ] + Group.store

    package static func run(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        guard options.positional.isEmpty else { throw CommandLineOptions.UsageError(description: "link: unexpected argument \"\(options.positional[0])\"") }
        if let since = options.value("--since"), since.count != 10 || CalendarDate.localDate(since) == nil {
            throw CommandLineOptions.UsageError(description: "--since needs a date YYYY-MM-DD, got \(since)")
        }
        let store = try openStore(options, env)
        var batch = LinkBatch(store: store, reader: try factsReader(store, env, catalog: { try? env.loadCatalog(options) }))
        let progress = Progress(env, job: "link", total: options.value("--since") == nil ? try store.unlinkedChanges() : nil, options: options)
        batch.onProgress = { progress.update($0) }
        let outcome = try batch.run(since: options.value("--since"), dryRun: options.flag("--dry-run"))
        progress.finish()
        let w = env.words
        var report = w("\(outcome.examined) row(s) examined: \(outcome.added.count) link(s) added, \(outcome.changed.count) changed, "
            + "\(outcome.removed.count) removed, \(outcome.unchanged) unchanged",
            "\(outcome.examined) linha(s) examinada(s): \(outcome.added.count) vínculo(s) novo(s), \(outcome.changed.count) mudado(s), "
            + "\(outcome.removed.count) removido(s), \(outcome.unchanged) sem mudança")
        report += options.flag("--dry-run") ? w.dryRun + "\n" : "\n"
        var counts: [String: Int] = [:]
        for link in outcome.added + outcome.changed { counts[w.linkKind(link.kind.rawValue) + " " + w.status(link.status.rawValue, of: link.kind.rawValue), default: 0] += 1 }
        for (what, count) in counts.sorted(by: { $0.key < $1.key }) { report += "  \(count)  \(what)\n" }
        if let id = outcome.journalID {
            env.committed.note("link run applied as journal entry \(id)")
            store.checkpoint()
            report += w.applied(journal: id) + "\n"
        }
        env.stdout.write(report)
        // Reported by id, never left out silently (exit 65, as budgets does).
        for (rowID, reason) in outcome.leftOut { env.complain(w("row \(rowID): \(reason); left out of linking", "linha \(rowID): \(reason); deixada fora dos vínculos")) }
        return outcome.leftOut.isEmpty ? Exit.ok : Exit.dataError
    }

    /// The store named by `--db` / `$GARDEN_DB`, which must exist: for `writing` (link, a link decision)
    /// opened for writing; else read-only when its schema is current (`links`, `budgets` then work on a
    /// read-only store), for writing when it must first be migrated.
    static func openStore(_ options: CommandLineOptions, _ env: Environment, writing: Bool = true) throws -> Store {
        let path = Session.databasePath(options, env)
        if !writing, let store = try Session.store(env, options, .read), store.isCurrent { return store }
        guard let store = try Session.store(env, options, .write) else {
            throw CommandSupport.Failure(code: Exit.noInput, message: "no store at \(path); record rows with garden resolve --record")
        }
        return store
    }

    /// The facts reader with the holder's identities (`garden me`) and the banks of `catalog` (called the
    /// first time a row's facts are read, so `budgets` on linked rows never loads it).
    static func factsReader(_ store: Store, _ env: Environment, reading: Bool = false, catalog: @escaping () -> Catalog?) throws -> LinkFactsReader {
        let learned = try Session.learnedState(store, recordsResolutions: !reading, env)
        let banks = BankNames(load: catalog)
        return LinkFactsReader(isAccountHolder: { learned.isAccountHolder(name: $0, document: $1) }, holderAccounts: try store.identities().compactMap(\.account),
                               bankNamed: banks.bank(named:))
    }
}
