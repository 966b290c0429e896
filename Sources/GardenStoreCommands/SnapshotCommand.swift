import Foundation
import GardenStore
import GardenCommandKit
import GardenSnapshot
import GardenFoundation

/// `garden snapshot --db PATH --out FILE`: a compact, consistent copy of a store's learned state (no ledger,
/// no journal) for shipping to readers such as `resolve --read-only` on a cluster (``Store/snapshot(from:to:)``).
package enum SnapshotCommand: Command {
    typealias Group = CommandOption.Group
    package static let name = "snapshot"
    package static let arguments = "--out FILE"
    package static let summary = "a compact copy of the learned state for resolve --read-only (--db PATH --out FILE)"
    package static let about = """
    Writes FILE: the store's rules, manual overrides, merchant memory, naive-Bayes counts and identities
    (no ledger rows, no undo history), compact and consistent, mode 0600; the identity key, if any, to FILE.key.
    Read it with garden resolve --read-only --db FILE. An existing FILE (or FILE.key) is replaced only with
    --force and only when it is an earlier snapshot (and its key); never the store itself (however it is
    reached), another file, or anything that is not a regular file.
    """
    package static let options = [
        CommandOption("--out", "FILE", "the snapshot file (new; never the store itself)"),
        CommandOption("--force", nil, "replace an earlier snapshot FILE and its FILE.key"),
    ] + Group.store

    package static func run(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        guard let out = options.value("--out"), options.positional.isEmpty else {
            throw CommandLineOptions.UsageError(description: "give --out FILE")
        }
        let source = Session.databasePath(options, env)
        let s = try Store.snapshot(from: source, to: out, replacing: options.flag("--force"), protecting: [Session.registryPath(options, env)])
        env.stdout.write(env.words(
            "snapshot \(out): \(s.rules) rule(s), \(s.overrides) override(s), \(s.memory) memory entr(ies), "
                + "\(s.features) naive-Bayes feature count(s), \(s.identities) identit(ies)\(s.keyCopied ? " (key in \(out).key)" : ""); "
                + "\(s.ledgerRowsLeftOut) ledger row(s) left out; \(s.bytes) bytes\n",
            "snapshot \(out): \(s.rules) regra(s), \(s.overrides) correção(ões) à mão, \(s.memory) entrada(s) de memória, "
                + "\(s.features) contagem(ns) de atributos do naive Bayes, \(s.identities) identidade(s)\(s.keyCopied ? " (chave em \(out).key)" : ""); "
                + "\(s.ledgerRowsLeftOut) linha(s) do registro deixada(s) de fora; \(s.bytes) bytes\n"))
        return Exit.ok
    }
}
