import Foundation
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands
import GardenStore
import GardenSQLite
import GardenLedger
import GardenLinkStore
import GardenSnapshot

/// A scratch folder with a store (`garden.db`) in it, removed at the end; commands run in-process
/// against it with no user rules and a fixed clock.
final class ScratchFolder {
    let path: String
    var db: String { path + "/garden.db" }

    init() {
        // No digits in the name: a run of them could read as a personal number and be masked in output.
        path = FileManager.default.temporaryDirectory.appendingPathComponent("garden-scratch-" + UUID().uuidString.filter(\.isLetter)).path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Runs `garden arguments` with `input` on stdin and `stdout` (memory unless given).
    func run(_ arguments: [String], _ input: String = "", stdout: ByteOutput? = nil, variables: [String: String] = [:]) -> ResolveCommandTests.Run {
        let out = MemoryOutput(), err = MemoryOutput()
        var all = ["GARDEN_DATA": ResolveCommandTests.root.path, "GARDEN_RULES_DIR": "/nonexistent", "LANG": "C", "HOME": path, "GARDEN_DB": db,
                   "GARDEN_CACHE_DIR": ResolveCommandTests.cacheDirectory]
        all.merge(variables) { $1 }
        let env = Environment(stdin: MemoryInput(input), stdout: stdout ?? out, stderr: err, variables: all,
                              clock: .fixed(Date(timeIntervalSince1970: 1_790_000_000)))
        let code = GardenCommandLine.finished(GardenCommandLine.run(arguments, env), env)
        return ResolveCommandTests.Run(code: code, stdout: out.text, stderr: err.text)
    }

    /// `count` rows with ids `r1`… recorded in the store.
    @discardableResult
    func record(_ count: Int, prefix: String = "r") -> ResolveCommandTests.Run {
        let rows = (1...count).map { #"{"id":"\#(prefix)\#($0)","date":"2026-03-\#(String(format: "%02d", $0 % 28 + 1))","description":"PADARIA DO ZE \#($0)","amount":-\#($0).50}"# }
        return run(["resolve", "--record"], rows.joined(separator: "\n") + "\n")
    }

    func ledgerCount(_ path: String? = nil) throws -> Int {
        try Store(path: path ?? db, access: .read).ledgerCount()
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
