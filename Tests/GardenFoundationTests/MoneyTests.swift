import Testing
@testable import GardenFoundation

/// Money is parsed exactly into integer minor units, never through Double.
struct MoneyTests {
    @Test(arguments: [
        ("45.9", 4590), ("45.90", 4590), ("-1234.56", -123456), ("1000.0400", 100004), ("0", 0), ("-0.01", -1),
        ("1e2", 10000), ("1.5E1", 1500), ("12,34", 1234), ("+7", 700), ("0.1", 10), ("9999999999999.99", 999_999_999_999_999),
    ] as [(String, Int64)])
    func parsesExactly(text: String, minor: Int64) throws {
        let parsed = try Money.parse(Array(text.utf8), currency: .brl)
        #expect(parsed.money.minorUnits == minor)
        #expect(!parsed.rounded)
    }

    @Test(arguments: [
        ("0.005", 0), ("0.015", 2), ("0.025", 2), ("0.0251", 3), ("-0.005", 0), ("1.999", 200), ("2.345", 234), ("2.355", 236),
    ] as [(String, Int64)])
    func roundsExtraDigitsHalfToEvenAndFlags(text: String, minor: Int64) throws {
        let parsed = try Money.parse(Array(text.utf8), currency: .brl)
        #expect(parsed.money.minorUnits == minor)
        #expect(parsed.rounded)
    }

    @Test func trailingZerosBeyondMinorUnitsAreNotRounding() throws {
        #expect(try !Money.parse(Array("1000.0400".utf8), currency: .brl).rounded)
    }

    @Test func currenciesWithOtherMinorUnits() throws {
        let yen = try #require(CurrencyCode("JPY"))
        #expect(yen.fractionDigits == 0)
        #expect(try Money.parse(Array("1500".utf8), currency: yen).money.minorUnits == 1500)
        let dinar = try #require(CurrencyCode("kwd"))
        #expect(dinar.fractionDigits == 3)
        #expect(try Money.parse(Array("1.5".utf8), currency: dinar).money.minorUnits == 1500)
        #expect(CurrencyCode("XYZ") == nil)
        #expect(CurrencyCode("BR") == nil)
    }

    @Test(arguments: ["", "abc", "1.2.3", "NaN", "1,2,3", "--1", ".", "1.", "1e", "12a", " 1"])
    func rejectsWhatIsNotANumber(text: String) {
        #expect(throws: Money.ParseError.notANumber) { try Money.parse(Array(text.utf8), currency: .brl) }
    }

    @Test func rejectsWhatDoesNotFit() {
        #expect(throws: Money.ParseError.outOfRange) { try Money.parse(Array("92233720368547758.08".utf8), currency: .brl) }
        // Amounts are bounded well below Int64.max, so sums of them do not overflow (issue 20).
        #expect(throws: Money.ParseError.outOfRange) { try Money.parse(Array("92233720368547758.07".utf8), currency: .brl) }
        #expect(throws: Money.ParseError.outOfRange) { try Money.parse(Array("-10000000000000".utf8), currency: .brl) }
        #expect(throws: Money.ParseError.outOfRange) { try Money.parse(Array("9999999999999.995".utf8), currency: .brl) }
        #expect(throws: Money.ParseError.outOfRange) { try Money.parse(Array("1e300".utf8), currency: .brl) }
    }

    @Test func decimalString() {
        #expect(Money(minorUnits: -123456, currency: .brl).decimalString == "-1234.56")
        #expect(Money(minorUnits: 5, currency: .usd).decimalString == "0.05")
    }
}
