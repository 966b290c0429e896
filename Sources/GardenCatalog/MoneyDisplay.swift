import Foundation
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

extension MoneyDisplay {
    /// `text` with each amount garden wrote in its one stored form (``Money/display(_:currency:)``: `R$ 1.234,56`,
    /// `US$ 1,234.56`, `EUR 1234.56`, a `-` first when negative — the form the link matchers' evidence and older
    /// journal summaries keep) written again for `language` (``text(_:currency:language:whole:)``), so a sentence
    /// stored once shows its money as the run's language writes it (issue 36: `R$ 61,80` on an English screen was
    /// a Portuguese amount). An amount of another form, or whose digits do not read as that currency's, is kept.
    public static func relocalized(_ text: String, _ language: Language) -> String {
        guard text.contains("$") || text.unicodeScalars.contains(where: { ("A"..."Z").contains($0) }) else { return text }
        let matches = storedForm.matches(in: text, range: NSRange(text.startIndex..., in: text))
        guard !matches.isEmpty else { return text }
        var out = ""
        var last = text.startIndex
        for match in matches {
            guard let whole = Range(match.range, in: text), let symbolRange = Range(match.range(at: 2), in: text),
                  let digitsRange = Range(match.range(at: 3), in: text) else { continue }
            let negative = match.range(at: 1).length > 0
            let symbol = String(text[symbolRange])
            let currency = symbol == "R$" ? "BRL" : symbol == "US$" ? "USD" : symbol
            guard let code = CurrencyCode(currency),
                  let minor = minorUnits(String(text[digitsRange]), code: code, brazilian: currency == "BRL") else { continue }
            out += text[last..<whole.lowerBound]
            out += Self.text(negative ? -minor : minor, currency: code.code, language: language)
            last = whole.upperBound
        }
        return out + text[last...]
    }

    /// `R$ 1.234,56`, `US$ 1,234.56`, `EUR 1234.56`: the sign, the symbol or code, the digits.
    nonisolated(unsafe) static let storedForm = try! NSRegularExpression(
        pattern: #"(?<![\p{L}\p{N}$])(-?)(R\$|US\$|[A-Z]{3}) ([0-9](?:[0-9.,]*[0-9])?)(?![\p{L}\p{N}])"#)

    /// The minor units of `digits` as ``Money/display(_:currency:)`` writes them: BRL groups with `.` and
    /// separates the fraction with `,`; every other currency groups with `,` (USD) or not at all, fraction after `.`.
    static func minorUnits(_ digits: String, code: CurrencyCode, brazilian: Bool) -> Int64? {
        let (group, point): (Character, Character) = brazilian ? (".", ",") : (",", ".")
        let parts = digits.split(separator: point, omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        let wholeGroups = parts[0].split(separator: group, omittingEmptySubsequences: false)
        guard wholeGroups.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              wholeGroups.dropFirst().allSatisfy({ $0.count == 3 }) else { return nil }
        let fraction = parts.count == 2 ? String(parts[1]) : ""
        guard fraction.count == (parts.count == 2 ? code.fractionDigits : 0), fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        guard let value = Int64(wholeGroups.joined() + fraction) else { return nil }
        return value
    }
}
