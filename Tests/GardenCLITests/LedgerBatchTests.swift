import Foundation
import Testing
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands
import GardenStore
import GardenSQLite
import GardenLedger
import GardenLinkStore
import GardenSnapshot

/// `resolve --record` of a batch that names one row twice (the same `id` with another text; two
/// overlapping exports where the bank changed a description) records every row, the last text of each,
/// and leaves the full-text index whole.
struct LedgerBatchTests {
    static func line(_ id: String, _ description: String, _ amount: String = "-12.50") -> String {
        #"{"id":"\#(id)","date":"2026-04-02","description":"\#(description)","amount":\#(amount)}"#
    }

    /// The full-text index agrees with the ledger (SQLite's FTS5 integrity check), and `word` is found in
    /// the rows that hold it.
    static func indexed(_ db: String, _ word: String) throws -> Int {
        let store = try Store(path: db)
        try store.db.execute("INSERT INTO ledger_fts(ledger_fts, rank) VALUES ('integrity-check', 1)")
        let found = try store.db.prepare("SELECT COUNT(*) FROM ledger_fts WHERE ledger_fts MATCH ?1")
        try found.bind(.text(word))
        _ = try found.step()
        return Int(found.int(0))
    }

    @Test func aBatchThatUpdatesARowItInsertedIsRecorded() throws {
        let scratch = ScratchFolder()
        // 16 lines: 12 rows, four of them named again with the text the bank changed.
        var lines = (1...12).map { Self.line("t\($0)", "PADARIA CENTRAL \($0)") }
        lines += (1...4).map { Self.line("t\($0)", "PADARIA NOVA \($0)") }
        let recorded = scratch.run(["resolve", "--record"], lines.joined(separator: "\n") + "\n")
        #expect(recorded.code == 0, "\(recorded.stderr)")
        #expect(recorded.lines.count == 16)
        #expect(try scratch.ledgerCount() == 12)
        let store = try Store(path: scratch.db, access: .read)
        #expect(try store.ledgerRow(id: "t2")?.raw.contains("PADARIA NOVA 2") == true)
        #expect(try store.ledgerRow(id: "t9")?.raw.contains("PADARIA CENTRAL 9") == true)
        #expect(try Self.indexed(scratch.db, "nova") == 4)
        #expect(try Self.indexed(scratch.db, "central") == 8)
        // The rows can be found and changed afterwards: the rule reaches exactly the renamed ones.
        #expect(scratch.run(["rules", "add", #"if description "padaria nova" => category food.restaurants"#]).code == 0)
        let changed = scratch.run(["recategorize", "--rule", "r1"])
        #expect(changed.code == 0, "\(changed.stderr)")
        #expect(changed.stdout.hasPrefix("4 row(s) examined, 4 changed"), "\(changed.stdout)")
    }

    @Test func overlappingExportsWithAChangedDescriptionAreRecorded() throws {
        let scratch = ScratchFolder()
        let first = (1...6).map { Self.line("e\($0)", "MERCADO BOM PRECO \($0)") }
        let second = (4...9).map { Self.line("e\($0)", $0 == 5 ? "MERCADO BOM PRECO LTDA 5" : "MERCADO BOM PRECO \($0)") }
        let both = scratch.run(["resolve", "--record"], (first + second).joined(separator: "\n") + "\n")
        #expect(both.code == 0, "\(both.stderr)")
        #expect(try scratch.ledgerCount() == 9)
        #expect(try Self.indexed(scratch.db, "ltda") == 1)
        // Recording the second export again changes nothing; the index is still whole.
        #expect(scratch.run(["resolve", "--record"], second.joined(separator: "\n") + "\n").code == 0)
        #expect(try scratch.ledgerCount() == 9)
        #expect(try Self.indexed(scratch.db, "mercado") == 9)
    }
}
