import Foundation
import Testing
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands
import GardenFoundation

/// `garden import` in-process: canonical lines out, errors naming file, line and field, sysexits codes,
/// and the README's pipeline `garden import examples/statement.ofx | garden resolve`.
struct ImportCommandTests {
    static let root = ResolveCommandTests.root
    /// The real exports (copied from ../shared/import-samples: Tests/Fixtures/import-samples/PROVENANCE.md).
    static let samples = root.appendingPathComponent("Tests/Fixtures/import-samples")

    static func objects(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    @Test func theExamplesImportAndResolveEndToEnd() throws {
        let statement = Self.root.appendingPathComponent("examples/statement.ofx").path
        let card = Self.root.appendingPathComponent("examples/nubank-card.csv").path
        let imported = ResolveCommandTests.run(["import", statement, card], input: [])
        #expect(imported.code == 0)
        #expect(imported.stderr.contains("statement.ofx: 8 rows read as ofx"))
        let resolved = ResolveCommandTests.run(["resolve"], imported.stdout)
        #expect(resolved.code == 0)
        let rows = try Self.objects(resolved.stdout)
        #expect(rows.count == 12)
        let byID: [String: [String: Any]] = Dictionary(uniqueKeysWithValues: rows.compactMap { row in (row["source_id"] as? String).map { ($0, row) } })
        let category = { (id: String) -> String? in ((byID[id]?["resolution"] as? [String: Any])?["category"] as? [String: Any])?["id"] as? String }
        #expect(category("202610020001") == "food.delivery")
        #expect(category("202610030001") == "subscriptions.streaming")
        #expect(category("202610080001") == "health.pharmacy")
        let card0 = try #require(rows.first { ($0["description"] as? String) == "Spotify" })
        #expect(card0["amount"] as? String == "-21.90")
        #expect((card0["resolution"] as? [String: Any])?["direction"] as? String == "out")
    }

    @Test func theAmountWithoutDigitsExitsSixtyFiveNamingFileLineAndField() {
        let path = Self.samples.appendingPathComponent("br_caixa_malformed_decimal.ofx").path
        let result = ResolveCommandTests.run(["import", path], input: [])
        #expect(result.code == Exit.dataError)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("garden: \(path):42: field \"TRNAMT\": not an amount: \".\""))
    }

    @Test func aMissingFileIsSixtySixAndTheOthersAreStillImported() {
        let statement = Self.root.appendingPathComponent("examples/statement.ofx").path
        let result = ResolveCommandTests.run(["import", "/nonexistent.ofx", statement], input: [])
        #expect(result.code == Exit.noInput)
        #expect(result.lines.count == 8)
        #expect(result.stderr.contains("garden: cannot open /nonexistent.ofx"))
    }

    @Test func stdinFormatAndAccountOptions() throws {
        let csv = "date,title,amount\n2026-10-06,Cafe,\"5,00\"\n"
        let result = ResolveCommandTests.run(["import", "-", "--format", "csv", "--account", "Nubank"], csv)
        #expect(result.code == 0)
        let row = try #require(try Self.objects(result.stdout).first)
        #expect(row["account"] as? String == "Nubank" && row["amount"] as? String == "-5.00" && row["date"] as? String == "2026-10-06")
        #expect((row["id"] as? String)?.hasPrefix("line:") == true)
    }

    @Test(arguments: [["import"], ["import", "x", "--format", "xls"], ["import", "x", "--dialect", "nope"], ["import", "x", "--columns", "when,amount"]])
    func usageErrorsExitSixtyFour(_ arguments: [String]) {
        #expect(ResolveCommandTests.run(arguments, input: []).code == Exit.usage)
    }

    @Test func listsTheDialects() {
        let result = ResolveCommandTests.run(["import", "--dialects"], input: [])
        #expect(result.code == 0)
        #expect(result.lines.contains("nubank_card\tNubank (card bill)"))
        #expect(result.lines.count >= 19)
    }
}

/// `garden import` as a stream (issue 20): rows reach stdout while stdin is still being read.
struct ImportStreamingCommandTests {
    /// A stdin of `rows` CSV lines, made as they are read, that notes how much was on stdout at each read.
    final class SlowStdin: ByteInput {
        let stdout: MemoryOutput
        var pending = Array("Data;Histórico;Valor\n".utf8)
        var made = 0
        let rows: Int
        var stdoutAtEachRead: [Int] = []
        init(rows: Int, stdout: MemoryOutput) { self.rows = rows; self.stdout = stdout }
        func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
            stdoutAtEachRead.append(stdout.bytes.count)
            while pending.count < 4096, made < rows {
                made += 1
                pending += Array("\(made % 18 + 10)/10/2026;PADARIA \(made);-\(made % 90 + 10),50\n".utf8)
            }
            let n = min(buffer.count, pending.count, 4096)
            buffer.copyBytes(from: pending[0..<n])
            pending.removeFirst(n)
            return n
        }
    }

    @Test func rowsReachStdoutWhileStdinIsStillBeingRead() {
        let out = MemoryOutput(), err = MemoryOutput()
        let stdin = SlowStdin(rows: 20_000, stdout: out)
        let env = Environment(stdin: stdin, stdout: out, stderr: err,
                              variables: ["GARDEN_DATA": ResolveCommandTests.root.path, "GARDEN_RULES_DIR": "/nonexistent", "LANG": "C", "HOME": "/nonexistent"])
        let code = GardenCommandLine.run(["import", "--currency", "BRL", "-"], env)
        #expect(code == 0, "\(err.text)")
        #expect(out.text.split(separator: "\n").count == 20_000)
        let reads = stdin.stdoutAtEachRead
        #expect(reads.count > 10 && reads[reads.count / 2] > 0, "stdout was empty until stdin ended: \(reads.prefix(3))…\(reads.suffix(3))")
    }
}
