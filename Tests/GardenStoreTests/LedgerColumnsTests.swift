import Foundation
import Testing
@testable import GardenStore
@testable import GardenSQLite
@testable import GardenLedger
@testable import GardenLinkStore
@testable import GardenSnapshot

/// The ledger's plain columns: what is stored reads back exactly, whatever the text; a store written before
/// them (TEXT columns, the packed texts of ``LedgerText``) keeps working and is converted row for row.
struct LedgerColumnsTests {
    static let resolution = #"{"merchant":{"name":"Padaria São José","kind":"local","brand":null,"intermediary":null,"seller":null,"#
        + #""document":"•••.482.613-••","confidence":0.55,"source":"descriptor"},"category":{"id":"food.groceries","name":"Mercado","#
        + #""confidence":0.8,"source":"keyword"},"budget":{"id":"mercado","name":"Mercado"},"review":false,"review_reasons":[],"#
        + #""installment":null,"direction":"out","flow":"expense","row_id":"a"}"#

    func row(_ id: String, resolution: String = Self.resolution) -> LedgerRow {
        LedgerRow(rowID: id, raw: #"{"id": "\#(id)", "description": "PADARIA SAO JOSE \u00e9 ✓", "amount": -4.5}"#, folded: "padaria sao jose",
                  merchantKey: "name:padaria sao jose", direction: "out", date: "2026-01-02", resolution: resolution,
                  category: "food.groceries", source: "keyword", rule: nil)
    }

    @Test(arguments: ["", "a", Self.resolution, String(repeating: "çãõ✓ 0123456789 ", count: 2_000), "{\"x\":\"\\u0000\"}"])
    func packedTextReadsBackExactly(_ text: String) {
        let packed = LedgerText.pack(text)
        #expect(packed.first == LedgerText.format)
        #expect(packed.withUnsafeBytes { LedgerText.unpack($0) } == text)
    }

    @Test func aValueOfAnotherFormatIsNotRead() {
        var packed = LedgerText.pack(Self.resolution)
        packed[0] = LedgerText.format &+ 1
        #expect(packed.withUnsafeBytes { LedgerText.unpack($0) } == nil)
        #expect([UInt8]().withUnsafeBytes { LedgerText.unpack($0) } == nil)
    }

