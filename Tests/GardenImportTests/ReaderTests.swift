import Testing
import GardenFoundation
@testable import GardenImport
@testable import GardenImportKit
@testable import GardenCSVImport

/// The pieces: amounts, dates, entities, the CSV reader, ids, and errors that name line and field.
struct ReaderTests {
    @Test(arguments: [
        ("-1.234,56", AmountText.DecimalMark.comma, "-1234.56"), ("- 2.815,88", .comma, "-2815.88"), ("12,50", .auto, "12.50"),
        ("-$7,971.39", .point, "-7971.39"), ("+$327.49", .point, "327.49"), ("R$ 10,00", .comma, "10.00"), ("(12.34)", .point, "-12.34"),
        ("12.34-", .point, "-12.34"), ("50,00 D", .comma, "-50.00"), ("50,00 C", .comma, "50.00"), ("-80", .auto, "-80"),
        ("            -11.11", .auto, "-11.11"), ("-530,86", .auto, "-530.86"), ("1000.0400", .auto, "1000.0400"),
    ])
    func readsAmountsExactly(_ text: String, _ mark: AmountText.DecimalMark, _ plain: String) throws {
        #expect(AmountText.plain(text, mark: mark) == plain)
        let parsed = try AmountText.parse(text, currency: .brl, mark: mark).get()
        #expect(parsed.money == (try Money.parse(Array(plain.utf8), currency: .brl)).money)
    }

    @Test(arguments: ["            .  ", ".", "", "abc", "1.2.3", "12,34,5", "--", "1O,00"])
    func refusesTextThatIsNotAnAmount(_ text: String) {
        guard case .failure(let error) = AmountText.parse(text, currency: .brl) else {
            Issue.record("\"\(text)\" read as an amount")
            return
        }
        #expect(error.message.contains("not an amount"))
    }

    @Test(arguments: [
        ("20261006000000[-3:BRT]", "2026-10-06"), ("20261006", "2026-10-06"), ("20230509120000.000[-5:EST]", "2023-05-09"),
        ("20261231235959[+9:JST]", "2026-12-31"),
    ])
    func takesTheOFXDateAsPrinted(_ text: String, _ date: String) {
        #expect(DateText.ofx(text) == date)
    }

    @Test func refusesImpossibleOFXDates() {
        #expect(DateText.ofx("00000000000000") == nil)
        #expect(DateText.ofx("20260230") == nil)
        #expect(DateText.ofx("2026-10-") == nil)
    }

    @Test(arguments: [
        ("02/10/2026", DateText.Order.dayMonth, "2026-10-02"), ("02/10/2026", .monthDay, "2026-02-10"), ("4/1/2008", .monthDay, "2008-04-01"),
        ("2026-10-06", .monthDay, "2026-10-06"), ("31.12.26", .dayMonth, "2026-12-31"), ("20091224120000[0:GMT]", .dayMonth, "2009-12-24"),
    ])
    func readsCSVDates(_ text: String, _ order: DateText.Order, _ date: String) {
        #expect(DateText.csv(text, order: order) == date)
    }

    @Test func aDayAboveTwelveDecidesTheOrder() {
        #expect(DateText.order(of: ["01/02/2026", "10/31/2012"]) == .monthDay)
        #expect(DateText.order(of: ["01/02/2026", "31/10/2012"]) == .dayMonth)
        #expect(DateText.order(of: ["01/02/2026", "03/04/2026"]) == nil)
    }

    @Test func decodesEntitiesOnce() {
        #expect(OFXEntities.decode("B.C. HYDRO &amp; POWER") == "B.C. HYDRO & POWER")
        #expect(OFXEntities.decode("TPAY &amp;lt;DEFTPYMT&amp;gt;") == "TPAY &lt;DEFTPYMT&gt;")
        #expect(OFXEntities.decode("Joe&#39;s &#x26; Co") == "Joe's & Co")
        #expect(OFXEntities.decode("Amazon & Cloud &unknown;") == "Amazon & Cloud &unknown;")
    }

