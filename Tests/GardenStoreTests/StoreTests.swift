import Foundation
import Testing
@testable import GardenStore
@testable import GardenSQLite
@testable import GardenLedger
@testable import GardenLinkStore
@testable import GardenSnapshot

/// The store: migrations, idempotent recording, transactional learning and exact undo.
struct StoreTests {
    static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("garden-test-\(UUID().uuidString).db").path
    }

    func row(_ id: String, _ folded: String, category: String = "uncategorized", resolution: String = "{}") -> LedgerRow {
        LedgerRow(rowID: id, raw: "{\"id\":\"\(id)\"}", folded: folded, merchantKey: nil, direction: "out", date: "2026-01-0\(id.count % 9 + 1)",
                  resolution: resolution, category: category, source: "none", rule: nil)
    }

    @Test func migratesOnceAndReopens() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try Store(path: path)
        let again = try Store(path: path)
        let version = try again.db.prepare("PRAGMA user_version")
        _ = try version.step()
        #expect(version.int(0) == Int64(Migrations.all.count))
        let mode = try again.db.prepare("PRAGMA journal_mode")
        _ = try mode.step()
        #expect(mode.text(0) == "wal")
    }

    @Test func theRuleIndexHoldsOnlyRowsARuleDecided() throws {
        let store = try Store(path: Self.temporaryPath())
        var ruled = row("a", "padaria do ze")
        ruled.rule = "r1"
        try store.record([ruled, row("b", "uber trip"), row("c", "uber eats")])
        #expect(try store.ruleHits() == ["r1": 1])
        let plan = try store.db.prepare("EXPLAIN QUERY PLAN SELECT rule, COUNT(*) FROM ledger WHERE rule IS NOT NULL GROUP BY rule")
        var steps: [String] = []
        while try plan.step() { steps.append(plan.text(3) ?? "") }
        #expect(steps.contains { $0.contains("ledger_rule") })
        let index = try store.db.prepare("SELECT sql FROM sqlite_schema WHERE name = 'ledger_rule'")
        _ = try index.step()
        #expect(index.text(0)?.hasSuffix("WHERE rule IS NOT NULL") == true)
    }

    @Test func aStoreOfSchemaFiveKeepsItsFullTextSearchAfterMigrating() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let old = try Database(path: path, readOnly: false, busyTimeout: 1_000)
        try Migrations.migrate(old, Array(Migrations.all.prefix(5)))
        try old.execute("INSERT INTO ledger(row_id, raw, folded, direction, resolution, category, source, recorded_at) "
            + "VALUES ('a', '{}', 'padaria do ze', 'out', '{}', 'none', 'none', 't')")
        try old.execute("INSERT INTO ledger_fts(rowid, folded) SELECT rowid, folded FROM ledger")
        let store = try Store(path: path)
        var found: [String] = []
        try store.forEachLedgerRow(containing: ["padaria"]) { found.append($0.rowID) }
        #expect(found == ["a"])
        try store.record([row("a", "uber trip", category: "transport.rideshare")])
        found = []
        try store.forEachLedgerRow(containing: ["padaria"]) { found.append($0.rowID) }
        #expect(found.isEmpty)
        try store.forEachLedgerRow(containing: ["uber"]) { found.append($0.rowID) }
        #expect(found == ["a"])
    }

    @Test func recordingTheSameRowsTwiceChangesNothing() throws {
        let store = try Store(path: Self.temporaryPath())
        #expect(try store.record([row("a", "padaria do ze"), row("b", "uber trip")]) == 2)
        #expect(try store.record([row("a", "padaria do ze"), row("b", "uber trip")]) == 0)
        #expect(try store.record([row("a", "padaria do ze", category: "food.groceries", resolution: "{\"x\":1}")]) == 1)
        #expect(try store.ledgerCount() == 2)
        var found: [String] = []
        try store.forEachLedgerRow(containing: ["padaria"]) { found.append($0.rowID) }
        #expect(found == ["a"])
        found = []
        try store.forEachLedgerRow(containing: ["pada*"]) { found.append($0.rowID) }
        #expect(found == ["a"])
    }

    /// A row recorded again whose merchant identity or deciding rule changed (a newer garden keys
    /// merchants differently: `name:padaria ze` became `name:padariadoze`) takes the new ones, so memory,
    /// teach's impact and `recategorize --rule` find it under the key new rows get.
    @Test func recordingARowAgainUpdatesItsMerchantIdentityAndRule() throws {
        let store = try Store(path: Self.temporaryPath())
        var old = row("a", "padaria do ze")
        old.merchantKey = "name:padaria ze"
        try store.record([old])
        var new = old
        new.merchantKey = "name:padariadoze"
        #expect(try store.record([new]) == 1)
        #expect(try store.ledgerRow(id: "a")?.merchantKey == "name:padariadoze")
        new.rule = "r1"
        #expect(try store.record([new]) == 1)
        #expect(try store.ledgerRow(id: "a")?.rule == "r1")
        #expect(try store.record([new]) == 0)
    }

    /// New rows reach the full-text index once per write (not by a trigger per row), and a row recorded
    /// again with another descriptor is found by its new words only; the index stays consistent.
    @Test func theFullTextIndexFollowsEveryWrite() throws {
        let store = try Store(path: Self.temporaryPath())
        try store.record([row("a", "padaria do ze"), row("b", "uber trip")])
        try store.record([row("c", "padaria nova"), row("a", "posto shell", resolution: "{\"y\":2}")])
        func found(_ word: String) throws -> [String] {
            var ids: [String] = []
            try store.forEachLedgerRow(containing: [word]) { ids.append($0.rowID) }
            return ids
        }
        #expect(try found("padaria") == ["c"])
        #expect(try found("shell") == ["a"])
        #expect(try found("uber") == ["b"])
        try store.db.execute("INSERT INTO ledger_fts(ledger_fts) VALUES('integrity-check')")
    }

    @Test func undoRestoresTeachAndRecategorizeExactly() throws {
        let store = try Store(path: Self.temporaryPath())
        try store.record([row("a", "padaria do ze", resolution: "{\"v\":\"before\"}")])
        let correction = Correction(rowID: "a", category: "food.groceries", merchant: "Padaria do Zé", budget: nil,
                                    merchantKey: "desc:padaria do ze", direction: "out", features: ["w:padaria", "w:ze", "w:padaria"])
        _ = try store.teach(correction, origin: "test") {
            var updated = try store.ledgerRow(id: "a")!
            updated.resolution = "{\"v\":\"after\"}"
            updated.category = "food.groceries"
            return updated
        }
        var state = try StoreLearnedState(store: store)
        #expect(state.override(rowID: "a")?.category == "food.groceries")
        #expect(state.memory(merchantKey: "desc:padaria do ze", direction: .out)?.consistentCorrections == 1)
        #expect(state.memory(merchantKey: "desc:padaria do ze", direction: .in) == nil)
        #expect(try store.ledgerRow(id: "a")?.resolution == "{\"v\":\"after\"}")
        let undone = try store.undoLast()
        #expect(undone?.kind == "teach")
        state = try StoreLearnedState(store: store)
        #expect(state.override(rowID: "a") == nil)
        #expect(state.memory(merchantKey: "desc:padaria do ze", direction: .out) == nil)
        #expect(state.model.isEmpty)
        #expect(try store.ledgerRow(id: "a")?.resolution == "{\"v\":\"before\"}")
        #expect(try store.undoLast() == nil)
        #expect(try store.history().first?.undone == true)
    }

    @Test func aFailedTeachLeavesNoTrace() throws {
        let store = try Store(path: Self.temporaryPath())
        struct Boom: Error {}
        let correction = Correction(rowID: "x", category: "food.groceries", merchant: nil, budget: nil, merchantKey: "desc:x", direction: "out", features: ["w:x"])
        #expect(throws: Boom.self) { _ = try store.teach(correction, origin: "test") { throw Boom() } }
        let state = try StoreLearnedState(store: store)
        #expect(state.override(rowID: "x") == nil)
        #expect(try store.history().isEmpty)
    }

    @Test func addingAKnownIdentityWritesNothingAndUndoRemovesANewOne() throws {
        let store = try Store(path: Self.temporaryPath())
        #expect(try store.addIdentity(name: "Ana Souza Lima", document: "529.982.247-25", account: "Nubank") != nil)
        #expect(try store.addIdentity(name: "Ana Souza Lima", document: "529.982.247-25", account: "Nubank") == nil)
        #expect(try store.identities().count == 1)
        #expect(try store.history(limit: 5).first?.kind == "me")
        #expect(try store.addIdentity(name: nil, document: nil, account: "Inter") != nil)
        #expect(try store.undoLast()?.kind == "me")
        #expect(try store.identities().map(\.account) == ["Nubank"])
    }

    @Test func identitiesKeepOnlyAnHMACAndAMask() throws {
        let path = Self.temporaryPath()
        let store = try Store(path: path)
        let me = try #require(try store.addIdentity(name: "Ana Souza Lima", document: "529.982.247-25", account: "Nubank"))
        #expect(me.documentMask == "•••.982.247-••")
        #expect(me.documentHMAC?.count == 64)
        let attributes = try FileManager.default.attributesOfItem(atPath: path + ".key")
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let dump = try store.db.prepare("SELECT name || document_hmac || document_mask || account FROM me")
        _ = try dump.step()
        #expect(dump.text(0)?.contains("52998224725") == false)
        let state = try StoreLearnedState(store: store)
        #expect(state.isAccountHolder(name: "ANA SOUZA LIMA", document: "•••.982.247-••"))
        #expect(!state.isAccountHolder(name: "OUTRA PESSOA", document: "•••.982.247-••"))
        #expect(!state.isAccountHolder(name: "Ana Souza Lima", document: "•••.111.222-••"))
    }
}
