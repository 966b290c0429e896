import Foundation
import Testing
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands
@testable import GardenStore
@testable import GardenSQLite
@testable import GardenLedger
@testable import GardenLinkStore
@testable import GardenSnapshot

/// The ledger readable with sqlite3 alone: on a store made from the examples as the README says, the view
/// `transactions` answers the README's three queries with the output it shows, the database passes
/// `PRAGMA integrity_check`, and a row takes at most 1 KB with its full-text index.
struct TransactionsViewTests {
    static let root = ResolveCommandTests.root

    /// A scratch folder with `garden.db` made from the examples: the JSON lines recorded, then the OFX and
    /// CSV statements imported and recorded (README "The ledger in SQL").
    static func examplesStore() throws -> String {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("garden-view-" + UUID().uuidString.filter(\.isLetter)).path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let lines = try ["transactions.jsonl", "holdout-synthetic.jsonl"].map {
            try String(contentsOf: root.appendingPathComponent("examples/" + $0), encoding: .utf8)
        }.joined()
        // Recorded in Portuguese, as the documented output shows its category names (no locale would be English).
        var step = GoldenCase.Step(arguments: ["resolve", "--record", "--lang", "pt"])
        step.stdin = lines
        #expect(GoldenCLITests.run(step, { $0 }, scratch: scratch).status == 0)
        let imported = GoldenCLITests.run(GoldenCase.Step(arguments: ["import", root.path + "/examples/statement.ofx", root.path + "/examples/nubank-card.csv"]),
                                          { $0 }, scratch: scratch)
        step.stdin = imported.stdout.replacingOccurrences(of: "$ROOT", with: root.path)
        #expect(GoldenCLITests.run(step, { $0 }, scratch: scratch).status == 0)
        return scratch
    }

    /// The documented examples: each ```sql block of "The ledger in SQL" (docs/COMMANDS.md, the commands'
    /// reference README.md points to) and the output block after it.
    static func readmeQueries() throws -> [(sql: String, output: String)] {
        let readme = try String(contentsOf: root.appendingPathComponent("docs/COMMANDS.md"), encoding: .utf8)
        guard let start = readme.range(of: "## The ledger in SQL"), let end = readme.range(of: "\n## ", range: start.upperBound..<readme.endIndex) else { return [] }
        let blocks = readme[start.upperBound..<end.lowerBound].components(separatedBy: "```")
        var queries: [(String, String)] = []
        var index = 1
        while index + 2 < blocks.count {
            if blocks[index].hasPrefix("sql\n") {
                queries.append((String(blocks[index].dropFirst(4)), String(blocks[index + 2].drop { $0 == "\n" })))
                index += 4
            } else {
                index += 2
            }
        }
        return queries
    }

    /// What `sqlite3 -header` prints for `sql` (list mode: `|` between columns, NULL as nothing).
    static func sqlite3(_ sql: String, _ db: Database) throws -> String {
        let statement = try db.prepare(sql.split(separator: "\n").filter { !$0.hasPrefix("--") }.joined(separator: "\n"))
        var out = (0..<statement.columnCount).map { statement.columnName($0) }.joined(separator: "|") + "\n"
        while try statement.step() { out += (0..<statement.columnCount).map { statement.text($0) ?? "" }.joined(separator: "|") + "\n" }
        return out
    }

    @Test func theReadmeQueriesPrintWhatTheReadmeShows() throws {
        let scratch = try Self.examplesStore()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let store = try Store(path: scratch + "/garden.db")
        let check = try store.db.prepare("PRAGMA integrity_check")
        #expect(try check.all { $0.text(0) } == ["ok"])
        try store.db.execute("INSERT INTO ledger_fts(ledger_fts) VALUES('integrity-check')")
        let queries = try Self.readmeQueries()
        #expect(queries.count == 3)
        for (sql, output) in queries {
            #expect(try Self.sqlite3(sql, store.db) == output, "README query:\n\(sql)")
        }
    }

