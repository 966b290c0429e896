import Foundation
import Testing
import GardenStore
import GardenSQLite
import GardenLedger
import GardenLinkStore
import GardenSnapshot
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands
import GardenFoundation

/// `resolve --read-only` and `garden snapshot`: an immutable reader gives exactly the live store's output and
/// never writes a byte, on a read-only copy in a read-only folder; a snapshot holds the learned state only.
struct ReadOnlySnapshotTests {
    /// A Pix to the holder (their CPF) needs the identity key; the dev rows hit the rule, the override and memory.
    static let ownTransfer = #"{"id":"own1","description":"Pix enviado - Joao Alves","amount":-100,"payment_method":"pix","counterparty":{"document":"529.982.247-25","name":"Joao Alves"}}"#

    static func input() throws -> String {
        try String(contentsOfFile: LearningEndToEndTests.dev, encoding: .utf8) + ownTransfer + "\n"
    }

    /// One learned store shared by the tests (they only read it), built once.
    nonisolated(unsafe) static let shared = Result { try learnedStore() }

    /// A store with every kind of learned state: a stored rule, overrides and merchant memory, naive-Bayes
    /// counts and an identity with a document.
    static func learnedStore() throws -> LearningEndToEndTests.Workspace {
        let w = LearningEndToEndTests.Workspace()
        #expect(w.run(["resolve", "--record"], try input()).code == 0)
        #expect(w.run(["rules", "add", #"if description "uber" and direction out => category entertainment"#]).code == 0)
        for (id, category) in [("br-043", "food.restaurants"), ("br-049", "transport.fuel"), ("br-005", "home.telecom")] {
            #expect(w.run(["teach", "--id", id, "--category", category]).code == 0)
        }
        #expect(w.run(["me", "add", "--name", "Joao Pedro Alves", "--document", "529.982.247-25"]).code == 0)
        #expect(w.run(["link"]).code == 0)
        return w
    }

