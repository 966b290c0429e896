import Foundation
import Testing
@testable import GardenStore
import GardenCore

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

    @Test func recordedRowsArePackedAndReadBack() throws {
        let path = StoreTests.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try Store(path: path)
        try store.record([row("a")])
        #expect(try store.ledgerRow(id: "a") == row("a"))
        let stored = try store.db.prepare("SELECT typeof(raw), typeof(resolution), length(resolution) FROM ledger WHERE row_id = 'a'")
        _ = try stored.step()
        #expect(stored.text(0) == "blob" && stored.text(1) == "blob")
        #expect(stored.int(2) < Int64(Self.resolution.utf8.count) / 2)
        #expect(try store.record([row("a")]) == 0)
    }

    @Test func aStoreWrittenBeforeThePackedFormatKeepsWorking() throws {
        let path = StoreTests.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try Store(path: path)
        // A row as a store of the previous format holds it: both columns TEXT.
        let old = row("a")
        try store.db.prepare("""
            INSERT INTO ledger(row_id, raw, folded, merchant_key, direction, date, resolution, category, source, rule, recorded_at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, NULL, '2026-01-01T00:00:00Z')
            """).bind(.text(old.rowID), .text(old.raw), .text(old.folded), .text(old.merchantKey!), .text("out"), .text(old.date!),
                      .text(old.resolution), .text(old.category), .text(old.source)).run()
        // Its full-text entry, as that schema's insert trigger made it.
        try store.db.execute("INSERT INTO ledger_fts(rowid, folded) SELECT rowid, folded FROM ledger")
        #expect(try store.ledgerRow(id: "a") == old)
        var found: [LedgerRow] = []
        try store.forEachLedgerRow(containing: ["padaria"]) { found.append($0) }
        #expect(found == [old])
        // Recategorized: written packed, journaled with the old text, undone back to it.
        var changed = old
        changed.resolution = Self.resolution.replacingOccurrences(of: "food.groceries", with: "food.bakery")
        let (_, skipped) = try store.applyRecategorization([(read: old, new: changed)], summary: "test")
        #expect(skipped.isEmpty)
        #expect(try store.ledgerRow(id: "a")?.resolution == changed.resolution)
        _ = try store.undoLast()
        #expect(try store.ledgerRow(id: "a")?.resolution == old.resolution)
        // Recorded again: the same row, now packed.
        try store.record([old])
        #expect(try store.ledgerRow(id: "a") == old)
        let type = try store.db.prepare("SELECT typeof(raw) FROM ledger WHERE row_id = 'a'")
        _ = try type.step()
        #expect(type.text(0) == "blob")
    }
}
