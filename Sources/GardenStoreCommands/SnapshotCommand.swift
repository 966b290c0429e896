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
    --force, and never when it is the store itself (however it is reached) or not a regular file.
    """
    package static let options = [
        CommandOption("--out", "FILE", "the snapshot file (new; never the store itself)"),
        CommandOption("--force", nil, "replace an existing FILE and FILE.key (a regular file that is not the store)"),
    ] + Group.store

    package static func run(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        guard let out = options.value("--out"), options.positional.isEmpty else {
            throw CommandLineOptions.UsageError(description: "give --out FILE")
        }
        let source = Session.databasePath(options, env)
        try checkTarget(out)
        let s = try Store.snapshot(from: source, to: out, replacing: options.flag("--force"))
        env.stdout.write("snapshot \(out): \(s.rules) rule(s), \(s.overrides) override(s), \(s.memory) memory entr(ies), "
            + "\(s.features) naive-Bayes feature count(s), \(s.identities) identit(ies)\(s.keyCopied ? " (key in \(out).key)" : ""); "
            + "\(s.ledgerRowsLeftOut) ledger row(s) left out; \(s.bytes) bytes\n")
        return Exit.ok
    }

    /// Refuses (73, naming it) a snapshot path that is a folder, or in a folder that does not exist or
    /// cannot be written, before anything is copied.
    static func checkTarget(_ out: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: out, isDirectory: &isFolder), isFolder.boolValue {
            throw CommandSupport.Failure(code: Exit.cannotCreate, message: "--out \(out) is a folder; give the snapshot's file name")
        }
        let folder = (out as NSString).deletingLastPathComponent.isEmpty ? "." : (out as NSString).deletingLastPathComponent
        guard FileManager.default.fileExists(atPath: folder) else {
            throw CommandSupport.Failure(code: Exit.cannotCreate, message: "cannot write the snapshot \(out): the folder \(folder) does not exist")
        }
        guard access(folder, W_OK) == 0 else {
            throw CommandSupport.Failure(code: Exit.cannotCreate, message: "cannot write the snapshot \(out): the folder \(folder) is not writable by you")
        }
    }
}