    /// A folder holding read-only copies of `files`, itself read-only; removed by the caller.
    static func readOnlyCopy(_ files: [String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("garden-ro-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        for file in files {
            let target = folder + "/" + (file as NSString).lastPathComponent
            try FileManager.default.copyItem(atPath: file, toPath: target)
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: target)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
        return folder
    }

    static func removeFolder(_ folder: String) {
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Every file of `folder` with its bytes.
    static func contents(_ folder: String) throws -> [String: Data] {
        var all: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            all[name] = FileManager.default.contents(atPath: folder + "/" + name)
        }
        return all
    }

    @Test func readOnlyCopyResolvesLikeTheLiveStoreAndWritesNothing() throws {
        let w = try Self.shared.get()
        let live = w.run(["resolve"], try Self.input())
        #expect(live.code == 0)
        #expect(live.stdout.contains(#""id":"transfer.own""#))
        #expect(live.stdout.contains(#""source":"manual_override""#))
        let folder = try Self.readOnlyCopy([w.db, w.db + ".key"])
        defer { Self.removeFolder(folder) }
        let before = try Self.contents(folder)
        let copy = folder + "/" + (w.db as NSString).lastPathComponent
        for jobs in ["1", "2"] {
            let readOnly = w.run(["resolve", "--read-only", "--db", copy, "--jobs", jobs], try Self.input())
            #expect(readOnly.code == live.code, "\(readOnly.stderr)")
            #expect(readOnly.stdout == live.stdout)
        }
        #expect(try Self.contents(folder) == before)
    }

    @Test func snapshotHoldsTheLearnedStateWithoutLedgerAndResolvesIdentically() throws {
        let w = try Self.shared.get()
        let live = w.run(["resolve"], try Self.input())
        let snapshot = w.db + ".snapshot"
        defer { for suffix in ["", ".key"] { try? FileManager.default.removeItem(atPath: snapshot + suffix) } }
        let made = w.run(["snapshot", "--out", snapshot])
        #expect(made.code == 0, "\(made.stderr)")
        #expect(made.stdout.contains("1 rule(s), 3 override(s)"))
        #expect(made.stdout.contains("59 ledger row(s) left out"))
        #expect(!FileManager.default.fileExists(atPath: snapshot + "-wal"))
        let mode = try FileManager.default.attributesOfItem(atPath: snapshot)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let store = try Store(immutable: snapshot)
        #expect(try store.ledgerCount() == 0)
        #expect(try store.history().isEmpty)
        #expect(try store.rules().count == 1)
        for table in ["link_dirty", "link_facts", "links", "link_rows"] {
            let rows = try store.db.prepare("SELECT COUNT(*) FROM \(table)")
            _ = try rows.step()
            #expect(rows.int(0) == 0, "\(table)")
        }
        let folder = try Self.readOnlyCopy([snapshot, snapshot + ".key"])
        defer { Self.removeFolder(folder) }
        let shipped = w.run(["resolve", "--read-only", "--db", folder + "/" + (snapshot as NSString).lastPathComponent], try Self.input())
        #expect(shipped.code == 0, "\(shipped.stderr)")
        #expect(shipped.stdout == live.stdout)
    }

    @Test func pathsWithURIMetacharactersOpen() throws {
        let w = try Self.shared.get()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("garden a?b#c%20d-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let snapshot = folder + "/s?x#1%41.db"
        #expect(w.run(["snapshot", "--out", snapshot]).code == 0)
        let live = w.run(["resolve"], try Self.input())
        #expect(w.run(["resolve", "--read-only", "--db", snapshot], try Self.input()).stdout == live.stdout)
    }

    @Test func aRegistryBesideAReadOnlyStoreIsReadImmutableToo() throws {
        let home = RegistryCommandTests.Home()
        #expect(home.importSamples().code == 0)
        #expect(home.run(["rules", "add", #"if description "uber" => category entertainment"#]).code == 0)
        let row = #"{"description":"PAGAMENTO DE BOLETO - 33.683.111/0002-80 -","amount":-120}"# + "\n"
        let live = home.run(["resolve"], row)
        #expect(live.stdout.contains(#""source":"cnpj_registry""#))
        let folder = try Self.readOnlyCopy([home.folder + "/garden.db", home.folder + "/registry.db"])
        defer { Self.removeFolder(folder) }
        let before = try Self.contents(folder)
        let readOnly = home.run(["resolve", "--read-only", "--db", folder + "/garden.db"], row)
        #expect(readOnly.code == 0, "\(readOnly.stderr)")
        #expect(readOnly.stdout == live.stdout)
        #expect(try Self.contents(folder) == before)
    }

    enum Damage: String, CaseIterable { case missing, notGarden, foreignTables, pendingWAL, missingKey, withRecord }

    @Test(arguments: Damage.allCases)
    func readOnlyRefusesWhatItCannotReadExactly(_ damage: Damage) throws {
        let w = try Self.shared.get()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("garden-refuse-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/s.db"
        var arguments = ["resolve", "--read-only", "--db", path]
        var expected = Exit.config
        switch damage {
        case .missing: expected = Exit.noInput
        case .notGarden: try Data("SQLite format 3\0 but not really".utf8).write(to: URL(fileURLWithPath: path))
        case .foreignTables: try Database(path: path).execute("CREATE TABLE accounts(id INTEGER PRIMARY KEY, owner TEXT)")
        case .pendingWAL:
            try FileManager.default.copyItem(atPath: w.db, toPath: path)
            try Data(repeating: 1, count: 64).write(to: URL(fileURLWithPath: path + "-wal"))
        case .missingKey: try FileManager.default.copyItem(atPath: w.db, toPath: path)
        case .withRecord:
            try FileManager.default.copyItem(atPath: w.db, toPath: path)
            arguments.append("--record")
            expected = Exit.usage
        }
        let before = try Self.contents(folder)
        let result = w.run(arguments, Self.ownTransfer + "\n")
        #expect(result.code == expected)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("garden: "))
        #expect(try Self.contents(folder) == before)
    }
}
