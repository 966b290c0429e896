/// An exact amount of money: a signed integer count of the currency's minor units (centavos for BRL,
/// cents for USD), never a binary floating-point number.
public struct Money: Hashable, Sendable {
    /// Signed minor units; negative is money out.
    public var minorUnits: Int64
    /// The currency the minor units are counted in.
    public var currency: CurrencyCode

    public init(minorUnits: Int64, currency: CurrencyCode) {
        self.minorUnits = minorUnits
        self.currency = currency
    }
}

extension Money {
    /// The largest magnitude garden reads, in minor units: 999,999,999,999,999 (R$ 9.999.999.999.999,99,
    /// fifteen digits). Far above any account's movement, and far enough below `Int64.max`
    /// (9,223,372,036,854,775,807) that 9,223 such amounts still add up without overflow; sums of more
    /// are checked (``adding(_:_:)``).
    public static let largestMagnitude: Int64 = 999_999_999_999_999

    /// `a + b`, or nil when the sum does not fit `Int64` minor units (never a trap).
    @inline(__always)
    public static func adding(_ a: Int64, _ b: Int64) -> Int64? {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? nil : sum
    }

    /// `a + b`, held at `Int64.min` or `Int64.max` when it does not fit (never a trap): for running totals
    /// that have no row to report (a link's adjustments), whose overflow a checked sum downstream reports.
    @inline(__always)
    public static func saturating(_ a: Int64, _ b: Int64) -> Int64 {
        adding(a, b) ?? (b < 0 ? Int64.min : Int64.max)
    }

    /// `a × b`, or nil when the product does not fit `Int64` minor units (never a trap).
    @inline(__always)
    public static func multiplying(_ a: Int64, _ b: Int64) -> Int64? {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? nil : product
    }

    /// The largest amount garden reads in `currency`, as written in a message (`9999999999999.99`).
    public static func largest(in currency: CurrencyCode) -> String {
        Money(minorUnits: largestMagnitude, currency: currency).decimalString
    }

    /// The result of reading a decimal amount: the money, and whether digits beyond the currency's
    /// minor units had to be rounded away (half to even), which a row reports in `review_reasons`.
    public struct Parsed: Hashable, Sendable {
        public var money: Money
        public var rounded: Bool
    }

    /// Why a text is not an amount.
    public enum ParseError: Error, Equatable, Sendable {
        case notANumber
        case outOfRange
    }

