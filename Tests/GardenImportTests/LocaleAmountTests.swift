import Testing
import GardenFoundation
@testable import GardenImport
@testable import GardenImportKit
@testable import GardenCSVImport

/// An amount is read as the file writes amounts, exactly, or refused with its line and field: a pt-BR `-1,234`
/// is R$ −1,234 (three decimals, which reais cannot hold), never R$ −1.234,00; a `.500` or `0.001` where dots
/// group thousands is no grouping, never 500 or 1; what a currency cannot hold exactly is never rounded.
struct LocaleAmountTests {
    @Test func threeDecimalsInAPortugueseFileAreRefusedNotReadAsThousands() {
        let result = ImportTestData.text("Data;Descrição;Valor\n03/10/2026;PADARIA;-1,234\n04/10/2026;MERCADO;\"-0.001\"\n05/10/2026;X;\".500\"\n"
            + "06/10/2026;Y;-1.234,56\n07/10/2026;Z;-12,50\n08/10/2026;W;1.234\n")
        #expect(result.rows.map { "\($0.date ?? "") \($0.amountText ?? "")" } == ["2026-10-06 -1234.56", "2026-10-07 -12.50", "2026-10-08 1234.00"])
        #expect(result.errors.map(\.line) == [2, 3, 4])
        #expect(result.errors.allSatisfy { $0.description.contains("field \"Valor\"") }, "\(result.errors)")
        #expect(result.errors.first?.description.contains("more decimals than its 2 minor digits") == true, "\(result.errors)")
    }

    @Test func threeDecimalsInAnEnglishFileAreRefusedAndAFractionWithoutItsWholePartIsRead() {
        let result = ImportTestData.text("Date,Description,Amount\n2026-10-03,COFFEE,-1.234\n2026-10-04,TEA,.500\n2026-10-05,X,\"-1,234\"\n2026-10-06,Y,-0.001\n")
        #expect(result.rows.map { "\($0.date ?? "") \($0.amountText ?? "")" } == ["2026-10-04 0.50", "2026-10-05 -1234.00"])
        #expect(result.errors.map(\.line) == [2, 5])
        #expect(result.errors.allSatisfy { $0.description.contains("field \"Amount\"") && $0.description.contains("never rounds") }, "\(result.errors)")
    }

    /// What the importer writes is the exact amount in the currency's minor digits, which `resolve` reads back
    /// as the same amount whatever its convention (`-1.234` written for 1.234 would be read as a thousand in BRL).
    @Test(arguments: ["-1,234", "\"-0.001\"", "\".500\"", "1.234,5678", "0,005"])
    func noAmountTheImporterWritesIsReadBackAsAnotherAmount(_ cell: String) throws {
        let result = ImportTestData.text("Data;Descrição;Valor\n03/10/2026;PADARIA;\(cell)\n")
        for row in result.rows {
            let text = try #require(row.amountText)
            let read = try #require(Money.ungrouped(text, convention: Money.decimalMark(of: .brl)))
            #expect(try Money.parse(Array(read.utf8), currency: .brl).money == row.amount, "\(cell) → \(text)")
        }
        #expect(result.rows.count + result.errors.count == 1)
    }

    @Test(arguments: [(".500", nil), ("0.001", nil), ("-0.001", nil), ("1234.567.890", nil), ("0.123,45", nil), ("1.234", "1234"),
                      ("1.234.567", "1234567"), ("-1.234,56", "-1234.56"), (",50", "0.50"), ("12,5", "12.5")] as [(String, String?)])
    func aGroupingIsWellFormedOrRefused(_ text: String, _ expected: String?) {
        #expect(Money.ungrouped(text, convention: Money.decimalMark(of: .brl)) == expected, "\(text)")
    }

    /// In a currency without a known convention (BHD, KWD: three decimals) a mark after a whole part that cannot
    /// begin a grouping is the decimal mark: `garden import` writes `-1234.567` for BD −1,234.567, and `resolve`
    /// must read it back rather than refuse it as an ambiguous grouping; `1.234` alone stays ambiguous.
    @Test(arguments: [("-1234.567", "-1234.567"), ("0.500", "0.500"), ("1234,567", "1234.567"), ("1.234", nil), ("-1,234", nil)] as [(String, String?)])
    func aMarkAfterAWholePartThatCannotBeGroupedIsADecimalWithoutAConvention(_ text: String, _ expected: String?) {
        #expect(Money.ungrouped(text, convention: nil) == expected, "\(text)")
    }

    @Test func aThreeDecimalCurrencyAmountTheImporterWritesIsReadBackByResolve() throws {
        let result = ImportTestData.text("Date,Description,Amount,Currency\n10/06/2026,SOUQ,\"-1,234.567\",BHD\n")
        let row = try #require(result.rows.first)
        let line = "{\"description\":\"SOUQ\",\"amount\":\"\(row.amountText ?? "")\",\"currency\":\"BHD\"}"
        let read = try TransactionReader().read(JSONScanner.parse(Array(line.utf8)))
        #expect(read.amount?.minorUnits == -1_234_567, "\(row.amountText ?? "")")
    }
}
