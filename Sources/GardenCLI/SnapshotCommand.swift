import GardenStore

/// `garden snapshot --db PATH --out FILE`: a compact, consistent copy of a store's learned state (no ledger,
/// no journal) for shipping to readers such as `resolve --read-only` on a cluster (``Store/snapshot(from:to:)``).
enum SnapshotCommand {
    static let usage = """
    usage: garden snapshot [--db PATH] --out FILE
      Writes FILE: the store's rules, manual overrides, merchant memory, naive-Bayes counts and identities
      (no ledger rows, no undo history), compact and consistent, mode 0600; the identity key, if any, to FILE.key.
      Read it with garden resolve --read-only --db FILE.
    """

    static func run(_ arguments: [String], _ env: Environment) -> Int32 {
        CommandSupport.run(env) {
            let options = try CommandLineOptions(arguments, valued: ["--db", "--out"], flags: [])
            guard let out = options.value("--out"), options.positional.isEmpty else {
                throw CommandLineOptions.UsageError(description: "give --out FILE\n\(usage)")
            }
            let source = Session.databasePath(options, env)
            guard source != out else { throw CommandLineOptions.UsageError(description: "--out must differ from the store") }
            let s = try Store.snapshot(from: source, to: out)
            env.stdout.write("snapshot \(out): \(s.rules) rule(s), \(s.overrides) override(s), \(s.memory) memory entr(ies), "
                + "\(s.features) naive-Bayes feature count(s), \(s.identities) identit(ies)\(s.keyCopied ? " (key in \(out).key)" : ""); "
                + "\(s.ledgerRowsLeftOut) ledger row(s) left out; \(s.bytes) bytes\n")
            return Exit.ok
        }
    }
}
