import Foundation
import Testing
@testable import GardenStore

/// The ledger's packed text columns: what is stored reads back exactly, takes less room, and a store
/// written before the format (TEXT columns) keeps working and is packed as its rows are written again.
struct LedgerTextTests {
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

    @Test func recordedRowsAreStoredAsOneBodyAndReadBack() throws {
        let path = StoreTests.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try Store(path: path)
        var packedAhead = row("b")
        packedAhead.pack()
        try store.record([row("a"), packedAhead])
        #expect(try store.ledgerRow(id: "a") == row("a"))
        #expect(try store.ledgerRow(id: "b") == row("b"))
        let stored = try store.db.prepare("SELECT typeof(body), length(body) FROM ledger WHERE row_id = 'a'")
        _ = try stored.step()
        #expect(stored.text(0) == "blob")
        #expect(stored.int(1) < Int64(Self.resolution.utf8.count + row("a").raw.utf8.count) / 4)
        // Two rows of the same shapes share them.
        #expect(try store.db.prepare("SELECT COUNT(*) FROM ledger_shape").all { $0.int(0) } == [2])
        // Merchant keys, categories and sources are stored once and shown as text by the view ledger_named.
        #expect(try store.db.prepare("SELECT COUNT(*) FROM ledger_term").all { $0.int(0) } == [3])
        let named = try store.db.prepare("SELECT merchant_key, category, source FROM ledger_named WHERE row_id = 'b'")
        #expect(try named.all { [$0.text(0), $0.text(1), $0.text(2)] } == [["name:padaria sao jose", "food.groceries", "keyword"]])
        #expect(try store.record([row("a")]) == 0)
    }

    /// A row packed ahead and then changed (`resolve --record` re-resolving a row taught meanwhile) is
    /// stored as changed: the packed body named the old category and source, so the row read back had
    /// the new category id under the old category's name and confidence.
    @Test func aRowChangedAfterPackingIsStoredAsChanged() throws {
        let path = StoreTests.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try Store(path: path)
        var changed = row("a")
        changed.pack()
        changed.resolution = Self.resolution.replacingOccurrences(of: "\"food.groceries\",\"name\":\"Mercado\"", with: "\"entertainment\",\"name\":\"Lazer\"")
            .replacingOccurrences(of: "\"source\":\"keyword\"", with: "\"source\":\"manual_override\"")
        changed.category = "entertainment"
        changed.source = "manual_override"
        try store.record([changed])
        let read = try store.ledgerRow(id: "a")
        #expect(read?.resolution == changed.resolution)
        #expect(read?.category == "entertainment")
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
    ])
    func anyTextReadsBackExactly(_ text: String) {
        var stored = row("x")
        stored.raw = text
        stored.resolution = text
        let packed = LedgerBody.pack(stored)
        let body = LedgerBody.body(packed, rawShape: 1, resolutionShape: 2)
        let shapes = [Int64(1): packed.shapes?.raw ?? [], 2: packed.shapes?.resolution ?? []]
        let texts = body.withUnsafeBytes { LedgerBody.unpack($0, context: LedgerBody.context(stored), shape: { shapes[$0] }) }
        #expect(texts?.raw == text && texts?.resolution == text)
    }

    /// A value longer than the deflate window whose text repeats farther back than the window (a
    /// descriptor of 40,000 characters beginning and ending with the same words) reads back.
    @Test func aTextRepeatingFartherThanTheWindowReadsBack() {
        var generator = SystemRandomNumberGenerator()
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ")
        let middle = String((0..<40_000).map { _ in letters.randomElement(using: &generator)! })
        var stored = row("far")
        stored.raw = #"{"id": "far", "description": "PADARIA QWERTYZ \#(middle) PADARIA QWERTYZ", "amount": -5}"#
        let packed = LedgerBody.pack(stored)
        let body = LedgerBody.body(packed, rawShape: 1, resolutionShape: 2)
        let shapes = [Int64(1): packed.shapes?.raw ?? [], 2: packed.shapes?.resolution ?? []]
        let texts = body.withUnsafeBytes { LedgerBody.unpack($0, context: LedgerBody.context(stored), shape: { shapes[$0] }) }
        let rawReadBack = texts?.raw == stored.raw, resolutionReadBack = texts?.resolution == stored.resolution
        #expect(rawReadBack)
        #expect(resolutionReadBack)
    }

    @Test func aTextWithAControlByteIsStoredWhole() {
        var stored = row("x")
        stored.raw = "{\"a\": \"\u{01}\"}"
        #expect(LedgerBody.pack(stored).shapes == nil)
        let body = LedgerBody.pack(stored).bytes
        let texts = body.withUnsafeBytes { LedgerBody.unpack($0, context: LedgerBody.context(stored), shape: { _ in nil }) }
        #expect(texts?.raw == stored.raw && texts?.resolution == stored.resolution)
    }
}
