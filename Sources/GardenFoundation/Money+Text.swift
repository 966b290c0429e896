/// Exact minor units written as text: for people (`R$ 2.484,00`, `US$ 1,234.56`) and for JSON (`-2484.00`),
/// with the currency's minor digits (ISO 4217 through ICU, ``CurrencyCode``).
extension Money {
    /// The amount as a plain decimal string with exactly the currency's minor digits ("-1234.56").
    public var decimalString: String { Self.decimal(minorUnits, digits: currency.fractionDigits) }

    /// `R$ 1.234,56` for BRL, `US$ 1,234.56` for USD, `EUR 1234.56` otherwise; a minus sign first when negative.
    /// `currency` is an ISO 4217 code; one ICU does not know is written with 2 minor digits.
    public static func display(_ minorUnits: Int64, currency: String) -> String {
        let (whole, fraction) = parts(minorUnits, digits: digits(of: currency))
        let sign = minorUnits < 0 ? "-" : ""
        switch currency {
        case "BRL": return sign + "R$ " + grouped(whole, ".") + (fraction.isEmpty ? "" : "," + fraction)
        case "USD": return sign + "US$ " + grouped(whole, ",") + (fraction.isEmpty ? "" : "." + fraction)
        default: return sign + currency + " " + whole + (fraction.isEmpty ? "" : "." + fraction)
        }
    }

    /// A JSON number literal: `-2484.00` (`currency`: an ISO 4217 code, as in ``display(_:currency:)``).
    public static func decimal(_ minorUnits: Int64, currency: String) -> String {
        decimal(minorUnits, digits: digits(of: currency))
    }

    /// `minorUnits` as a decimal literal with `digits` digits after the point (none when 0).
    static func decimal(_ minorUnits: Int64, digits: Int) -> String {
        let (whole, fraction) = parts(minorUnits, digits: digits)
        return (minorUnits < 0 ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// The minor digits of the currency `code`; 2 for a code ICU does not know.
    static func digits(of code: String) -> Int { CurrencyCode(code)?.fractionDigits ?? 2 }

    /// The whole and fraction digits of the magnitude of `minorUnits`.
    static func parts(_ minorUnits: Int64, digits: Int) -> (String, String) {
        var text = String(minorUnits.magnitude)
        if text.count <= digits { text = String(repeating: "0", count: digits - text.count + 1) + text }
        let split = text.index(text.endIndex, offsetBy: -digits)
        return (String(text[..<split]), String(text[split...]))
    }

    static func grouped(_ whole: String, _ separator: Character) -> String {
        var out = ""
        for (index, character) in whole.enumerated() {
            if index > 0, (whole.count - index) % 3 == 0 { out.append(separator) }
            out.append(character)
        }
        return out
    }
}
