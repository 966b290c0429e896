import Testing
import GardenFoundation
@testable import GardenImport
@testable import GardenImportKit

/// One amount reader for what `import` writes and what `resolve` reads: an amount in a currency of three minor digits
/// (ISO 4217: BHD, JOD, KWD, OMR, TND) written by ``CanonicalRowWriter`` as `"-12.500"` is read back by `resolve`'s
/// ``TransactionReader`` as the same minor units; an exponent in a text amount is no amount; a provider's amount
/// with more decimals than its currency holds is refused by field, never rounded.
struct AmountReaderTests {
    static func readBack(_ line: [UInt8]) throws -> Transaction {
        try TransactionReader().read(try JSONScanner.parse(Array(line.dropLast())))
    }

    @Test(arguments: ["BHD", "JOD", "KWD", "OMR", "TND"])
    func aThreeDecimalAmountWrittenByImportIsReadByResolve(_ code: String) throws {
        let currency = try #require(CurrencyCode(code))
        #expect(currency.fractionDigits == 3)
        for minor: Int64 in [-12_500, -1_234_567, 5, -1_000, 1_000_000] {
            var row = ImportedRow()
            row.id = "x"
            row.description = "SOUQ"
            row.amount = Money(minorUnits: minor, currency: currency)
            row.amountText = row.amount?.decimalString
            let t = try Self.readBack(CanonicalRowWriter.line(row))
            #expect(t.amount == row.amount, "\(row.amountText ?? "") \(code)")
            #expect(!t.amountRounded)
        }
    }

    @Test func aTextAmountWithAnExponentIsRefused() throws {
        #expect(throws: InputError.self) { try Self.readBack(Array(#"{"description":"X","amount":"1e3"}"#.utf8) + [0x0A]) }
        #expect(throws: InputError.self) { try Self.readBack(Array(#"{"description":"X","amount":"-2E1","currency":"USD"}"#.utf8) + [0x0A]) }
        // A JSON number may carry one (RFC 8259).
        #expect(try Self.readBack(Array(#"{"description":"X","amount":1e2}"#.utf8) + [0x0A]).amount?.minorUnits == 10_000)
    }

    @Test func aProviderAmountWithMoreDecimalsThanItsCurrencyIsRefusedByLineAndField() {
        let result = ImportTestData.text("""
        {"results": [
         {"id": "a", "description": "COMPRA", "amount": -1.005, "date": "2026-10-03", "type": "DEBIT"},
         {"id": "b", "description": "TARIFA", "amount": "1000.0400", "date": "2026-10-03", "type": "DEBIT"}
        ]}
        """, name: "page.json")
        #expect(result.rows.map(\.id) == ["pluggy:b"])
        #expect(result.rows.first?.amount?.minorUnits == -100_004)
        #expect(result.errors.count == 1)
        let error = result.errors.first?.description ?? ""
        #expect(error.contains("page.json:2") && error.contains("[0].amount") && error.contains("never rounds"), "\(error)")
    }
}
