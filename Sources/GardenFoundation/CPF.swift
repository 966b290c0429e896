/// Brazilian individual taxpayer numbers (Cadastro de Pessoas Físicas): personal data.
///
/// garden never writes a full CPF: anything CPF-shaped is shown masked as banks do (Banco Central's
/// Pix "DICT" display rule, also used on statements): the first three and last two digits hidden,
/// `•••.482.613-••`. Check digits are irrelevant to masking: an invalid CPF is masked all the same.
public enum CPF {
    /// Masks 11 digits (given with or without punctuation) as `•••.DDD.DDD-••`; nil when `text` does not
    /// hold exactly 11 digits (any decimal digits; bullets or asterisks already masking some of them count
    /// as digits; separators as ``CPFScrubber`` reads them).
    public static func mask(_ text: String) -> String? {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiMask(text) }
        var digits: [Character] = []
        for scalar in text.unicodeScalars {
            if let digit = CPFScrubber.digit(scalar) { digits.append(digit) } else if scalar == "•" || scalar == "*" { digits.append("•") }
            else if CPFScrubber.isSeparator(scalar) { continue } else { return nil }
        }
        guard digits.count == 11 else { return nil }
        return "•••.\(String(digits[3..<6])).\(String(digits[6..<9]))-••"
    }

    /// ``mask(_:)`` of an ASCII text, read byte by byte: digits, `*` for a hidden one, and `.`, `-`, `/` and
    /// spaces between the groups.
    private static func asciiMask(_ text: String) -> String? {
        var digits: [UInt8] = []                      // 0: a hidden digit
        digits.reserveCapacity(11)
        for b in text.utf8 {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(b)
            case UInt8(ascii: "*"): digits.append(0)
            case UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "/"), UInt8(ascii: " "): continue
            default: return nil
            }
            if digits.count > 11 { return nil }
        }
        guard digits.count == 11 else { return nil }
        func group(_ range: Range<Int>) -> String {
            String(decoding: digits[range].flatMap { $0 == 0 ? Array("•".utf8) : [$0] }, as: UTF8.self)
        }
        return "•••.\(group(3..<6)).\(group(6..<9))-••"
    }

    /// Whether 11 digits carry valid CPF check digits (mod 11, weights 10…2 then 11…2).
    public static func isValid(_ text: String) -> Bool {
        let d = text.compactMap { $0.wholeNumberValue }
        guard d.count == 11, Set(d).count > 1 else { return false }
        func dv(_ n: Int) -> Int {
            var sum = 0
            for i in 0..<n { sum += d[i] * (n + 1 - i) }
            let r = (sum * 10) % 11
            return r == 10 ? 0 : r
        }
        return dv(9) == d[9] && dv(10) == d[10]
    }
}