    /// The view's columns agree with garden's own reading of every row: the decimal amount, the review flag
    /// and reasons, and the resolution text `resolve` wrote (byte for byte).
    @Test func theViewShowsWhatGardenRecorded() throws {
        let scratch = try Self.examplesStore()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let store = try Store(path: scratch + "/garden.db", access: .read)
        let view = try store.db.prepare("SELECT amount, amount_minor, review, review_reasons, resolution, category, merchant FROM transactions WHERE row_id = ?1")
        var rows = 0
        try store.forEachLedgerRow { row in
            rows += 1
            let entry = LedgerEntry(row)
            try view.bind(.text(row.rowID))
            #expect(try view.step())
            #expect(view.text(0) == entry.input.decimalAmount && (view.isNull(1) ? nil : view.int(1)) == entry.input.amount)
            #expect((view.int(2) != 0) == entry.resolution.review)
            #expect(view.text(3) == (LedgerColumns.reasonsText(entry.resolution.reviewReasons) ?? "[]"))
            #expect(view.text(4) == row.resolution, "\(row.rowID): the view's resolution")
            #expect(view.text(5) == row.category && view.text(6) == entry.resolution.merchant)
            // The input columns, derived from the pipeline's reading when recorded, are what reading the stored line gives.
            #expect(LedgerInput(raw: row.raw) == entry.input, "\(row.rowID): the input columns")
            view.reset()
        }
        #expect(rows == 185)
    }

    /// A CPF in the description, memo, account or counterparty is masked in the columns as in the stored line.
    @Test func theInputColumnsAreMaskedAsTheLineIs() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("garden-view-" + UUID().uuidString.filter(\.isLetter)).path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        // Recorded in Portuguese, as the documented output shows its category names (no locale would be English).
        var step = GoldenCase.Step(arguments: ["resolve", "--record", "--lang", "pt"])
        step.stdin = [#"{"id":"c1","description":"PIX ENVIADO - MARIA SOUZA 529.982.247-25","memo":"CPF 52998224725","amount":-50,"account":"conta 529.982.247-25"}"#,
                      #"{"id":"c2","counterparty":{"name":"JOAO 52998224725","document":"52998224725"},"amount":-5}"#,
                      #"{"id":"c3","description":"PADARIA 52998224725","amount":-7}"#].joined(separator: "\n") + "\n"
        #expect(GoldenCLITests.run(step, { $0 }, scratch: scratch).status == 0)
        let store = try Store(path: scratch + "/garden.db", access: .read)
        var rows = 0
        try store.forEachLedgerRow { row in
            rows += 1
            let entry = try #require(row.entry)
            #expect(LedgerInput(raw: row.raw) == entry.input, "\(row.rowID)")
            #expect(!(entry.input.description + (entry.input.memo ?? "") + (entry.input.account ?? "")).contains("529.982.247-25"))
        }
        #expect(rows == 3)
    }

    /// Measured on the examples' rows recorded twelve times more under other ids (bench/run.sh measures the
    /// whole file on a large generated ledger).
    @Test func aRowTakesAtMostOneKilobyteWithItsFullTextIndex() throws {
        let scratch = try Self.examplesStore()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let store = try Store(path: scratch + "/garden.db")
        var examples: [LedgerRow] = []
        try store.forEachLedgerRow { examples.append($0) }
        for copy in 0..<12 {
            try store.record(examples.map { row in
                var copied = row
                copied.rowID = "c\(copy)-" + row.rowID
                copied.resolution = row.resolution.replacingOccurrences(of: #""row_id":"\#(row.rowID)""#, with: #""row_id":"\#(copied.rowID)""#)
                return copied
            })
        }
        #expect(try store.db.prepare("SELECT COUNT(*) FROM ledger WHERE resolution_json IS NOT NULL").all { $0.int(0) } == [0])
        let rows = try store.ledgerCount()
        #expect(rows > 1_500)
        let size = try store.db.prepare("SELECT sum(pgsize) FROM dbstat WHERE name LIKE 'ledger%' OR name LIKE 'sqlite_autoindex_ledger%'")
        _ = try size.step()
        #expect(size.int(0) / Int64(rows) <= 1_024)
    }
}
