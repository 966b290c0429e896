import Testing
@testable import GardenFoundation

/// Issue 38 stage 1, the two ends of the row path read and written as bytes: the root's members found by their
/// name's length and first byte, plain amounts read without arrays, and texts with nothing to mask escaped straight
/// from their bytes. Each shortcut must read and write exactly what the general path does, errors included.
struct RowPathBytesTests {
    func read(_ json: String) throws(InputError) -> Transaction {
        let doc = try! JSONScanner.parse(Array(json.utf8))
        return try TransactionReader().read(doc)
    }

    func slot(_ name: String) -> Int {
        var bytes = Array(name.utf8)
        return bytes.withUnsafeMutableBufferPointer { TransactionReader.RootMembers.slot(of: UnsafeBufferPointer($0)) }
    }

    // MARK: the root's members

    @Test func everyNameTheReaderLooksUpHasItsSlot() {
        for (index, key) in TransactionReader.canonicalKeys.enumerated() {
            #expect(slot(String(decoding: key, as: UTF8.self)) == index, "\(String(decoding: key, as: UTF8.self))")
        }
        typealias S = TransactionReader.RootMembers
        let shape = [S.creditDebitType, S.transactionName, S.type, S.amount, S.accountId, S.currencyCode, S.descriptionRaw]
        for (key, expected) in zip(TransactionReader.shapeKeys, shape) {
            #expect(slot(String(decoding: key, as: UTF8.self)) == expected, "\(String(decoding: key, as: UTF8.self))")
        }
    }

    @Test(arguments: ["", "i", "ids", "Id", "iD", "descriptioN", "Description", "amounts", "amoun", "currencycode", "mcC", "typo",
                      "provider_categories", "original_amounT", "account_keys", "accountid", "memo ", " memo"])
    func aNameTheReaderDoesNotLookUpHasNoSlot(name: String) {
        #expect(slot(name) == -1)
    }

