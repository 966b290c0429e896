import Foundation
import Testing
@testable import GardenStore
@testable import GardenSQLite
@testable import GardenLedger
@testable import GardenLinkStore
@testable import GardenSnapshot
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands
import GardenFoundation

/// Issue 10, data loss and integrity: each numbered fault as a regression test, through the commands.
struct StoreHardeningTests {
    /// A fresh store path per test, with extra environment variables.
    final class Workspace {
        let folder: String
        let owned: Bool
        var db: String { folder + "/garden.db" }
        var variables: [String: String] = [:]

        init() {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("garden-harden-\(UUID().uuidString)").path
            owned = true
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }

        private init(folder: String) {
            self.folder = folder
            owned = false
        }

        /// Another workspace on the same store (for another thread); it removes nothing.
        static func sharing(_ db: String) -> Workspace { Workspace(folder: (db as NSString).deletingLastPathComponent) }

        func run(_ arguments: [String], _ input: String = "") -> ResolveCommandTests.Run {
            let out = MemoryOutput(), err = MemoryOutput()
            var all = ["GARDEN_DATA": ResolveCommandTests.root.path, "GARDEN_RULES_DIR": "/nonexistent", "LANG": "C", "HOME": "/nonexistent", "GARDEN_DB": db]
            all.merge(variables) { _, new in new }
            let env = Environment(stdin: MemoryInput(input), stdout: out, stderr: err, variables: all)
            return ResolveCommandTests.Run(code: GardenCommandLine.run(arguments, env), stdout: out.text, stderr: err.text)
        }

        func ledger() throws -> [String: LedgerRow] {
            var rows: [String: LedgerRow] = [:]
            try Store(path: db, access: .read).forEachLedgerRow { rows[$0.rowID] = $0 }
            return rows
        }

        func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

        deinit { if owned { try? FileManager.default.removeItem(atPath: folder) } }
    }

    static let uber = #"{"id":"r4","date":"2026-01-05","description":"UBER *TRIP","amount":-23.10}"#

    // 1. A batch never overwrites a row whose state changed after the batch read it.
    @Test func recategorizeLeavesARowTaughtAfterItWasRead() throws {
        let w = Workspace()
        #expect(w.run(["resolve", "--record"], Self.uber + "\n").code == 0)
        let store = try Store(path: w.db)
        let read = try #require(try store.ledgerRow(id: "r4"))
        var stale = read
        stale.resolution = "{\"from\":\"a rule\"}"
        #expect(w.run(["teach", "--id", "r4", "--category", "shopping.general"]).code == 0)
        let applied = try store.applyRecategorization([(read, stale)], summary: "test")
        #expect(applied.skipped == ["r4"])
        let row = try #require(try w.ledger()["r4"])
        #expect(row.category == "shopping.general")
        #expect(row.source == "manual_override")
    }

    // 1. A `resolve --record` batch resolved before a teach keeps the teach.
    @Test func recordResolvedBeforeATeachKeepsIt() throws {
        let w = Workspace()
        #expect(w.run(["resolve", "--record"], Self.uber + "\n").code == 0)
        let options = try CommandLineOptions([], valued: [], flags: [])
        let env = Environment(stdin: MemoryInput(""), stdout: MemoryOutput(), stderr: MemoryOutput(),
                              variables: ["GARDEN_DATA": ResolveCommandTests.root.path, "GARDEN_RULES_DIR": "/nonexistent", "LANG": "C", "GARDEN_DB": w.db])
        let session = try Session.open(env, options, access: .create)
        let before = try #require(try w.ledger()["r4"])
        let snapshot = try #require(session.pipeline.learned as? StoreLearnedState).generation
        #expect(w.run(["teach", "--id", "r4", "--category", "shopping.general"]).code == 0)
        var changed = before
        changed.raw = changed.raw.replacingOccurrences(of: "23.10", with: "23.11")
        try session.store!.record([changed], generation: snapshot, reresolve: Session.reresolver(env, options, session.store!))
        let row = try #require(try w.ledger()["r4"])
        #expect(row.raw.contains("23.11"))
        #expect(row.category == "shopping.general")
    }

