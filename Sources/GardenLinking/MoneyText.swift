import GardenCore

/// Writes exact minor units as text: for people (`R$ 2.484,00`, `US$ 1,234.56`) and for JSON (`-2484.00`),
/// with the currency's minor digits (ISO 4217 through ICU, ``CurrencyCode``).
public enum MoneyText {
    /// `R$ 1.234,56` for BRL, `US$ 1,234.56` for USD, `EUR 1234.56` otherwise; a minus sign first when negative.
    public static func display(_ minorUnits: Int64, currency: String) -> String {
        let (whole, fraction) = parts(minorUnits, currency: currency)
        let sign = minorUnits < 0 ? "-" : ""
        switch currency {
        case "BRL": return sign + "R$ " + grouped(whole, ".") + (fraction.isEmpty ? "" : "," + fraction)
        case "USD": return sign + "US$ " + grouped(whole, ",") + (fraction.isEmpty ? "" : "." + fraction)
        default: return sign + currency + " " + whole + (fraction.isEmpty ? "" : "." + fraction)
        }
    }

    /// A JSON number literal: `-2484.00`.
    public static func decimal(_ minorUnits: Int64, currency: String) -> String {
        MoneyDisplay.decimal(minorUnits, fractionDigits: CurrencyCode(currency)?.fractionDigits ?? 2)
    }

    static func parts(_ minorUnits: Int64, currency: String) -> (String, String) {
        let digits = CurrencyCode(currency)?.fractionDigits ?? 2
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
