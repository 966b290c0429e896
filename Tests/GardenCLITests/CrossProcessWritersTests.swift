import Foundation
import Testing
import GardenStore
import GardenLedger
@testable import GardenCLI

/// Writers in several processes at once on one store (hostile10 F8-F10). Threads of one process cannot show it: on
/// POSIX a lock belongs to the process, and closing any descriptor of the store file drops every lock the process
/// holds on it, SQLite's included. garden opened and closed the store file beside its open connection (a read-only
/// look kept open while the writer opened, a byte read to tell an empty file), so two writers of two processes could
/// both write: corrections and rules printed as done were lost, journal ids were handed out twice.
struct CrossProcessWritersTests {
    /// Runs the built binary on `db`; its exit status.
    static func run(_ arguments: [String], db: String) throws -> Int32 {
        let process = Process()
        process.executableURL = ResolveCommandTests.root.appendingPathComponent(".build/debug/garden")
        process.arguments = arguments + ["--db", db]
        var environment = ProcessInfo.processInfo.environment
        environment["GARDEN_DATA"] = ResolveCommandTests.root.path
        environment["GARDEN_RULES_DIR"] = "/nonexistent"
        environment["GARDEN_BUSY_TIMEOUT"] = "60"
        environment["LANG"] = "C"
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    final class Done: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var ids: [Int] = []
        func add(_ id: Int) { lock.lock(); ids.append(id); lock.unlock() }
    }

    /// Three processes writing at once, one after another in each of three lanes (a category correction, an amount
    /// correction, a rule added): every command that says it is done has its change in the store, with its own
    /// journal entry.
    @Test func everyChangeAWriterReportsDoneIsInTheStore() throws {
        let binary = ResolveCommandTests.root.appendingPathComponent(".build/debug/garden")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build the package first: swift build")
        let w = StoreHardeningTests.Workspace()
        let rows = (0..<16).map { #"{"id":"p\#($0)","date":"2026-10-\#(String(format: "%02d", $0 + 1))","description":"PADARIA ESTRELA \#($0)","amount":-\#($0 + 3).50,"currency":"BRL"}"# }
        #expect(w.run(["resolve", "--record"], rows.joined(separator: "\n") + "\n").code == 0)
        let corrected = Done(), amended = Done(), added = Done()
        let db = w.db
        DispatchQueue.concurrentPerform(iterations: 3) { lane in
            for i in 0..<8 {
                switch lane {
                case 0: if (try? Self.run(["row", "correct", "p\(i)", "--category", "transport.fuel"], db: db)) == 0 { corrected.add(i) }
                case 1: if (try? Self.run(["row", "correct", "p\(i + 8)", "--amount", "-1.00"], db: db)) == 0 { amended.add(i + 8) }
                default: if (try? Self.run(["rules", "add", #"if description "xq\#(i)" => category food.groceries"#], db: db)) == 0 { added.add(i) }
                }
            }
        }
        #expect(corrected.ids.count == 8 && amended.ids.count == 8 && added.ids.count == 8,
                "every writer waits for the others and succeeds: \(corrected.ids.count), \(amended.ids.count), \(added.ids.count)")
        let ledger = try w.ledger()
        for i in corrected.ids { #expect(ledger["p\(i)"].map { LedgerEntry($0).resolution.category } == "transport.fuel", "p\(i)") }
        for i in amended.ids { #expect(ledger["p\(i)"].map { LedgerEntry($0).input.amount } == -100, "p\(i)") }
        let store = try Store(path: db, access: .read)
        let rules = Set(try store.rules().map(\.text))
        for i in added.ids { #expect(rules.contains(#"if description "xq\#(i)" => category food.groceries"#), "xq\(i)") }
        #expect(try store.history(limit: 100).count == corrected.ids.count + amended.ids.count + added.ids.count)
    }
}