    // 2. A writer waits for the lock, then says so clearly (exit 75); readers never hold writers back.
    @Test func aWriterBehindALockGivesUpClearlyAndReadersDoNotBlock() throws {
        let w = Workspace()
        #expect(w.run(["resolve", "--record"], Self.uber + "\n").code == 0)
        let reader = try Database(path: w.db, readOnly: true)
        try reader.execute("BEGIN")
        _ = try reader.prepare("SELECT COUNT(*) FROM ledger").all { $0.int(0) }
        // The reader keeps its read transaction open across both writes: a writer it held back would wait out
        // the busy timeout and give up (exit 75), so exit 0 says the reader did not block it — no clock needed.
        w.variables["GARDEN_BUSY_TIMEOUT"] = "1"
        #expect(w.run(["resolve", "--record"], #"{"id":"r5","description":"NETFLIX.COM","amount":-39.90}"# + "\n").code == 0)
        #expect(w.run(["teach", "--id", "r5", "--category", "shopping.general"]).code == 0)
        try reader.execute("COMMIT")

        let writer = try Database(path: w.db)
        try writer.execute("BEGIN IMMEDIATE")
        w.variables["GARDEN_BUSY_TIMEOUT"] = "0.3"
        let blocked = w.run(["rules", "add", #"if description "padaria" => category food.groceries"#])
        #expect(blocked.code == Exit.busy)
        #expect(blocked.stderr.contains("is busy: another garden held its lock for more than 0.3 s"))
        try writer.execute("ROLLBACK")
        #expect(w.run(["rules", "add", #"if description "padaria" => category food.groceries"#]).code == 0)
    }

    // 2. A long recategorize run commits in chunks under one journal entry that undo reverts.
    @Test func aLongRecategorizeIsOneJournalEntryInChunks() throws {
        let w = Workspace()
        let rows = (0..<(Store.chunkSize * 2 + 10)).map { #"{"id":"p\#($0)","description":"PADARIA ESTRELA \#($0 % 7)","amount":-4.50}"# }
        #expect(w.run(["resolve", "--record", "--jobs", "2"], rows.joined(separator: "\n") + "\n").code == 0)
        let before = try w.ledger()
        #expect(w.run(["rules", "add", #"if description "padaria estrela" => category food.restaurants"#]).code == 0)
        let run = w.run(["recategorize"])
        #expect(run.stdout.contains("\(rows.count) changed"))
        #expect(try Store(path: w.db).history().filter { $0.kind == "recategorize" }.count == 1)
        #expect(w.run(["undo"]).code == 0)
        #expect(try w.ledger() == before)
    }

    // 3. Undo re-resolves a row re-recorded since from its current input.
    @Test func undoReresolvesARowRecordedAgainSince() throws {
        let w = Workspace()
        #expect(w.run(["resolve", "--record"], #"{"id":"x1","description":"UBER *TRIP","amount":-10}"# + "\n").code == 0)
        #expect(w.run(["teach", "--id", "x1", "--category", "shopping.general"]).code == 0)
        #expect(w.run(["resolve", "--record"], #"{"id":"x1","description":"NETFLIX.COM","amount":-10}"# + "\n").code == 0)
        #expect(w.run(["undo"]).code == 0)
        let row = try #require(try w.ledger()["x1"])
        #expect(row.category == "subscriptions.streaming")
        #expect(row.resolution.contains("\"name\":\"Netflix\""))
        #expect(!row.resolution.contains("Uber"))
    }

    // 4. Identical rows without an id are different rows; the same input recorded again adds nothing.
    @Test(arguments: ["1", "3"]) func identicalRowsWithoutAnIDAreCounted(jobs: String) throws {
        let w = Workspace()
        let line = #"{"date":"2026-01-05","description":"PADARIA JOSE","amount":-4.50}"#
        let other = #"{"date":"2026-01-05","description":"PADARIA JOSE","amount":-9.00}"#
        let input = [line, other, line, line].joined(separator: "\n") + "\n"
        let first = w.run(["resolve", "--record", "--jobs", jobs], input)
        let ids = try first.lines.map { line -> String in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            return (object["resolution"] as! [String: Any])["row_id"] as! String
        }
        #expect(Set(ids).count == 4)
        #expect(try w.ledger().count == 4)
        #expect(w.run(["resolve", "--record", "--jobs", jobs], input).code == 0)
        #expect(try w.ledger().count == 4)
        // The third identical row keeps its identity when re-resolved from the ledger.
        #expect(w.run(["teach", "--id", ids[3], "--category", "food.restaurants"]).code == 0)
        #expect(w.run(["recategorize"]).code == 0)
        let ledger = try w.ledger()
        #expect(ledger[ids[3]]?.source == "manual_override")
        #expect(ledger[ids[3]]?.resolution.contains(ids[3]) == true)
        #expect(ledger[ids[0]]?.source != "manual_override")
        #expect(ledger[ids[2]]?.source != "manual_override")
    }

    // 5. A file garden does not own, or a newer schema, is refused (78) and left untouched.
    @Test func aStoreGardenDoesNotOwnIsRefusedUntouched() throws {
        let w = Workspace()
        let foreign = try Database(path: w.db)
        try foreign.execute("CREATE TABLE accounts(x); INSERT INTO accounts VALUES (1)")
        let newer = try Database(path: w.folder + "/newer.db")
        try newer.execute("CREATE TABLE ledger(x); PRAGMA user_version = 99")
        try "not a database\n".write(toFile: w.folder + "/text.db", atomically: true, encoding: .utf8)
        for path in [w.db, w.folder + "/newer.db", w.folder + "/text.db"] {
            let bytes = w.bytes(path)
            for arguments in [["resolve", "--db", path], ["resolve", "--record", "--db", path], ["rules", "add", "--db", path, #"if description "x y" => category food"#]] {
                let run = w.run(arguments, Self.uber + "\n")
                #expect(run.code == Exit.config, "\(arguments)")
                #expect(run.stderr.contains("garden leaves it untouched"))
                #expect(w.bytes(path) == bytes)
            }
        }
        #expect(!FileManager.default.fileExists(atPath: w.folder + "/text.db-wal"))
    }

    // 6. Reading never writes: the journal mode and the bytes of a store stay as they were.
    @Test func readingNeverWrites() throws {
        let w = Workspace()
        #expect(w.run(["resolve", "--record"], Self.uber + "\n").code == 0)
        try Database(path: w.db).execute("PRAGMA journal_mode=DELETE")
        let bytes = w.bytes(w.db)
        #expect(w.run(["resolve"], Self.uber + "\n").code == 0)
        #expect(w.run(["explain", "--id", "r4"]).code == 0)
        #expect(w.run(["recategorize", "--dry-run"]).code == 0)
        #expect(w.run(["rules", "list"]).code == 0)
        #expect(w.run(["undo", "--list"]).code == 0)
        #expect(w.bytes(w.db) == bytes)
        let mode = try Database(path: w.db, readOnly: true).prepare("PRAGMA journal_mode").all { $0.text(0) }
        #expect(mode == ["delete"])
        // In a folder that cannot be written, with no -shm to share, the file is read as immutable.
        #expect(Database.needsImmutable(folderWritable: false, sharedMemoryExists: false, logBytes: 0))
        #expect(!Database.needsImmutable(folderWritable: false, sharedMemoryExists: true, logBytes: 0))
        #expect(!Database.needsImmutable(folderWritable: false, sharedMemoryExists: false, logBytes: 4096))
        #expect(!Database.needsImmutable(folderWritable: true, sharedMemoryExists: false, logBytes: 0))
    }

    // 7. The identity key is made 0600 and a damaged key is refused, not replaced.
    @Test func aDamagedIdentityKeyIsRefused() throws {
        let w = Workspace()
        #expect(w.run(["me", "add", "--name", "Ana Souza", "--document", "529.982.247-25"]).code == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: w.db + ".key")
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        try Data(repeating: 7, count: 10).write(to: URL(fileURLWithPath: w.db + ".key"))
        let run = w.run(["resolve"], #"{"description":"PIX ENVIADO ANA SOUZA","amount":-10}"# + "\n")
        #expect(run.code == Exit.config)
        #expect(run.stderr.contains("identity key") && run.stderr.contains("damaged"))
        #expect(w.bytes(w.db + ".key") == Data(repeating: 7, count: 10))
        #expect(w.run(["me", "add", "--document", "111.444.777-35"]).code == Exit.config)
    }

    /// A store made through a symbolic link to nothing yet, or in an empty file that was there, is readable by its
    /// owner only, as one made where nothing was: the empty file and the link's target were left 0644 (umask 022).
    @Test func aStoreMadeThroughALinkOrInAnEmptyFileIsTheOwnersOnly() throws {
        let w = Workspace()
        let target = w.folder + "/target.db", link = w.folder + "/link.db", empty = w.folder + "/empty.db"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(FileManager.default.createFile(atPath: empty, contents: nil, attributes: [.posixPermissions: 0o644]))
        for db in [link, empty] {
            w.variables["GARDEN_DB"] = db
            #expect(w.run(["resolve", "--record"], #"{"description":"PADARIA X","amount":-5,"date":"2026-10-01"}"# + "\n").code == 0)
        }
        for path in [target, empty] {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600, "\(path)")
        }
    }

    // 7. Two processes making the key at once end with one key.
    @Test func concurrentKeyCreationAgreesOnOneKey() throws {
        let w = Workspace()
        let keys = Keys()
        let path = w.db
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            if let key = try? IdentityKey.load(databasePath: path) { keys.add(key) }
        }
        #expect(keys.all.count == 4)
        #expect(Set(keys.all).count == 1)
    }

    final class Keys: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var all: [[UInt8]] = []
        func add(_ key: [UInt8]) { lock.lock(); all.append(key); lock.unlock() }
    }
}
