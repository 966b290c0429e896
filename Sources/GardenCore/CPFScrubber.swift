/// The last guard of garden's privacy rule: whatever garden adds to a row (names, seller, reasons,
/// trace text) passes through here, and any run of exactly 11 digits — ASCII, full-width or other
/// decimal digits, formatted `DDD.DDD.DDD-DD` or plain — is replaced by its mask (`•••.482.613-••`).
public enum CPFScrubber {
    /// `text` with every CPF-shaped run masked; the same string when there is none (the common case).
    /// - Parameter plainDigits: also mask 11 digits with no punctuation (off for a US row where such a
    ///   run is a store or phone number; formatted and full-width runs are masked regardless).
    public static func scrub(_ text: String, plainDigits: Bool = true) -> String {
        // Fast path on bytes: ASCII digits counted directly, Unicode looked up only for non-ASCII scalars.
        var digits = 0
        var nonASCII = false
        var copy = text
        copy.withUTF8 { buffer in
            for b in buffer {
                if b >= 0x30 && b <= 0x39 { digits += 1 } else if b >= 0x80 { nonASCII = true }
            }
        }
        if nonASCII {
            // Decimal digits outside ASCII start at U+0660 (Arabic-Indic): accented letters need no lookup.
            for scalar in text.unicodeScalars where scalar.value >= 0x660 && scalar.properties.numericType == .decimal { digits += 1 }
        }
        guard digits >= 11 else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            if let (length, visible) = cpf(at: i, in: scalars), i == 0 || !isDigit(scalars[i - 1]),
               plainDigits || length != 11 || scalars[i..<(i + 11)].contains(where: { $0.value >= 0x80 }) {
                out.append(contentsOf: "•••.\(visible.prefix(3)).\(visible.suffix(3))-••".unicodeScalars)
                i += length
            } else {
                out.append(scalars[i])
                i += 1
            }
        }
        return String(out)
    }

    static func isDigit(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x80 ? (s.value >= 0x30 && s.value <= 0x39) : s.properties.numericType == .decimal
    }

    static func digit(_ s: Unicode.Scalar) -> Character? {
        guard isDigit(s), let value = s.properties.numericValue else { return nil }
        return Character(String(Int(value)))
    }

    /// Eleven digits from `i`, plain or as DDD.DDD.DDD-DD (dots, a hyphen or spaces between groups),
    /// not followed by another digit: the length consumed and digits 4–9.
    static func cpf(at i: Int, in s: [Unicode.Scalar]) -> (Int, String)? {
        var j = i
        var found: [Character] = []
        while j < s.count, found.count < 11 {
            if let d = digit(s[j]) {
                found.append(d)
                j += 1
            } else if !found.isEmpty, [3, 6, 9].contains(found.count), ".- ".unicodeScalars.contains(s[j]) {
                j += 1
            } else {
                break
            }
        }
        guard found.count == 11, j == s.count || !isDigit(s[j]) else { return nil }
        return (j - i, String(found[3..<9]))
    }
}
