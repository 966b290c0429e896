import Testing
import GardenFoundation
import GardenCatalog
@testable import GardenImport
@testable import GardenImportKit
@testable import GardenCSVImport

/// Imports read as streams (issue 20): rows come out while the file is still being read, a line, value or
/// transaction too long to be a bank record is named by file and line and skipped without being held, and
/// what follows it is still imported.
struct StreamingImportTests {
    /// A source of `rows` CSV lines after a header, made as they are asked for, that records how many
    /// rows had been handed out each time it was read.
    final class GeneratedCSV {
        let rows: Int
        var made = 0
        var pending: [UInt8] = Array("Data;Histórico;Valor\n".utf8)
        var handedOutAtEachRead: [Int] = []
        var handedOut = 0

        init(rows: Int) { self.rows = rows }

        func read(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
            handedOutAtEachRead.append(handedOut)
            while pending.count < buffer.count, made < rows {
                made += 1
                pending += Array("\(String(format: "%02d", made % 28 + 1))/10/2026;PADARIA \(made);-\(made % 97 + 1),50\n".utf8)
            }
            let n = min(buffer.count, pending.count)
            buffer.copyBytes(from: pending[0..<n])
            pending.removeFirst(n)
            return n
        }
    }

    @Test func rowsComeOutWhileTheFileIsStillBeingRead() {
        let file = GeneratedCSV(rows: 50_000)
        let sink = ImportSink(row: { _ in file.handedOut += 1 }, error: { _ in }, note: { _ in })
        ImportTestData.importer.read(ImportSource(read: file.read), file: "big.csv", options: Importer.Options(), into: sink)
        #expect(sink.result.count == 50_000 && sink.result.errorCount == 0)
        // Long before the last read, most rows were out already: nothing waited for the end of the file.
        let reads = file.handedOutAtEachRead
        #expect(reads.count > 20)
        #expect(reads[reads.count / 2] > 10_000, "rows handed out by the middle read: \(reads[reads.count / 2])")
    }

