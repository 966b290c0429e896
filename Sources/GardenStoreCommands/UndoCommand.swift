import GardenStore
import GardenCommandKit
import GardenFoundation

/// `garden undo`: reverts the last teach, recategorize, rules, merchants (merge or split), me or link change exactly;
/// the history keeps it,
/// marked undone. `garden undo --list` shows the history.
package enum UndoCommand: Command {
    typealias Group = CommandOption.Group
    package static let name = "undo"
    package static let summary = "revert the last teach, recategorize, rules, merchants (merge/split), me or link change (--list: history)"
    package static let about = "Reverts the last teach, recategorize, rules, merchants (merge or split), me or link change; the history keeps it, marked undone."
    package static let options = [CommandOption("--list", nil, "the history instead")] + Group.data + Group.store
    package static let masksOutput = true

    package static func run(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        let path = Session.databasePath(options, env)
        guard let store = try Session.store(env, options, options.flag("--list") ? .read : .write) else {
            throw CommandSupport.Failure(code: Exit.noInput, message: "no store at \(path)")
        }
        if options.flag("--list") {
            for entry in try store.history() {
                env.stdout.write("\(entry.id)  \(entry.createdAt)  \(entry.kind)  " + JournalSummaryWords.text(entry.summary, env.words.language) + "\(entry.undone ? env.words("  (undone)", "  (desfeito)") : "")\n")
            }
            return Exit.ok
        }
        guard let entry = try store.undoLast(reresolve: Session.reresolver(env, options, store)) else {
            env.stdout.write(env.words("nothing to undo\n", "nada a desfazer\n"))
            return Exit.ok
        }
        env.committed.note("undone: journal entry \(entry.id) (\(entry.kind) \(entry.summary))")
        // The entry's kind, unless its summary starts with it (`accounts rename …`: "undone: accounts accounts rename" said it twice).
        let kind = entry.summary.hasPrefix(entry.kind + " ") ? "" : "\(entry.kind) "
        env.stdout.write(env.words("undone: ", "desfeito: ") + kind + JournalSummaryWords.text(entry.summary, env.words.language) + " (" + env.words("journal entry ", "entrada do diário ") + "\(entry.id))\n")
        return Exit.ok
    }
}
