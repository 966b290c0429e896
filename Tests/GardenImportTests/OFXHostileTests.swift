import Testing
@testable import GardenImport
@testable import GardenImportKit
@testable import GardenCSVImport

/// OFX input that broke the importer in hostile testing: CDATA values, files cut short, charsets that
/// lie or mix.
struct OFXHostileTests {
    /// An OFX 1.x SGML statement with `body` as its transactions; `charset` is the header's claim.
    static func sgml(_ body: String, charset: String = "1252", close: Bool = true) -> String {
        """
        OFXHEADER:100
        DATA:OFXSGML
        VERSION:102
        CHARSET:\(charset)

        <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL
        <BANKACCTFROM><ACCTID>111</BANKACCTFROM>
        <BANKTRANLIST>
        \(body)
        """ + (close ? "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n" : "")
    }

    static func transaction(_ fitid: String, _ name: String, amount: String = "-10.00") -> String {
        "<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>20261002\n<TRNAMT>\(amount)\n<FITID>\(fitid)\n<NAME>\(name)\n"
    }

    static func read(_ bytes: [UInt8], name: String = "test.ofx") -> ImportResult {
        ImportTestData.importer.read(bytes, file: name, options: Importer.Options())
    }

    @Test func cdataIsTheValueAsPrinted() {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?><?OFX OFXHEADER="200" VERSION="211"?>
        <OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>USD</CURDEF><CCACCTFROM><ACCTID>4111</ACCTID></CCACCTFROM>
        <BANKTRANLIST>
        <STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261002</DTPOSTED><TRNAMT>-5.00</TRNAMT><FITID>C1</FITID>
        <NAME><![CDATA[AT&amp;T <WIRELESS>]]></NAME><MEMO>m</MEMO></STMTTRN>
        <STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20261005</DTPOSTED><TRNAMT>7.00</TRNAMT><FITID>C2</FITID>
        <NAME><![CDATA[]]></NAME><MEMO>only memo</MEMO></STMTTRN>
        </BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>
        """
        let result = Self.read(Array(xml.utf8))
        #expect(result.errors.isEmpty)
        #expect(result.rows.map(RowFields.init) == [
            RowFields("line:cc17a13c264e4937-1", "2026-10-02", "-5.00", "USD", "AT&amp;T <WIRELESS>", memo: "m", account: "4111", method: "credit_card"),
            RowFields("line:7e8a3452f81d4a04-1", "2026-10-05", "7.00", "USD", "only memo", account: "4111"),
        ])
    }

    @Test func aFileCutShortKeepsItsRowsAndSaysSo() {
        let text = Self.sgml(Self.transaction("A1", "PADARIA") + Self.transaction("A2", "MERCADO"), close: false)
        let result = Self.read(Array(text.utf8), name: "cut.ofx")
        #expect(result.rows.map(\.sourceID) == ["A1", "A2"])
        #expect(result.errors.map(\.description) == ["cut.ofx:21: field \"OFX\": the file ends before </OFX>: cut short? (2 transactions read up to here)"])
        #expect(Self.read(Array(Self.sgml(Self.transaction("A1", "PADARIA")).utf8)).errors.isEmpty)
    }

    @Test(arguments: ["1252", "8859-1", "UTF-8", "NONE"])
    func singleByteTextIsWindows1252WhateverTheHeaderSays(_ charset: String) {
        let text = Self.sgml(Self.transaction("A1", "PREÇO €5 “x” – Ž"), charset: charset)
        let result = Self.read(Array(text.unicodeScalars.map { UInt8(truncatingIfNeeded: Self.cp1252Byte($0)) }))
        #expect(result.rows.map(\.description) == ["PREÇO €5 “x” – Ž"])
    }

    @Test func utf8WithAStrayCP1252ByteKeepsBoth() {
        var bytes = Array(Self.sgml(Self.transaction("A1", "CAFÉ PÃO") + Self.transaction("A2", "AÇÃO")).utf8)
        let stray = Array("AÇÃO".utf8)
        let at = bytes.indices.first { bytes[$0...].starts(with: stray) }!
        bytes.replaceSubrange(at..<(at + stray.count), with: [0x41, 0xC7, 0xC3, 0x4F])   // AÇÃO in CP 1252
        #expect(Self.read(bytes).rows.map(\.description) == ["CAFÉ PÃO", "AÇÃO"])
        #expect(ImportText.decode([0x41, 0xC7, 0xC3, 0x4F, 0xC3, 0xA9]).charset == .mixed)
    }

    @Test func anEmptyAmountOrDateIsReportedAtItsOwnLine() {
        let empty = "<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>20261002\n<TRNAMT>\n<FITID>E1\n<NAME>EMPTY AMOUNT\n"
            + "<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED></DTPOSTED>\n<TRNAMT>-1.00\n<FITID>E2\n<NAME>EMPTY DATE\n"
        let result = Self.read(Array(Self.sgml(empty + Self.transaction("A1", "OK")).utf8))
        #expect(result.rows.map(\.sourceID) == ["A1"])
        #expect(result.errors.map(\.description) == [
            "test.ofx:12: field \"TRNAMT\": not an amount: \"\"", "test.ofx:17: field \"DTPOSTED\": not a date: \"\" (expected YYYYMMDD…)",
        ])
    }

    @Test func textIsHandedOnAsUTF8Bytes() {
        #expect(ImportText.utf8(Array("Pão €".utf8)) == Array("Pão €".utf8))
        #expect(ImportText.utf8([0xEF, 0xBB, 0xBF, 0x41]) == [0x41])
        #expect(ImportText.utf8([0x50, 0xE3, 0x6F, 0x80]) == Array("Pão€".utf8))
        #expect(!ImportText.isUTF8([0xC3, 0x28][...]) && !ImportText.isUTF8([0xED, 0xA0, 0x80][...]) && ImportText.isUTF8([0xF0, 0x9F, 0x98, 0x80][...]))
    }

    @Test func controlCharacterAndSurrogateEntitiesStayAsPrinted() {
        #expect(OFXEntities.decode("A&#0;B &#xD800; C&#9;D &#x7;") == "A&#0;B &#xD800; C\tD &#x7;")
    }

    @Test(arguments: ["sgml_cp1252_two_statements.ofx", "xml_bank_and_card.ofx", "nubank_card.csv", "pluggy_page.json", "openfinance_data.json", "bb.csv"],
          [1, 7, 4096])
    func aStreamingImportHandsOutTheRowsItWouldCollectWhereverItsChunksEnd(_ name: String, _ chunk: Int) {
        let bytes = ImportTestData.bytes(ImportTestData.fixtures.appendingPathComponent(name))
        var streamed: [ImportedRow] = []
        var reported: [ImportError] = []
        let sink = ImportSink(row: { streamed.append($0) }, error: { reported.append($0) }, note: { reported.append($0) })
        ImportTestData.importer.read(ImportSource(bytes: bytes, chunk: chunk), file: name, options: Importer.Options(), into: sink)
        let collected = ImportTestData.importer.read(bytes, file: name, options: Importer.Options())
        #expect(sink.result.rows.isEmpty)
        #expect(sink.result.count == streamed.count && collected.count == collected.rows.count)
        #expect(!streamed.isEmpty && streamed == collected.rows)
        #expect(reported.count == collected.errors.count + collected.notes.count)
    }

    /// The CP 1252 byte of a scalar the test texts use.
    static func cp1252Byte(_ scalar: Unicode.Scalar) -> UInt32 {
        let specials: [UInt32: UInt32] = [0x20AC: 0x80, 0x201C: 0x93, 0x201D: 0x94, 0x2013: 0x96, 0x017D: 0x8E]
        return specials[scalar.value] ?? scalar.value
    }
}