    /// Parses a decimal amount exactly: an optional sign, digits, an optional fraction (`.` or, when the
    /// text has no `.`, a single `,` as Brazilian banks write it) and, for JSON numbers, an exponent.
    ///
    /// Examples with BRL (2 minor digits): `45.9` → 4590, `"-1234.56"` → -123456, Open Finance's
    /// `"1000.0400"` → 100004, `"0.005"` → 0 (rounded half to even, flagged), `1e2` → 10000.
    /// - Throws: ``ParseError/notANumber`` for anything else (empty, letters, `1.2.3`, `NaN`);
    ///   ``ParseError/outOfRange`` when its magnitude is above ``largestMagnitude`` minor units.
    public static func parse<C: Collection<UInt8>>(_ text: C, currency: CurrencyCode) throws(ParseError) -> Parsed {
        if let minorUnits = plainMinorUnits(text, fractionDigits: currency.fractionDigits) {
            return Parsed(money: Money(minorUnits: minorUnits, currency: currency), rounded: false)
        }
        let decimal = try DecimalText(text)
        // value = digits × 10^(exponent − fractionCount); we want value × 10^fractionDigits.
        let shift = decimal.exponent - decimal.fractionCount + currency.fractionDigits
        var kept = decimal.digits
        var dropped: [UInt8] = []
        if shift >= 0 {
            guard shift <= 40 else {
                if kept.allSatisfy({ $0 == 0 }) { return Parsed(money: Money(minorUnits: 0, currency: currency), rounded: false) }
                throw .outOfRange
            }
            kept.append(contentsOf: repeatElement(0, count: shift))
        } else {
            let cut = -shift
            if cut >= kept.count {
                dropped = Array(repeating: 0, count: cut - kept.count) + kept
                kept = []
            } else {
                dropped = Array(kept[(kept.count - cut)...])
                kept.removeLast(cut)
            }
        }
        var magnitude: Int64 = 0
        for digit in kept {
            let (times, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (plus, overflow2) = times.addingReportingOverflow(Int64(digit))
            guard !overflow1, !overflow2 else { throw .outOfRange }
            magnitude = plus
        }
        let rounded = dropped.contains { $0 != 0 }
        if rounded, let first = dropped.first {
            let restNonZero = dropped.dropFirst().contains { $0 != 0 }
            let roundUp = first > 5 || (first == 5 && (restNonZero || magnitude % 2 == 1))
            if roundUp {
                guard magnitude < Int64.max else { throw .outOfRange }
                magnitude += 1
            }
        }
        guard magnitude <= largestMagnitude else { throw .outOfRange }
        let negative = decimal.negative
        return Parsed(money: Money(minorUnits: negative ? -magnitude : magnitude, currency: currency), rounded: rounded)
    }

    /// ``parse(_:currency:)`` of the plain form nearly every amount has (`-586.89`, `80.1`, `1200`): an optional sign,
    /// 1 to 18 − `fractionDigits` digits, and optionally a point with 1 to `fractionDigits` digits; nil for anything else (an exponent, a
    /// comma, more decimals, a longer number, a malformed text), which the general reader takes, with its errors.
    @inline(__always)
    static func plainMinorUnits<C: Collection<UInt8>>(_ text: C, fractionDigits: Int) -> Int64? {
        var index = text.startIndex
        guard index < text.endIndex else { return nil }
        var negative = false
        if text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
            negative = text[index] == UInt8(ascii: "-")
            index = text.index(after: index)
        }
        var value: Int64 = 0
        var whole = 0
        while index < text.endIndex, text[index] &- 0x30 < 10 {
            value = value &* 10 &+ Int64(text[index] &- 0x30)
            whole += 1
            index = text.index(after: index)
        }
        guard whole >= 1, whole + fractionDigits <= 18 else { return nil }     // no overflow of the Int64 below
        var fraction = 0
        if index < text.endIndex {
            guard text[index] == UInt8(ascii: ".") else { return nil }
            index = text.index(after: index)
            while index < text.endIndex, text[index] &- 0x30 < 10 {
                value = value &* 10 &+ Int64(text[index] &- 0x30)
                fraction += 1
                index = text.index(after: index)
            }
            guard index == text.endIndex, fraction >= 1, fraction <= fractionDigits else { return nil }
        }
        for _ in fraction..<fractionDigits { value &*= 10 }
        guard value <= largestMagnitude else { return nil }
        return negative ? -value : value
    }

    /// Parses an amount written as text (a JSON string, `row correct --amount`): as ``parse(_:currency:)``, but an
    /// exponent (`1e3`, `2E-2`) is no amount a person or a bank writes, and is refused (JSON *numbers* may carry one:
    /// they are read by ``parse(_:currency:)``).
    /// - Throws: ``ParseError/notANumber`` for an exponent and anything ``parse(_:currency:)`` refuses;
    ///   ``ParseError/outOfRange`` as it.
    public static func parseText<C: Collection<UInt8>>(_ text: C, currency: CurrencyCode) throws(ParseError) -> Parsed {
        guard !text.contains(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) else { throw .notANumber }
        return try parse(text, currency: currency)
    }

    /// Parses an amount a person typed on the command line (`row correct --amount`, `budgets set --limit`): spaces
    /// around it dropped, digit grouping read with the currency's convention (``decimalMark(of:)``; a currency garden
    /// knows no convention for is read as the README writes amounts, with a decimal point), then
    /// ``parseText(_:currency:)``. One reader for every typed amount (issue 33): `1.234` is one thousand two hundred and
    /// thirty-four reais in BRL, `.500` and `1,23,4` are refused, never read as 0.50 or 1234.
    /// - Throws: ``ParseError/notANumber`` for an exponent, letters, or ambiguous or malformed grouping;
    ///   ``ParseError/outOfRange`` for an amount beyond ``largest(in:)``.
    /// A text the currency's convention reads otherwise than the convention the run writes numbers in (`runConvention`:
    /// garden shows BRL as `R$1,200.00` in English) is ambiguous and refused, never read one way silently: under English,
    /// `--limit 1,200` in BRL could be R$ 1,20 or R$ 1.200,00 (a new user's limit 1000× too small); write `1200`.
    /// - Returns: the amount, and whether it had more decimals than the currency (the caller refuses it: never rounded).
    public static func parseTyped(_ text: String, currency: CurrencyCode,
                                  runConvention: (decimal: Character, group: Character)? = nil) throws(ParseError) -> Parsed {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let convention = decimalMark(of: currency) ?? (decimal: ".", group: ",")
        guard let plain = ungrouped(trimmed, convention: convention) else { throw .notANumber }
        if let run = runConvention, run != convention, ungrouped(trimmed, convention: run) != plain { throw .notANumber }
        return try parseText(Array(plain.utf8), currency: currency)
    }