    @Test func aLineLongerThanAMebibyteIsNamedAndSkippedAndTheRowsAroundItStay() {
        let text = "Data;Histórico;Valor\n01/10/2026;PADARIA A;-10,00\n" + String(repeating: "x", count: CSVRecords.maximumLineLength + 10)
            + "\n02/10/2026;PADARIA B;-20,00\n"
        let result = ImportTestData.text(text, name: "long.csv")
        #expect(result.rows.map(\.description) == ["PADARIA A", "PADARIA B"])
        #expect(result.errors.map(\.description) == [
            "long.csv:3: the line is longer than 1048576 bytes (1 MiB): not a bank export's record; skipped up to its end",
        ])
        #expect(result.rows.last?.line == 4)
    }

    /// `/dev/zero` read for a while: one endless line of NUL bytes, never held, named by its line.
    @Test(arguments: [1 << 16, 4093])
    func zerosWithoutALineBreakAreOneLongLineNeverHeld(_ chunk: Int) {
        var given = 0
        let limit = 3 * CSVRecords.maximumLineLength
        let zeros = ImportSource(read: { buffer in
            let n = min(buffer.count, chunk, limit - given)
            guard n > 0 else { return 0 }
            buffer.initializeMemory(as: UInt8.self, repeating: 0)
            given += n
            return n
        })
        var errors: [ImportError] = []
        let sink = ImportSink(row: { _ in }, error: { errors.append($0) }, note: { _ in })
        ImportTestData.importer.read(zeros, file: "/dev/zero", options: Importer.Options(), into: sink)
        #expect(given == limit)
        #expect(sink.result.count == 0)
        #expect(errors.first?.description == "/dev/zero:1: the line is longer than 1048576 bytes (1 MiB): not a bank export's record; skipped up to its end")
    }

    /// A truly endless line (`garden import /dev/zero`): the long line is named as soon as it passes 1 MiB,
    /// before any of the skip, and reading stops once ``CSVRecords/maximumSkip`` bytes held no line break
    /// (before, the skip waited for an end of line that never came and the command said nothing, forever).
    @Test func anEndlessLineIsNamedAtOnceAndReadingStopsAtTheSkipBound() {
        var given = 0
        var givenWhenNamed: Int?
        let zeros = ImportSource(read: { buffer in
            buffer.initializeMemory(as: UInt8.self, repeating: 0)
            given += buffer.count
            return given > 4 * CSVRecords.maximumSkip ? 0 : buffer.count   // a guard, so a failure cannot hang the suite
        })
        var errors: [String] = []
        let sink = ImportSink(row: { _ in }, error: { errors.append($0.description); if givenWhenNamed == nil { givenWhenNamed = given } },
                              note: { _ in })
        ImportTestData.importer.read(zeros, file: "/dev/zero", options: Importer.Options(), into: sink)
        #expect(errors == [
            "/dev/zero:1: the line is longer than 1048576 bytes (1 MiB): not a bank export's record; skipped up to its end",
            "/dev/zero:1: no line break in the 64 MiB after this line's start: not a text export; the rest is not read",
        ])
        #expect((givenWhenNamed ?? .max) < 4 * CSVRecords.maximumLineLength, "bytes read before the long line was named: \(givenWhenNamed ?? -1)")
        #expect(given <= CSVRecords.maximumSkip + 4 * CSVRecords.maximumLineLength, "bytes read in all: \(given)")
    }

    @Test func anOFXValueLongerThanAMebibyteIsNamedAndTheOtherTransactionsStay() {
        let long = String(repeating: "A", count: OFXTokenizer.maximumTokenLength + 1)
        let text = "<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><ACCTID>1</BANKACCTFROM><BANKTRANLIST>\n"
            + "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261001<TRNAMT>-1.00<FITID>a<NAME>\(long)</STMTTRN>\n"
            + "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261002<TRNAMT>-2.00<FITID>b<NAME>PADARIA</STMTTRN>\n"
            + "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"
        let result = ImportTestData.text(text, name: "long.ofx")
        #expect(result.rows.map(\.description) == ["", "PADARIA"])
        #expect(result.errors.map(\.description) == ["long.ofx:2: a tag or value longer than 1048576 bytes (1 MiB): skipped"])
    }

    @Test func aPluggyTransactionLongerThanAMebibyteIsNamedAndTheOthersStay() {
        let long = String(repeating: "A", count: ProviderJSONStream.maximumElementLength)
        let text = """
        {"results": [
         {"id": "a", "description": "\(long)", "amount": 1, "date": "2026-10-03", "type": "DEBIT"},
         {"id": "b", "description": "PADARIA", "amount": 2, "date": "2026-10-03", "type": "DEBIT"}
        ], "page": 1}
        """
        let result = ImportTestData.text(text, name: "page.json")
        #expect(result.rows.map(\.id) == ["pluggy:b"])
        #expect(result.errors.map(\.description) == ["page.json:2: field \"[0]\": a transaction longer than 1048576 bytes (1 MiB): skipped"])
    }

    /// hostile10 F30: a transaction nested deeper than the parser takes is refused by its index, and the page is
    /// read past it (it used to stop the page there, silently dropping every later transaction).
    @Test func aPluggyTransactionNestedTooDeepIsNamedAndTheOthersStay() {
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        let text = """
        {"results": [
         {"id": "a", "description": "LOJA A", "amount": -1, "date": "2026-10-01", "type": "DEBIT"},
         {"id": "b", "description": "LOJA B", "amount": -1, "date": "2026-10-01", "type": "DEBIT", "extra": \(deep)},
         {"id": "c", "description": "LOJA C", "amount": -1, "date": "2026-10-01", "type": "DEBIT"}
        ], "page": 1}
        """
        let result = ImportTestData.text(text, name: "deep.json")
        #expect(result.rows.map(\.id) == ["pluggy:a", "pluggy:c"])
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.description.hasPrefix("deep.json:3: field \"[1]\": ") == true)
    }

    @Test func aResponseCutShortKeepsTheTransactionsBeforeTheCut() {
        let result = ImportTestData.text("""
        {"page": {"n": [1, 2]}, "results": [
         {"id": "a", "description": "PADARIA", "amount": 2, "date": "2026-10-03", "type": "DEBIT"},
         {"id": "b", "description": "MERCA
        """, name: "cut.json")
        #expect(result.rows.map(\.id) == ["pluggy:a"])
        #expect(result.errors.map(\.description) == ["cut.json:3: not JSON: column 35: the response ends inside a string"])
    }

    @Test func aCSVTextIsTheSameWhereverItsChunksEnd() {
        // A CP 1252 byte, a UTF-8 sequence and a CRLF each cut by a chunk boundary somewhere.
        var bytes = Array("Data;Histórico;Valor\r\n01/10/2026;A\u{00C7}OUGUE;-1,00\r\n".utf8)
        bytes += [0x30, 0x32, 0x2F, 0x31, 0x30, 0x2F, 0x32, 0x30, 0x32, 0x36, 0x3B, 0x50, 0xC3, 0x3B, 0x2D, 0x32, 0x2C, 0x30, 0x30, 0x0D, 0x0A]
        let whole = ImportTestData.importer.read(bytes, file: "x.csv", options: Importer.Options()).rows
        for chunk in 1...9 {
            var rows: [ImportedRow] = []
            let sink = ImportSink(row: { rows.append($0) }, error: { _ in }, note: { _ in })
            ImportTestData.importer.read(ImportSource(bytes: bytes, chunk: chunk), file: "x.csv", options: Importer.Options(), into: sink)
            #expect(rows == whole, "chunk \(chunk)")
        }
        #expect(whole.map(\.description) == ["AÇOUGUE", "PÃ"])
    }
}
