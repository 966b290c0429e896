import Foundation
import GardenFoundation

/// Reads the amounts bank files print, exactly, into ``Money``: `-1.234,56`, `- 2.815,88`, `"12,50"`,
/// `-$7,971.39`, `+$327.49`, `R$ 10,00`, `(12.34)`, `R$ (5,00)`, `12.34-`, `50,00 D` / `50,00 C`, `-80`, `-33.3`.
///
/// The decimal mark is the file's (``DecimalMark``): with `.comma`, dots group thousands; with `.point`,
/// commas do; with `.auto` the text itself decides (`Money.ungrouped`), and a text that shows no decimal
/// mark of its own (`1.234`) is read with the mark `usual` says, if any. Never a binary float.
public enum AmountText {
    /// How a file writes its decimal mark.
    public enum DecimalMark: String, Sendable { case auto, comma, point }

    /// The parsed amount and its plain decimal text (`-1234.56`, as many fraction digits as printed).
    public struct Result: Equatable, Sendable {
        public var money: Money
        public var plain: String
        public var rounded: Bool

        package init(money: Money, plain: String, rounded: Bool) {
            self.money = money
            self.plain = plain
            self.rounded = rounded
        }
    }

    /// Parses `text` exactly, as the file writes amounts (`mark`, `usual`): an amount with more decimals than the
    /// currency's minor units (`-1,234` in a pt-BR file, `-1.234` in a US one) is refused, never rounded, unless
    /// `exactly` is false (a column's values sampled to tell its role); so is a grouping that is not well formed
    /// (`.500` or `0.001` where dots group thousands). With a `mark`, or a `usual` mark the file's amounts `confirmed`,
    /// an amount written in the other convention (`1,23` in a file that writes `1,234.56`, `12.34` in one that
    /// writes `1.234,56`) is refused too, never read by its own marks (hostile10 F21; ``plain(_:mark:usual:confirmed:)``).
    /// The error message says why it is not an amount.
    public static func parse(_ text: String, currency: CurrencyCode, mark: DecimalMark = .auto, usual: DecimalMark = .auto,
                             confirmed: Bool = false, exactly: Bool = true) -> Swift.Result<Result, ImportError> {
        guard let plain = plain(text, mark: mark, usual: usual, confirmed: confirmed) else {
            // A number whose marks the file's convention cannot read (`.500` where dots group thousands) says the convention.
            let marked = text.contains(where: \.isNumber) && text.contains(where: { $0 == "." || $0 == "," })
            let comma = mark == .comma || (mark == .auto && usual == .comma), point = mark == .point || (mark == .auto && usual == .point)
            let convention = !marked ? "" : comma ? " (this file writes 1.234,56: dots group thousands, the comma starts the decimals)"
                : point ? " (this file writes 1,234.56: commas group thousands, the point starts the decimals)" : ""
            return .failure(ImportError(file: "", line: 0, "not an amount: \"\(text)\"" + convention))
        }
        do {
            let parsed = try Money.parse(Array(plain.utf8), currency: currency)
            if parsed.rounded && exactly {
                return .failure(ImportError(file: "", line: 0, "\"\(text)\" is \(plain) \(currency.code), more decimals than its \(currency.fractionDigits) "
                    + "minor digits: garden never rounds an amount it reads from a file"))
            }
            return .success(Result(money: parsed.money, plain: plain, rounded: parsed.rounded))
        } catch .outOfRange {
            return .failure(ImportError(file: "", line: 0, "amount out of range: \"\(text)\""))
        } catch {
            return .failure(ImportError(file: "", line: 0, "not an amount: \"\(text)\""))
        }
    }

    /// The text as `[-]digits[.digits]`, or nil when it holds no digit or stray characters. With `.auto`,
    /// `usual` reads a text whose own marks do not tell (`1.234` is 1234 when the file's usual mark is a comma).
    /// The text must be written in the convention of `mark` (`.comma`: `1.234,56`; `.point`: `1,234.56`), and so in that
    /// of `usual` when the file's amounts `confirmed` it: every group before the decimal mark three digits, the first one
    /// to three without a leading zero, none after it — `12.34` in a comma file and `1,23` in a point file are nil, not
    /// 1234 or 1.23 (IMPORT.md: "read exactly in the file's convention or refused").
    public static func plain(_ text: String, mark: DecimalMark, usual: DecimalMark = .auto, confirmed: Bool = false) -> String? {
        var negative = false
        var body = ""
        var sawDigit = false
        var trimmed = Substring(text.trimmingCharacters(in: .whitespaces))
        let symbol = trimmed.prefix { "RUS$€£ \u{00A0}".contains($0) }             // `R$ (5,00)`: the symbol may come first
        if trimmed.dropFirst(symbol.count).hasPrefix("(") && trimmed.hasSuffix(")") {
            negative = true
            trimmed = Substring(symbol + trimmed.dropFirst(symbol.count + 1).dropLast())
        }
        for suffix in [" D", " C", "D", "C"] where trimmed.uppercased().hasSuffix(suffix) && trimmed.dropLast(suffix.count).last?.isNumber == true {
            negative = suffix.hasSuffix("D") ? !negative : negative
            trimmed = trimmed.dropLast(suffix.count)
            break
        }
        if trimmed.hasSuffix("-") { negative.toggle(); trimmed = trimmed.dropLast() }
        for character in trimmed {
            switch character {
            case "0"..."9": body.append(character); sawDigit = true
            case ".", ",": body.append(character)
            case "-": guard !sawDigit else { return nil }; negative.toggle()
            case "+", " ", "\u{00A0}", "$", "R", "U", "S", "€", "£": guard !sawDigit || character == " " || character == "\u{00A0}" else { return nil }
            default: return nil
            }
        }
        guard sawDigit else { return nil }
        let convention = mark != .auto ? mark : confirmed ? usual : .auto
        if convention != .auto, !conforms(body, decimal: convention == .comma ? "," : ".", group: convention == .comma ? "." : ",") { return nil }
        guard let number = ungroup(body, mark: mark, usual: usual) else { return nil }
        return negative ? "-" + number : number
    }

    /// Whether `body` (digits and marks) is written in the convention of `decimal` and `group`: at most one decimal mark,
    /// no group mark after it, and before it either no group mark or groups of three after a first of one to three
    /// digits that does not start with `0` (`1.234.567,89`; `12.34` is no such number where `.` groups thousands).
    static func conforms(_ body: String, decimal: Character, group: Character) -> Bool {
        let parts = body.split(separator: decimal, omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return false }
        if parts.count == 2, parts[1].contains(group) { return false }
        guard parts[0].contains(group) else { return true }
        let groups = parts[0].split(separator: group, omittingEmptySubsequences: false)
        guard let first = groups.first, (1...3).contains(first.count), first.first != "0" else { return false }
        return groups.dropFirst().allSatisfy { $0.count == 3 }
    }

    private static func ungroup(_ body: String, mark: DecimalMark, usual: DecimalMark) -> String? {
        switch mark {
        case .comma:
            let parts = body.replacingOccurrences(of: ".", with: "").split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count <= 2 else { return nil }
            return parts.joined(separator: ".")
        case .point:
            let parts = body.replacingOccurrences(of: ",", with: "").split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count <= 2 else { return nil }
            return parts.joined(separator: ".")
        case .auto:
            let convention: (decimal: Character, group: Character)? = usual == .comma ? (",", ".") : usual == .point ? (".", ",") : nil
            guard let text = Money.ungrouped(body, convention: convention) else { return nil }
            return text.replacingOccurrences(of: ",", with: ".")
        }
    }
}
