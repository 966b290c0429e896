import GardenStore

/// `garden undo`: reverts the last teach, recategorize or rules change exactly; the history keeps it,
/// marked undone. `garden undo --list` shows the history.
enum UndoCommand {
    static func run(_ arguments: [String], _ env: Environment) -> Int32 {
        CommandSupport.run(env) {
            let options = try CommandLineOptions(arguments, valued: ["--db", "--data"], flags: ["--list"])
            try options.rejectPositional("garden undo")
            let path = Session.databasePath(options, env)
            guard let store = try Session.store(env, options, options.flag("--list") ? .read : .write) else {
                throw CommandSupport.Failure(code: Exit.noInput, message: "no store at \(path)")
            }
            if options.flag("--list") {
                for entry in try store.history() {
                    env.stdout.write("\(entry.id)  \(entry.createdAt)  \(entry.kind)  \(entry.summary)\(entry.undone ? "  (undone)" : "")\n")
                }
                return Exit.ok
            }
            guard let entry = try store.undoLast(reresolve: Session.reresolver(env, options, store)) else {
                env.stdout.write("nothing to undo\n")
                return Exit.ok
            }
            env.stdout.write("undone: \(entry.kind) \(entry.summary) (journal entry \(entry.id))\n")
            return Exit.ok
        }
    }
}
