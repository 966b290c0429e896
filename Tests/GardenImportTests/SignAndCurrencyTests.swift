import Testing
import GardenFoundation
import GardenCatalog
@testable import GardenImport
@testable import GardenImportKit
@testable import GardenCSVImport

/// CSV exports that print amounts unsigned with the sign in a column of its own, exports in other
/// currencies than the reader's default, and two-digit years (issue 20): a debit is never money in, a
/// German file's euros never become reais, and a default is never taken without saying so.
struct SignAndCurrencyTests {
    static func amounts(_ result: ImportResult) -> [String?] { result.rows.map(\.amountText) }

    @Test(arguments: [
        ("Data;Descrição;Valor;Tipo\n01/10/2026;PADARIA;10,00;D\n02/10/2026;SALARIO;2.500,00;C\n", ["-10.00", "2500.00"]),
        ("Data;Descrição;Valor;D/C\n01/10/2026;PADARIA;10,00;D\n02/10/2026;SALARIO;2.500,00;C\n", ["-10.00", "2500.00"]),
        ("Data;Histórico;Valor;Tipo\n01/10/2026;PADARIA;10,00;Débito\n02/10/2026;PIX RECEBIDO;99,90;Crédito\n", ["-10.00", "99.90"]),
        ("Date,Description,Amount,Type\n10/01/2026,COFFEE,4.50,DR\n10/02/2026,PAYROLL,900.00,CR\n", ["-4.50", "900.00"]),
    ])
    func aSignColumnMakesDebitsMoneyOut(_ text: String, _ expected: [String]) {
        let result = ImportTestData.text(text)
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(Self.amounts(result) == expected)
    }

    @Test func aSignColumnGivenWithColumnsMakesDebitsMoneyOut() {
        let result = ImportTestData.text("01/10/2026;PADARIA;10,00;D\n02/10/2026;SALARIO;2.500,00;C\n") { $0.columns = try! CSVColumnSpec.layout("date,description,amount,type") }
        #expect(Self.amounts(result) == ["-10.00", "2500.00"])
    }

    @Test func signedAmountsKeepTheirSignBesideATypeColumn() {
        // A file that writes its signs keeps them, even where the type column disagrees (the Chase export of
        // ../shared/import-samples prints CREDIT beside -116.22).
        let result = ImportTestData.text("Date,Description,Amount,Type\n10/01/2026,COFFEE,-4.50,DEBIT\n10/02/2026,REFUND,-116.22,CREDIT\n")
        #expect(Self.amounts(result) == ["-4.50", "-116.22"])
    }

    /// A Volksbank-style export: `Umsatz` unsigned and an unnamed `S`/`H` (Soll/Haben) column after it.
    @Test func aGermanExportIsInEurosWithSollAsMoneyOut() {
        let text = """
        Buchungstag;Valuta;Auftraggeber/Zahlungsempfänger;Empfänger/Zahlungspflichtiger;Vorgang/Verwendungszweck;Währung;Umsatz;
        01.10.2026;01.10.2026;Max Muster;REWE Markt GmbH;Lastschrift Einkauf;EUR;1.234,56;S
        02.10.2026;02.10.2026;Max Muster;Arbeitgeber AG;Gehalt Oktober;EUR;3.000,00;H

        """
        let result = ImportTestData.text(text, name: "umsaetze.csv")
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.rows.map(RowFields.init) == [
            RowFields(result.rows[0].id, "2026-10-01", "-1234.56", "EUR", "REWE Markt GmbH", memo: "Lastschrift Einkauf"),
            RowFields(result.rows[1].id, "2026-10-02", "3000.00", "EUR", "Arbeitgeber AG", memo: "Gehalt Oktober"),
        ])
        #expect(ImportTestData.notesBesideDateOrder(result).isEmpty, "a currency column states the currency: \(result.notes)")
    }

    @Test func aGermanHeaderWithoutACurrencyColumnIsEurosAndSaysWhy() {
        let result = ImportTestData.text("Buchungstag;Verwendungszweck;Betrag\n01.10.2026;REWE SAGT DANKE;-12,34\n", name: "dkb.csv")
        #expect(result.rows.map(\.amount) == [Money(minorUnits: -1234, currency: CurrencyCode("EUR")!)])
        #expect(result.rows.first?.date == "2026-10-01")
        #expect(ImportTestData.notesBesideDateOrder(result).map(\.description) == [
            "dkb.csv: no currency column, symbol or code: amounts read as EUR, from its header's language (de); give --currency CODE if not",
        ])
    }

    @Test(arguments: [("Buchungstag;Verwendungszweck;Betrag (EUR)\n", "EUR"), ("Data;Descrição;Valor (R$)\n", "BRL"),
                      ("Date;Description;Amount\n", "EUR")])
    func aCurrencyTheFileStatesIsTakenSilently(_ header: String, _ code: String) {
        let amount = code == "EUR" && header.hasPrefix("Date") ? "€ -12,34" : "-12,34"
        let result = ImportTestData.text(header + "01.10.2026;LOJA;\(amount)\n")
        #expect(result.rows.first?.amount?.currency.code == code)
        #expect(result.rows.first?.amount?.minorUnits == -1234)
        #expect(ImportTestData.notesBesideDateOrder(result).isEmpty, "\(result.notes)")
    }

    @Test func currencyGivenOnTheCommandLineWins() {
        let result = ImportTestData.text("Data;Descrição;Valor\n01/10/2026;LOJA;-12,34\n") { $0.currency = "EUR" }
        #expect(result.rows.first?.amount?.currency.code == "EUR")
        #expect(ImportTestData.notesBesideDateOrder(result).isEmpty)
    }

    @Test(arguments: [("31/12/99", "1999-12-31"), ("01/02/26", "2026-02-01"), ("15/06/69", "1969-06-15"), ("15/06/68", "2068-06-15")])
    func aTwoDigitYearFollowsThePOSIXPivotAndSaysSo(_ date: String, _ expected: String) {
        let result = ImportTestData.text("Data;Descrição;Valor\n\(date);LOJA;-1,00\n\(date);LOJA B;-2,00\n", name: "yy.csv") { $0.currency = "BRL" }
        #expect(result.rows.map(\.date) == [expected, expected])
        #expect(ImportTestData.notesBesideDateOrder(result).map(\.description) == [
            "yy.csv:2: field \"Data\": two-digit year in \"\(date)\": read as \(expected) (two-digit years by the POSIX rule: 69–99 are 1969–1999, 00–68 are 2000–2068); later rows alike",
        ])
    }
}