    /// How an amount *string* of a JSON line is written in `currency`: as people write it where garden knows the
    /// currency's convention (``decimalMark(of:)``: `1.234,56` in BRL); in a currency of three minor digits, a text with a
    /// decimal point and no comma is the canonical form garden writes itself (`CanonicalRowWriter`: `-12.500` BHD),
    /// so its point is the decimal mark — one reader for what `import` writes and what `resolve` reads (ISO 4217
    /// gives BHD, IQD, JOD, KWD, LYD, OMR and TND three minor digits: `12.500` is twelve and a half, never 12,500).
    /// Nil (the text's own marks decide, or it is ambiguous) for a comma in an unknown convention.
    public static func stringConvention(of currency: CurrencyCode, text: String) -> (decimal: Character, group: Character)? {
        if let known = decimalMark(of: currency) { return known }
        // A currency of three minor digits only: elsewhere (EUR) `1.000` stays ambiguous, as people write it both ways.
        return currency.fractionDigits == 3 && !text.utf8.contains(UInt8(ascii: ",")) ? (decimal: ".", group: ",") : nil
    }

    /// A decimal number as written: its digits without leading zeros or the point, how many of them are
    /// the fraction, its sign and its exponent.
    private struct DecimalText {
        var digits: [UInt8] = []
        var fractionCount = 0
        var negative = false
        var exponent = 0

