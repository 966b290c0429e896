import GardenFoundation
import CTextFold

/// Money written for people in a language: ICU's currency format for the language's locale (CLDR data:
/// pt-BR "R$ 1.234,56", "US$ 1.234,56"; en-US "R$1,234.56", "$1,234.56"), fed the exact decimal text of
/// the minor units, so no binary float is involved. Spaces ICU puts inside an amount (no-break spaces)
/// are written as plain spaces; a page that must not break an amount says so in its style.
public enum MoneyDisplay {
    /// `-1234.56` for -123456 minor units with 2 fraction digits (`1000` with 0).
    public static func decimal(_ minorUnits: Int64, fractionDigits: Int) -> String {
        var digits = String(minorUnits.magnitude)
        if fractionDigits > 0, digits.count <= fractionDigits {
            digits = String(repeating: "0", count: fractionDigits - digits.count + 1) + digits
        }
        let sign = minorUnits < 0 ? "-" : ""
        guard fractionDigits > 0 else { return sign + digits }
        let split = digits.index(digits.endIndex, offsetBy: -fractionDigits)
        return sign + digits[..<split] + "." + digits[split...]
    }

    /// The ICU locale a language's amounts are written in.
    public static func locale(_ language: Language) -> String { language == .english ? "en_US" : "pt_BR" }

    /// `minorUnits` of `currency` (ISO 4217) written for `language`; `CODE 1234.56` when ICU cannot format it.
    /// `whole`: without the fraction (for an amount that has none, such as a chart's axis: "R$ 1.200").
    public static func text(_ minorUnits: Int64, currency: String, language: Language, whole: Bool = false) -> String {
        let code = CurrencyCode(currency)
        let plain = decimal(minorUnits, fractionDigits: code?.fractionDigits ?? 2)
        guard let code else { return currency + " " + plain }
        let decimalBytes = Array(plain.utf8)
        let codeBytes = Array(code.code.utf8)
        var out = [UInt8](repeating: 0, count: 256)
        let length = decimalBytes.withUnsafeBufferPointer { d in
            codeBytes.withUnsafeBufferPointer { c in
                out.withUnsafeMutableBufferPointer { o in
                    garden_format_currency(d.baseAddress!, Int32(d.count), c.baseAddress!, locale(language), whole ? 1 : 0, o.baseAddress!, Int32(o.count))
                }
            }
        }
        guard length > 0 else { return code.code + " " + plain }
        return String(decoding: out[0..<Int(length)], as: UTF8.self)
            .replacingOccurrences(of: "\u{00A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
    }
}