    @Test func csvReaderKeepsQuotedSeparatorsQuotesAndLineBreaks() {
        let text = "a,b\r\n\"x, y\",\"say \"\"hi\"\"\"\r\n\r\n\"two\nlines\",z\n"
        let records = CSVReader.records(text, separator: UInt8(ascii: ",")).records
        #expect(records == [
            CSVReader.Record(line: 1, fields: ["a", "b"]),
            CSVReader.Record(line: 2, fields: ["x, y", "say \"hi\""]),
            CSVReader.Record(line: 4, fields: ["two\nlines", "z"]),
        ])
    }

    @Test func anUnclosedQuoteIsAnErrorAtItsLineAndCostsOnlyThatLine() {
        let (records, errors) = CSVReader.records("a,b\n\"open,1\n2,3\n4,x y\n", separator: UInt8(ascii: ","))
        #expect(errors == [CSVReader.SyntaxError(line: 2, field: 0, message: "a quote opened here is not closed on its line; the line is skipped")])
        #expect(records == [
            CSVReader.Record(line: 1, fields: ["a", "b"]), CSVReader.Record(line: 3, fields: ["2", "3"]), CSVReader.Record(line: 4, fields: ["4", "x y"]),
        ])
    }

    /// A stray quote whose line is followed by quoted records does not pair with their quotes: the lines
    /// after it read as whole records, so the quote is an error at its own line and field.
    @Test func anUnclosedQuoteDoesNotSwallowTheQuotedRecordsAfterIt() {
        let (records, errors) = CSVReader.records("a,b,c\n1,\"open,x\n2,\"B\",3\n4,\"C\",5\n", separator: UInt8(ascii: ","))
        #expect(errors.map(\.line) == [2] && errors.map(\.field) == [1])
        #expect(records.map(\.fields) == [["a", "b", "c"], ["2", "B", "3"], ["4", "C", "5"]])
    }

    /// A quoted line break is kept while the lines it crosses are not whole records, up to the bound.
    @Test(arguments: [
        ("a,b\n\"one\ntwo\nthree\",z\n", [["a", "b"], ["one\ntwo\nthree", "z"]], [Int]()),
        ("a,b\n\"x\n1\n2\n3\n4\n5\",z\n6,7\n", [["a", "b"], ["1"], ["2"], ["3"], ["4"], ["5\"", "z"], ["6", "7"]], [2]),
    ])
    func aQuotedLineBreakSpansAtMostTheBound(_ text: String, _ fields: [[String]], _ errorLines: [Int]) {
        let (records, errors) = CSVReader.records(text, separator: UInt8(ascii: ","))
        #expect(records.map(\.fields) == fields)
        #expect(errors.map(\.line) == errorLines)
    }

    @Test(arguments: [("a;b;c\n1;2,5;3\n", ";"), ("a\tb\n1,5\t2\n", "\t"), ("a,b\n\"1;2\",3\n", ",")])
    func detectsTheSeparator(_ text: String, _ separator: String) {
        #expect(CSVReader.separator(of: text) == separator.utf8.first!)
    }

    @Test func reimportingGivesTheSameIdsAndEqualRowsStayTwo() {
        let text = "date,title,amount\n2026-10-06,Cafe,\"5,00\"\n2026-10-06,Cafe,\"5,00\"\n2026-10-07,Cafe,\"5,00\"\n"
        let first = ImportTestData.text(text).rows.map(\.id)
        let again = ImportTestData.text(text).rows.map(\.id)
        #expect(first == again)
        #expect(Set(first).count == 3)
        #expect(first[0].hasSuffix("-1") && first[1].hasSuffix("-2") && first[1].dropLast(2) == first[0].dropLast(2))
        // An overlapping export (the last day only) gives that row the same id.
        let overlap = ImportTestData.text("date,title,amount\n2026-10-07,Cafe,\"5,00\"\n").rows.map(\.id)
        #expect(overlap == [first[2]])
    }

    @Test func aBadRowIsReportedByLineAndColumnAndTheRestIsImported() {
        let result = ImportTestData.text("Data;Histórico;Descrição;Valor;Saldo\n01/10/2026;Pix;A;-1,00;0\n02/10/2026;Pix;B;abc;0\n32/10/2026;Pix;C;-3,00;0\n")
        #expect(result.rows.map(\.description) == ["A"])
        #expect(result.errors.map(\.description) == [
            "test.csv:3: field \"Valor\": not an amount: \"abc\"",
            "test.csv:4: field \"Data\": not a date: \"32/10/2026\"",
        ])
    }

    @Test func anUnreadableFileIsAnErrorNeverAnEmptyImport() {
        let noColumns = ImportTestData.text("just some text\nand more text\n")
        #expect(noColumns.rows.isEmpty)
        #expect(noColumns.errors.first?.description.contains("cannot tell the columns") == true)
        let onlyBalances = ImportTestData.text("Data;Histórico;Valor\n01/10/2026;Saldo Anterior;10,00\n")
        #expect(onlyBalances.errors.first?.description.contains("no transaction found") == true)
        let empty = ImportTestData.text("")
        #expect(empty.errors.map(\.description) == ["test.csv: the file is empty"])
        let notOFX = ImportTestData.text("hello", name: "x.ofx") { $0.format = .ofx }
        #expect(notOFX.errors.first?.description == "x.ofx:1: not an OFX file: no <OFX> or <STMTTRN> element")
        let neither = ImportTestData.text(#"{"foo": 1}"#, name: "x.json")
        #expect(neither.errors.first?.description.hasPrefix("x.json:1: neither \"results\"") == true)
        let badAmount = ImportTestData.text(#"{"results": [{"id":"1","description":"X","amount":"abc","type":"DEBIT","date":"2026-01-01","accountId":"a"}]}"#)
        #expect(badAmount.errors.map(\.description) == [#"test.csv:1: field "[0].amount": not a number: "abc""#])
    }

    @Test func anOFXTransactionWithoutAnAmountOrDateNamesTheTag() {
        let text = "<OFX><STMTRS><CURDEF>BRL<BANKACCTFROM><ACCTID>1</BANKACCTFROM><BANKTRANLIST>\n<STMTTRN><DTPOSTED>20261001<FITID>1\n"
            + "<STMTTRN><TRNAMT>-1.00<DTPOSTED>2026<FITID>2\n<STMTTRN><TRNAMT>-2.00<DTPOSTED>20261002<FITID>3\n</BANKTRANLIST></STMTRS></OFX>"
        let result = ImportTestData.text(text, name: "a.ofx")
        #expect(result.rows.map(\.sourceID) == ["3"])
        #expect(result.errors.map(\.description) == [
            "a.ofx:2: field \"TRNAMT\": the transaction has no amount",
            "a.ofx:3: field \"DTPOSTED\": not a date: \"2026\" (expected YYYYMMDD…)",
        ])
    }

    @Test func columnsAndDialectCanBeGivenByHand() throws {
        let text = "01/10/2026;x;COMPRA;12,30;\n02/10/2026;y;PIX;;100,00\n"
        let layout = try CSVColumnSpec.layout("date,-,description,debit,credit")
        let result = ImportTestData.text(text) { $0.columns = layout }
        #expect(result.rows.map { "\($0.date!) \($0.description) \($0.amountText!) \($0.amount!.currency)" }
                == ["2026-10-01 COMPRA -12.30 BRL", "2026-10-02 PIX 100.00 BRL"])
        #expect(throws: ImportError.self) { try CSVColumnSpec.layout("date,when,amount") }
        let forced = ImportTestData.text("Date,Description,Amount\n10/07/2026,UBER,18.40\n") { $0.dialect = "nubank_card" }
        #expect(forced.rows.isEmpty)
        #expect(forced.errors.first?.description.contains("the header does not match dialect \"nubank_card\"") == true)
    }

    @Test func columnsWithoutAHeaderAreInferredFromTheValues() {
        // date, check number, description, debit, credit, running balance (SunTrust-like): the balance decides.
        let suntrust = ImportTestData.text("11/01/2014,0, Deposit,0,500.00,500.00\n11/02/2014,101,Check,100.00,0,400.00\n11/03/2014,102,Check,50.00,0,350.00\n")
        #expect(suntrust.rows.map { "\($0.date!) \($0.description) \($0.amountText!) \($0.checkNumber ?? "-")" }
                == ["2014-11-01 Deposit 500.00 -", "2014-11-02 Check -100.00 101", "2014-11-03 Check -50.00 102"])
        // Debit and credit columns without a balance: one filled per row.
        let split = ImportTestData.text("01/10/2026;COMPRA;12,30;\n02/10/2026;PIX RECEBIDO;;100,00\n")
        #expect(split.rows.map(\.amountText) == ["-12.30", "100.00"])
        #expect(split.rows.map { $0.amount?.currency.code } == ["BRL", "BRL"])
        // A header whose names nobody knows is skipped, and named in errors.
        let unknown = ImportTestData.text("Quando,Quanto,Onde\n2026-10-01,-9.90,Cafe\n2026-10-02,oops,Bar\n2026-10-03,-1.00,Bar\n"
                                          + "2026-10-04,-2.00,Bar\n2026-10-05,3.00,Bar\n")
        #expect(unknown.rows.map { "\($0.date!) \($0.amountText!) \($0.description)" }
                == ["2026-10-01 -9.90 Cafe", "2026-10-03 -1.00 Bar", "2026-10-04 -2.00 Bar", "2026-10-05 3.00 Bar"])
        #expect(unknown.errors.map(\.description) == [#"test.csv:3: field "Quanto": not an amount: "oops""#])
    }

    /// `--account` names the rows; their ids are what they were without it (the row id depends on no account label
    /// given later), and the FITIDs stay beside them.
    @Test func accountNamesTheRowsButLeavesTheirIDs() {
        let result = ImportTestData.fixture("xml_bank_and_card.ofx") { $0.account = "Conta" }
        #expect(result.rows.map(\.account) == ["Conta", "Conta", "Conta", "Conta"])
        #expect(result.rows.map(\.id) == ImportTestData.fixture("xml_bank_and_card.ofx").rows.map(\.id))
        #expect(result.rows.map(\.sourceID) == ["X-1", "X-2", "C-1", "C-2"])
    }

    @Test func canonicalLinesAreWhatResolveReads() throws {
        let row = ImportTestData.fixture("sgml_cp1252_two_statements.ofx").rows[1]
        let line = CanonicalRowWriter.line(row)
        #expect(String(decoding: line, as: UTF8.self) == #"{"id":"line:fcd08e1802a8267a-1","date":"2026-10-03","amount":"-80.00","currency":"BRL","description":"CHEQUE COMPENSADO","memo":"Pão & Cia 'Ltda' &lt;x&gt;","account":"1234-5","account_key":"ofx:0341/1234-5","account_type":"checking","payment_method":"check","check_number":"000123","source_id":"A2"}"# + "\n")
        let transaction = try TransactionReader().read(JSONScanner.parse(Array(line.dropLast())))
        #expect(transaction.amount == Money(minorUnits: -8000, currency: .brl))
        #expect(transaction.paymentMethod == .check && transaction.date == "2026-10-03" && transaction.id == "line:fcd08e1802a8267a-1")
    }
}