        /// Reads an optional sign, digits, an optional fraction (`.`, or a single `,` when `text` has no
        /// `.`) and an exponent. - Throws: ``ParseError/notANumber`` for anything else.
        @inline(__always)
        init<C: Collection<UInt8>>(_ text: C) throws(ParseError) {
            digits.reserveCapacity(24)
            var seenPoint = false
            var seenDigit = false
            var index = text.startIndex
            let hasDot = text.contains(UInt8(ascii: "."))
            if index < text.endIndex, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
                negative = text[index] == UInt8(ascii: "-")
                index = text.index(after: index)
            }
            while index < text.endIndex {
                let byte = text[index]
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    seenDigit = true
                    if digits.isEmpty && byte == UInt8(ascii: "0") && !seenPoint {
                        // leading zero of the integer part: skip
                    } else {
                        digits.append(byte &- 48)
                    }
                    if seenPoint { fractionCount += 1 }
                case UInt8(ascii: "."), UInt8(ascii: ",") where !hasDot:
                    guard !seenPoint, seenDigit else { throw .notANumber }
                    seenPoint = true
                case UInt8(ascii: "e"), UInt8(ascii: "E"):
                    guard seenDigit else { throw .notANumber }
                    exponent = try Money.parseExponent(text[text.index(after: index)...])
                    index = text.endIndex
                    continue
                default:
                    throw .notANumber
                }
                index = text.index(after: index)
            }
            guard seenDigit else { throw .notANumber }
            if seenPoint && fractionCount == 0 { throw .notANumber }
        }
    }

    /// How a currency's people write amounts: which mark groups thousands and which one starts the
    /// fraction. BRL: `1.234,56` (ABNT NBR 5891, Banco Central); USD: `1,234.56`; nil for other currencies.
    public static func decimalMark(of currency: CurrencyCode) -> (decimal: Character, group: Character)? {
        switch currency.code {
        case "BRL": return (",", ".")
        case "USD": return (".", ",")
        default: return nil
        }
    }

    /// A decimal string with digit grouping made plain: "-1.234,56" (Brazilian) and "1,234.56" (US) become
    /// "-1234.56"; the last separator is the decimal point and every group before it must have three
    /// digits. A single kind of separator followed by exactly three digits ("1.000", "1,000") is read with
    /// `convention` (the row's currency: in BRL "1.000" is one thousand and "1,000" is one; in USD the
    /// reverse) and is ambiguous — nil — without one, unless what comes before it cannot begin a grouping
    /// ("1234.567", "0.500": a decimal mark); repeated ("1.000.000") it is grouping.
    /// A grouped number's first group is 1 to 3 digits without a leading zero (after an optional sign): `.500`,
    /// `0.001` and `1234.567.890` are no grouping, and are never read as one (a pt-BR `".500"` is not 500).
    /// A fraction written without its whole part (`.5`, `-,50`) gets its `0`.
    /// Nil when the grouping is not well formed or ambiguous; otherwise a text ``parse(_:currency:)`` reads.
    public static func ungrouped(_ text: String, convention: (decimal: Character, group: Character)? = nil) -> String? {
        // Marks looked for byte by byte (Foundation's substring search, which `contains` resolves to here,
        // cost thousands of instructions a call).
        let hasDot = text.utf8.contains(UInt8(ascii: ".")), hasComma = text.utf8.contains(UInt8(ascii: ","))
        if hasDot != hasComma {
            let mark: Character = hasDot ? "." : ","
            let parts = text.split(separator: mark, omittingEmptySubsequences: false)
            let grouped = parts.count > 2 && parts.dropFirst().allSatisfy { $0.count == 3 }
            if grouped { return isLeadingGroup(parts[0]) ? parts.joined() : nil }
            guard parts.count == 2, parts[1].count == 3 else { return withWholePart(commaAsPoint(text)) }
            // A whole part that cannot begin a grouping (`1234.567`, `0.500`, `.500`) makes the mark a decimal one.
            guard let convention else { return isLeadingGroup(parts[0]) ? nil : withWholePart(commaAsPoint(text)) }
            if mark == convention.group { return isLeadingGroup(parts[0]) ? parts.joined() : nil }
            return withWholePart(parts.joined(separator: "."))
        }
        guard hasDot && hasComma else { return text }
        let decimal: Character = text.lastIndex(of: ",")! > text.lastIndex(of: ".")! ? "," : "."
        let group: Character = decimal == "," ? "." : ","
        let parts = text.split(separator: decimal, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        var integer = Substring(parts[0])
        var sign = ""
        if integer.hasPrefix("-") || integer.hasPrefix("+") { sign = String(integer.first!); integer = integer.dropFirst() }
        let groups = integer.split(separator: group, omittingEmptySubsequences: false)
        guard let first = groups.first, isLeadingGroup(first), groups.dropFirst().allSatisfy({ $0.count == 3 }) else { return nil }
        return sign + groups.joined() + "." + parts[1]
    }

    /// Whether `part` (an optional sign and spaces first) can begin a grouped number: 1 to 3 digits, the first not `0`.
    static func isLeadingGroup(_ part: Substring) -> Bool {
        let digits = part.drop { $0 == "-" || $0 == "+" || $0 == " " }
        guard (1...3).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        return digits.first != "0"
    }

    /// `.5` as `0.5`, `-.5` as `-0.5`: a decimal point with no digit before it gets a `0`.
    static func withWholePart(_ text: String) -> String {
        guard let point = text.firstIndex(of: ".") else { return text }
        let before = text[..<point]
        guard before.allSatisfy({ $0 == "-" || $0 == "+" || $0 == " " }) else { return text }
        return before + "0" + text[point...]
    }

    /// `text` with every comma replaced by a decimal point.
    private static func commaAsPoint(_ text: String) -> String {
        String(decoding: text.utf8.map { $0 == UInt8(ascii: ",") ? UInt8(ascii: ".") : $0 }, as: UTF8.self)
    }

    private static func parseExponent<C: Collection<UInt8>>(_ text: C) throws(ParseError) -> Int {
        var index = text.startIndex
        var negative = false
        if index < text.endIndex, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
            negative = text[index] == UInt8(ascii: "-")
            index = text.index(after: index)
        }
        guard index < text.endIndex else { throw .notANumber }
        var value = 0
        while index < text.endIndex {
            let byte = text[index]
            guard byte >= 48, byte <= 57 else { throw .notANumber }
            value = min(value * 10 + Int(byte - 48), 10_000)
            index = text.index(after: index)
        }
        return negative ? -value : value
    }
}
