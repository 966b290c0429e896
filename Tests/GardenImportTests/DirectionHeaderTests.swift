import Testing
@testable import GardenImport
@testable import GardenImportKit
@testable import GardenCSVImport

/// A CSV column whose header names both sides ("Debit/Credit", "Crédito/Débito", issue 20): it says the
/// direction of the unsigned amounts beside it, or is itself the signed amount; it is never taken for the
/// debit or the credit column of two, which read every debit as money in.
struct DirectionHeaderTests {
    @Test(arguments: ["Debit/Credit", "Credit/Debit", "Debit or Credit", "Credit Debit Indicator"])
    func aDebitCreditColumnBesideTheAmountGivesItsSign(_ header: String) {
        let result = ImportTestData.text("Date,Description,Amount,\(header)\n10/01/2026,COFFEE,4.50,Debit\n10/02/2026,PAYROLL,900.00,Credit\n")
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.rows.map(\.amountText) == ["-4.50", "900.00"])
    }

    @Test func aPortugueseDebitoCreditoColumnGivesItsSign() {
        let result = ImportTestData.text("Data;Histórico;Valor;Débito/Crédito\n01/10/2026;PADARIA;10,00;D\n02/10/2026;PIX RECEBIDO;99,90;C\n")
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.rows.map(\.amountText) == ["-10.00", "99.90"])
    }

    @Test func aDebitCreditColumnWithoutAnAmountIsTheSignedAmount() {
        let result = ImportTestData.text("Date,Description,Debit/Credit\n10/01/2026,COFFEE,-4.50\n10/02/2026,PAYROLL,900.00\n")
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.rows.map(\.amountText) == ["-4.50", "900.00"])
    }
}
