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
        var digits: [Character] = []
        for scalar in text.unicodeScalars {
            if let digit = CPFScrubber.digit(scalar) { digits.append(digit) } else if scalar == "•" || scalar == "*" { digits.append("•") }
            else if CPFScrubber.isSeparator(scalar) { continue } else { return nil }
        }
        guard digits.count == 11 else { return nil }
        return "•••.\(String(digits[3..<6])).\(String(digits[6..<9]))-••"
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