    @Test func anEscapedNameIsReadAsItsText() throws {
        let t = try read(#"{"\u0069d":"x","descr\u0069ption":"PADARIA","\u0061mount":-1.5}"#)
        #expect(t.id == "x")
        #expect(t.descriptorText == "PADARIA")
        #expect(t.amount?.minorUnits == -150)
    }

    @Test func theLastOfARepeatedNameWins() throws {
        let t = try read(#"{"description":"A","amount":1,"description":"B","amount":-2,"currency":"XXY","currency":"USD"}"#)
        #expect(t.descriptorText == "B")
        #expect(t.amount?.minorUnits == -200)
        #expect(t.currency == .usd)
    }

    @Test func escapesAndSurrogatesInAValue() throws {
        #expect(try read(#"{"description":"\ud83d\ude00 caf\u00e9 \"A\"\\B\tC"}"#).descriptorText == "😀 café \"A\"\\B\tC")
        #expect(try read(#"{"description":"X \ud83d Y"}"#).descriptorText == "X \u{FFFD} Y")
        #expect(try read(#"{"description":"X \ude00"}"#).descriptorText == "X \u{FFFD}")
    }

    @Test func aLineEndingInCRLFOrSpacesIsARow() throws {
        for tail in ["\r", " \r", "\t", "\r\n"] {
            let t = try read(#"{"description":"PADARIA","amount":-3}"# + tail)
            #expect(t.descriptorText == "PADARIA" && t.amount?.minorUnits == -300)
        }
    }

    @Test func nestingIsBoundedInAnyMember() {
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(throws: JSONScanner.SyntaxError.self) { try JSONScanner.parse(Array((#"{"description":"X","extra":"# + deep + "}").utf8)) }
        let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect((try? read(#"{"description":"X","extra":"# + fine + "}")) != nil)
    }

    @Test func invalidUTF8InAValueIsRefusedWithItsColumn() {
        let line: [UInt8] = Array(#"{"description":"AB"#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        do {
            _ = try JSONScanner.parse(line)
            Issue.record("accepted invalid UTF-8")
        } catch {
            #expect(error.message == "invalid UTF-8")
            #expect(error.column == 19)
        }
    }

    @Test func currencyCodesInAnyCase() throws {
        #expect(try read(#"{"description":"X","currency":"BRL"}"#).currency == .brl)
        #expect(try read(#"{"description":"X","currency":"brl"}"#).currency == .brl)
        #expect(try read(#"{"description":"X","currency":"Usd"}"#).currency == .usd)
        #expect(try read(#"{"description":"X","currency":"jpy"}"#).currency.code == "JPY")
    }

    @Test func datesReadFromTheirBytes() throws {
        #expect(try read(#"{"description":"X","date":"2026-03-13"}"#).date == "2026-03-13")
        #expect(try read(#"{"description":"X","date":"2026-03-13T01:00:00Z"}"#).date == "2026-03-12")
        #expect(try read(#"{"description":"X","date":"2024-02-29"}"#).date == "2024-02-29")
        #expect(throws: InputError.self) { try read(#"{"description":"X","date":"2026-02-29"}"#) }
        #expect(throws: InputError.self) { try read(#"{"description":"X","date":"2026-03-1"}"#) }
    }

    // MARK: amounts

    @Test(arguments: [
        ("-586.89", -58689), ("80.1", 8010), ("1200", 120000), ("+5", 500), ("-0.00", 0), ("007.50", 750), ("0", 0),
        ("9999999999999.99", 999_999_999_999_999), ("1e2", 10000), ("1.005", 100), ("1.015", 102), ("-1.5E1", -1500),
    ] as [(String, Int64)])
    func amountsAsTheGeneralReaderReadsThem(text: String, minorUnits: Int64) throws {
        #expect(try Money.parse(Array(text.utf8), currency: .brl).money.minorUnits == minorUnits)
    }

    @Test func onlyAnAmountWithinTheCurrencysDigitsIsReadPlainly() {
        #expect(Money.plainMinorUnits(Array("-586.89".utf8), fractionDigits: 2) == -58689)
        #expect(Money.plainMinorUnits(Array("1.005".utf8), fractionDigits: 2) == nil)      // rounded: the general reader
        #expect(Money.plainMinorUnits(Array("5.0".utf8), fractionDigits: 0) == nil)
        #expect(Money.plainMinorUnits(Array("1e2".utf8), fractionDigits: 2) == nil)
        #expect(Money.plainMinorUnits(Array("1,5".utf8), fractionDigits: 2) == nil)
        #expect(Money.plainMinorUnits(Array("5.".utf8), fractionDigits: 2) == nil)
        #expect(Money.plainMinorUnits(Array(".5".utf8), fractionDigits: 2) == nil)
        #expect(Money.plainMinorUnits(Array("-".utf8), fractionDigits: 2) == nil)
        #expect(Money.plainMinorUnits(Array("10000000000000.00".utf8), fractionDigits: 2) == nil)   // over the largest
        #expect(Money.plainMinorUnits(Array("9999999999999999999".utf8), fractionDigits: 0) == nil)  // would overflow
    }

    @Test(arguments: ["5.", ".5", "-", "", "1.2.3", "1,5.0", "NaN", "--1"])
    func malformedAmountsAreStillRefused(text: String) {
        #expect(throws: Money.ParseError.self) { try Money.parse(Array(text.utf8), currency: .brl) }
    }

    @Test(arguments: ["10000000000000.00", "123456789012345678", "1e400", "99999999999999999999999"])
    func hugeAmountsAreOutOfRange(text: String) {
        do {
            _ = try Money.parse(Array(text.utf8), currency: .brl)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error == .outOfRange)
        }
    }

    @Test func aHugeAmountNamesItsField() {
        do {
            _ = try read(#"{"description":"X","amount":123456789012345678}"#)
            Issue.record("accepted")
        } catch {
            #expect(error.field == "amount")
            #expect(error.message.hasPrefix("amount out of range: 123456789012345678"), "\(error.message)")
        }
    }

    // MARK: texts written

    func written(_ text: String, onlyCPFs: Bool = false) -> [UInt8]? {
        var out: [UInt8] = []
        var copy = text
        return copy.withUTF8 { JSONWriter.appendEscapedIfUnmasked($0, onlyCPFs: onlyCPFs, to: &out) } ? out : nil
    }

    func general(_ text: String, onlyCPFs: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        JSONWriter.appendEscaped(onlyCPFs ? CPFScrubber.scrubCPF(text, plainDigits: false) : CPFScrubber.scrub(text), to: &out)
        return out
    }

    @Test(arguments: ["PADARIA", "", "João \"Zé\" \\ Pão", "tab\there\nline\u{01}", "LOJA 123", "99 TAXI", "•••.482.613-••", "café — já",
                      "AG 1234", "R$ 12,50 10/03", "b123", "c-9f2a1e"])
    func aTextWithNothingToMaskIsWrittenAsTheGeneralPathWritesIt(text: String) {
        #expect(written(text) == general(text))
        #expect(written(text, onlyCPFs: true) == general(text, onlyCPFs: true))
    }

    @Test(arguments: ["CPF 529.982.247-25", "52998224725", "CC 12345-6", "conta 98765", "4111 1111 1111 1111", "١٢٣٤٥٦٧٨٩٠١",
                      "１２３４５６７８９０１"])
    func aTextThatMayHoldAPersonalNumberIsLeftToTheScanner(text: String) {
        #expect(written(text) == nil)
    }

    @Test func aRowIDIsLeftToTheScannerOnlyFromElevenDigits() {
        #expect(written("b1234567890", onlyCPFs: true) == general("b1234567890", onlyCPFs: true))
        #expect(written("CC 12345-6", onlyCPFs: true) == general("CC 12345-6", onlyCPFs: true))
        #expect(written("52998224725", onlyCPFs: true) == nil)
    }

    @Test(arguments: ["PADARIA", "", "João \"Zé\" \\ Pão", "tab\there\nline\u{01}", "LOJA 123", "CPF 529.982.247-25", "52998224725",
                      "CC 12345-6", "4111 1111 1111 1111", "١٢٣٤٥٦٧٨٩٠١", "１２３４５６７８９０１", String(repeating: "\u{01}", count: 40),
                      String(repeating: "529.982.247-25 ", count: 5), "b1234567890", "conta 98765 \"x\""])
    func theCursorWritesWithinItsBoundAsTheGeneralPath(text: String) {
        for onlyCPFs in [false, true] {
            let bound = ByteCursor.bound(text)
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bound) { memory in
                var cursor = ByteCursor(memory.baseAddress!, capacity: memory.count)
                cursor.appendMasked(text, plainDigits: !onlyCPFs, onlyCPFs: onlyCPFs)
                #expect(cursor.count <= bound)
                #expect(Array(cursor.written) == general(text, onlyCPFs: onlyCPFs))
            }
        }
    }

    @Test func theCursorEscapesAsTheWriter() {
        for text in ["plain", "a\"b\\c", "\u{00}\u{1f}\u{7f}é", "line\r\n"] {
            var expected: [UInt8] = []
            JSONWriter.appendEscaped(text, to: &expected)
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ByteCursor.bound(text)) { memory in
                var cursor = ByteCursor(memory.baseAddress!, capacity: memory.count)
                cursor.appendEscaped(text)
                #expect(Array(cursor.written) == expected)
            }
        }
    }
}
