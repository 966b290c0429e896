import Testing
import GardenFoundation
@testable import GardenImport
@testable import GardenImportKit
@testable import GardenCSVImport

/// CSV input that broke the importer in hostile testing: shifted cells, locale guesses, summary lines,
/// a stray quote, currency symbols before parentheses.
struct CSVHostileTests {
    @Test func aRowWithMoreCellsThanTheHeaderIsAnErrorNotAShiftedAmount() {
        let result = ImportTestData.text("Date,Description,Amount\n03/14/2026,LOJA 1,5,-3.00\n03/15/2026,OK,-1.00\n03/16/2026,TRAILING,-2.00,\n")
        #expect(result.rows.map(RowFields.init) == [
            RowFields("line:\(hash("2026-03-15", "-1.00", "USD", "OK"))-1", "2026-03-15", "-1.00", "USD", "OK"),
            RowFields("line:\(hash("2026-03-16", "-2.00", "USD", "TRAILING"))-1", "2026-03-16", "-2.00", "USD", "TRAILING"),
        ])
        #expect(result.errors.map(\.description) == ["test.csv:2: 4 cells where the header has 3: a separator inside an unquoted field?"])
    }

    /// hostile10 F28: every line ends with a separator (an empty, unnamed last column, as Banco do Brasil's export has),
    /// or the balance column is filled only on some lines; an unquoted separator in a description moves the amount into
    /// that column, so the line has as many cells as the header. The shifted line is refused by line and field, never
    /// read as the description's tail (`50`, a credit); the lines around it are read.
    @Test(arguments: [
        ("Date,Description,Amount,\n10/05/2026,COFFEE,-3.50,\n10/06/2026,STORE 10,50,-12.50\n10/07/2026,BOOKS,-20.00,\n",
         ["-3.50", "-20.00"], "test.csv:3: field \"Amount\": \"-12.50\" fills column 4, which has no header: a separator inside an unquoted field shifted the cells?"),
        ("Data;Historico;Valor;\n05/10/2026;CAFE;-3,50;\n06/10/2026;LOJA 10;50;-12,50\n07/10/2026;LIVROS;-20,00;\n",
         ["-3.50", "-20.00"], "test.csv:3: field \"Valor\": \"-12,50\" fills column 4, which has no header: a separator inside an unquoted field shifted the cells?"),
        ("Data;Historico;Valor;Saldo\n05/10/2026;CAFE;-3,50;\n06/10/2026;LOJA 10;50;-12,50\n06/10/2026;PADARIA;-5,00;1.000,00\n07/10/2026;LIVROS;-20,00;980,00\n",
         ["-3.50", "-5.00", "-20.00"], "test.csv:3: field \"Valor\": \"50\" has no decimals where the file's amounts have them, and the next cell \"-12,50\" reads as one: a separator inside an unquoted field shifted the cells?"),
    ])
    func aShiftedLineThatFitsTheHeaderIsRefusedNotReadAsTheNextCell(_ text: String, _ amounts: [String], _ message: String) {
        let result = ImportTestData.text(text)
        #expect(result.rows.compactMap(\.amountText) == amounts)
        #expect(result.errors.map(\.description) == [message])
    }

    /// An unnamed column most lines fill holds data of its own: its cells are not taken for a shift.
    @Test func anUnnamedColumnMostLinesFillIsNotAShift() {
        let result = ImportTestData.text("Date,Description,Amount,\n10/05/2026,COFFEE,-3.50,A1\n10/06/2026,STORE,-12.50,B2\n10/07/2026,BOOKS,-20.00,\n")
        #expect(result.errors.isEmpty)
        #expect(result.rows.compactMap(\.amountText) == ["-3.50", "-12.50", "-20.00"])
    }

    /// The evidence is the file's: amounts written without decimals stay amounts beside a filled balance.
    @Test func anAmountWithoutDecimalsIsReadWhenTheFileWritesThemSo() {
        let result = ImportTestData.text("Data;Historico;Valor;Saldo\n05/10/2026;CAFE;-3;\n06/10/2026;LOJA;50;1.047,50\n")
        #expect(result.errors.isEmpty)
        #expect(result.rows.compactMap(\.amountText) == ["-3.00", "50.00"])
    }

    @Test(arguments: [
        // A Portuguese header: BRL and dd/mm even with point decimals, whose dates all read both ways.
        ("Data,Descrição,Valor\n01/10/2026,PADARIA,-10.50\n02/10/2026,MERCADO,5.00\n", ["2026-10-01 -10.50 BRL", "2026-10-02 5.00 BRL"]),
        // `;` with no telling decimal mark: decimal comma, so 1.234 is a thousand.
        ("Data;Descrição;Valor\n03/04/2026;CAFÉ;12\n04/04/2026;SALÁRIO;1.234\n", ["2026-04-03 12.00 BRL", "2026-04-04 1234.00 BRL"]),
        // An English header keeps US conventions.
        ("Date,Description,Amount\n03/04/2026,A,-12.50\n03/05/2026,B,3\n", ["2026-03-04 -12.50 USD", "2026-03-05 3.00 USD"]),
        // A day above 12 still decides the order over the header.
        ("Data,Descrição,Valor\n10/31/2026,A,-1.00\n", ["2026-10-31 -1.00 BRL"]),
    ])
    func aGenericFileTakesItsLocaleFromHeaderAndSeparator(_ text: String, _ expected: [String]) {
        let result = ImportTestData.text(text)
        #expect(result.errors.isEmpty)
        #expect(result.rows.map { "\($0.date ?? "") \($0.amountText ?? "") \($0.amount?.currency.code ?? "")" } == expected)
    }

    /// hostile10 F29: a card bill's dated summary line ("TOTAL DA FATURA", "Total de compras", "TOTAL DO MÊS") is skipped
    /// as a total, not recorded as one more purchase; merchants whose name starts with "Total" stay rows.
    @Test(arguments: ["TOTAL DA FATURA", "Total de compras", "TOTAL DO MÊS", "Total a pagar", "Total desta fatura"])
    func aBillsDatedSummaryLineIsSkippedNotAPurchase(_ summary: String) {
        let result = ImportTestData.text("Data;Historico;Valor\n05/10/2026;CAFE;-3,50\n06/10/2026;TOTAL EXPRESS;-10,00\n31/10/2026;\(summary);-13,50\n")
        #expect(result.rows.compactMap(\.amountText) == ["-3.50", "-10.00"])
        #expect(result.skipped.map(\.line) == [4])
        #expect(result.errors.isEmpty)
    }

    @Test func aSummaryLineWithoutADateIsSkippedNotAnError() {
        let result = ImportTestData.text("Data;Histórico;Valor\n01/10/2026;PADARIA;-1.234,56\n;Total do período;-1.234,56\n;Saldo em conta;100,00\n;SEM DATA;-5,00\n")
        #expect(result.rows.map(\.amountText) == ["-1234.56"])
        #expect(result.skipped.map(\.line) == [3, 4])
        #expect(result.errors.map(\.description) == ["test.csv:5: field \"Data\": not a date: \"\""])
    }

    @Test func aStrayQuoteCostsOnlyItsLine() {
        let result = ImportTestData.text("Date,Description,Amount\n03/14/2026,A,-1.00\n03/16/2026,\"unterminated,-2.00\n03/17/2026,B,-3.00\n")
        #expect(result.rows.map(\.description) == ["A", "B"])
        #expect(result.errors.map(\.description) == ["test.csv:3: field \"Description\": a quote opened here is not closed on its line; the line is skipped"])
    }

    @Test(arguments: [("R$ (5,00)", "-5.00"), ("R$ -12,34", "-12.34"), ("-R$ 5,00", "-5.00"), ("$ (1,234.56)", "-1234.56"), ("(R$ 7,00)", "-7.00")])
    func aCurrencySymbolMayPrecedeTheParentheses(_ text: String, _ plain: String) {
        let mark: AmountText.DecimalMark = text.contains("R$") ? .comma : .point
        #expect(AmountText.plain(text, mark: mark) == plain)
    }

    @Test func aDayAboveTwelveFarDownTheFileStillDecidesTheOrderOfEveryRow() {
        let ambiguous = String(repeating: "03/04/2026,CAFE,-1.00\n", count: CSVImporter.sampleSize + 100)
        let result = ImportTestData.text("Date,Description,Amount\n" + ambiguous + "25/04/2026,LAST,-2.00\n")
        #expect(result.errors.isEmpty)
        #expect(result.count == CSVImporter.sampleSize + 101)
        #expect(result.rows.first?.date == "2026-04-03" && result.rows.last?.date == "2026-04-25")
        #expect(result.rows.last?.id == "line:\(hash("2026-04-25", "-2.00", "USD", "LAST"))-1")
        #expect(result.rows[CSVImporter.sampleSize].id.hasSuffix("-\(CSVImporter.sampleSize + 1)"))
    }

    private func hash(_ date: String, _ amount: String, _ currency: String, _ text: String) -> String {
        var row = ImportedRow()
        row.date = date
        row.amountText = amount
        row.amount = Money(minorUnits: Int64(amount.replacingOccurrences(of: ".", with: ""))!, currency: CurrencyCode(currency)!)
        row.description = text
        return RowIdentifier.contentHash(row)
    }
}