    /// Rows are stored as plain columns: the texts as TEXT, every field of the input and the resolution in a
    /// column of its own (NULL when absent), the resolution text itself only when the columns would not
    /// write it back exactly.
    @Test func recordedRowsAreStoredAsPlainColumnsAndReadBack() throws {
        let path = StoreTests.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try Store(path: path)
        var preparedAhead = row("b")
        preparedAhead.prepare()
        try store.record([row("a"), preparedAhead])
        #expect(try store.ledgerRow(id: "a") == row("a"))
        #expect(try store.ledgerRow(id: "b") == preparedAhead)
        let stored = try store.db.prepare("""
            SELECT typeof(raw), amount, minor_digits, currency, description, merchant, merchant_kind, document, category, category_name,
                   confidence, budget, review, review_reasons, flow, resolution_json IS NULL FROM ledger WHERE row_id = ?1
            """)
        let columns = { (id: String) in try stored.bind(.text(id)).all { s in (0..<16).map { s.isNull($0) ? "NULL" : (s.text($0) ?? "") } } }
        #expect(try columns("a") == [["text", "-450", "2", "BRL", "PADARIA SAO JOSE é ✓", "Padaria São José", "local", "•••.482.613-••",
                                      "food.groceries", "Mercado", "800", "mercado", "0", "NULL", "expense", "1"]])
        // Row b's resolution names row id "a": its columns (row id b) would not write it back, so the text is kept as given.
        #expect(try columns("b").first?.last == "0")
        #expect(try store.record([row("a"), preparedAhead]) == 0)
    }

    /// A row prepared ahead and then changed (`resolve --record` re-resolving a row taught meanwhile) is
    /// stored as changed, never with the columns derived before the change.
    @Test func aRowChangedAfterPreparingIsStoredAsChanged() throws {
        let path = StoreTests.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try Store(path: path)
        var changed = row("a")
        changed.prepare()
        changed.resolution = Self.resolution.replacingOccurrences(of: "\"food.groceries\",\"name\":\"Mercado\"", with: "\"entertainment\",\"name\":\"Lazer\"")
            .replacingOccurrences(of: "\"source\":\"keyword\"", with: "\"source\":\"manual_override\"")
        changed.category = "entertainment"
        changed.source = "manual_override"
        #expect(changed.entry == nil)
        try store.record([changed])
        let read = try store.ledgerRow(id: "a")
        #expect(read?.resolution == changed.resolution)
        #expect(read?.category == "entertainment")
        #expect(read?.entry?.resolution.categoryName == "Lazer")
    }

    /// Two lines with the same id in one write (an overlapping export whose bank changed a description):
    /// the later one is recorded, and the full-text index stays whole (the earlier garden failed with
    /// "database disk image is malformed" and recorded nothing).
    @Test func aWriteWithTheSameRowTwiceRecordsTheLaterOne() throws {
        let path = StoreTests.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try Store(path: path)
        var later = row("a")
        later.folded = "padaria nova"
        later.raw = later.raw.replacingOccurrences(of: "PADARIA SAO JOSE", with: "PADARIA NOVA")
        #expect(try store.record([row("a"), row("c"), later]) == 2)
        #expect(try store.ledgerRow(id: "a") == later)
        var found: [String] = []
        try store.forEachLedgerRow(containing: ["nova"]) { found.append($0.rowID) }
        #expect(found == ["a"])
        try store.db.execute("INSERT INTO ledger_fts(ledger_fts) VALUES('integrity-check')")
        #expect(try store.record([later, row("a")]) == 1)
        try store.db.execute("INSERT INTO ledger_fts(ledger_fts) VALUES('integrity-check')")
    }

    @Test func aStoreWrittenBeforeTheBodyIsConvertedRowForRow() throws {
        let path = StoreTests.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let db = try Database(path: path, readOnly: false, busyTimeout: 1_000)
        try Migrations.migrate(db, Array(Migrations.all.prefix(6)), conversions: [:])
        // Rows as stores of the previous formats hold them: TEXT columns, and packed (format 1).
        let old = row("a"), packed = row("b", resolution: Self.resolution.replacingOccurrences(of: "\"a\"", with: "\"b\""))
        let insert = try db.prepare("""
            INSERT INTO ledger(row_id, raw, folded, merchant_key, direction, date, resolution, category, source, rule, recorded_at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, NULL, '2026-01-01T00:00:00Z')
            """)
        try insert.bind(.text(old.rowID), .text(old.raw), .text(old.folded), .text(old.merchantKey!), .text("out"), .text(old.date!),
                        .text(old.resolution), .text(old.category), .text(old.source)).run()
        try insert.bind(.text(packed.rowID), .blob(LedgerText.pack(packed.raw)), .text(packed.folded), .text(packed.merchantKey!), .text("out"),
                        .text(packed.date!), .blob(LedgerText.pack(packed.resolution)), .text(packed.category), .text(packed.source)).run()
        try db.execute("INSERT INTO ledger_fts(rowid, folded) SELECT rowid, folded FROM ledger")
        // Read-only commands read it as it is (they never migrate).
        let reader = try Store(path: path, access: .read)
        #expect(try reader.ledgerRow(id: "a") == old)
        #expect(try reader.ledgerRow(id: "b") == packed)
        let store = try Store(path: path)
        #expect(try store.ledgerRow(id: "a") == old)
        #expect(try store.ledgerRow(id: "b") == packed)
        #expect(try store.db.prepare("SELECT COUNT(*) FROM ledger_batch").all { $0.int(0) } == [1])
        var found: [LedgerRow] = []
        try store.forEachLedgerRow(containing: ["padaria"]) { found.append($0) }
        #expect(found == [old, packed])
        // Recategorized, journaled with the old text, undone back to it.
        var changed = old
        changed.resolution = Self.resolution.replacingOccurrences(of: "food.groceries", with: "food.bakery")
        let (_, skipped) = try store.applyRecategorization([(read: old, new: changed)], summary: "test")
        #expect(skipped.isEmpty)
        #expect(try store.ledgerRow(id: "a")?.resolution == changed.resolution)
        _ = try store.undoLast()
        #expect(try store.ledgerRow(id: "a") == old)
        #expect(try store.record([old, packed]) == 0)
    }

    @Test(arguments: [
        #"{"id": "x", "n": -1.5e3, "s": "a\"b\\", "t": true, "": "", "list": [1, "x", null]}"#,
        "not json at all",
        "{\"a\": \"unclosed",
        "{\"tab\":\t\"x\"}\n",
        "{\"a\": \"\u{01}\"}",
    ])
    func anyTextReadsBackExactly(_ text: String) throws {
        let path = StoreTests.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try Store(path: path)
        var stored = row("x")
        stored.raw = text
        stored.resolution = text
        try store.record([stored])
        #expect(try store.ledgerRow(id: "x") == stored)
    }
}
