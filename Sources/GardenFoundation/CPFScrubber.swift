/// The last guard of garden's privacy rule: whatever garden adds to a row (names, seller, reasons,
/// trace text), stores or prints passes through here, and any CPF-shaped run of 11 digits is replaced by
/// its mask (`•••.482.613-••`): ASCII, full-width, Arabic-Indic or other decimal digits; formatted with
/// `.`, `-`, `/`, spaces, no-break spaces or full-width `．－` between the groups (DDD.DDD.DDD-DD,
/// DDD.DDD.DDD/DD, DDD.DDD.DDD.DD...) or plain. One pass, linear in the text's length.
public enum CPFScrubber {
    /// `text` with every CPF-shaped run masked; the same string when there is none (the common case).
    /// - Parameter plainDigits: mask every run of 11 plain ASCII digits; when false, only those whose
    ///   check digits are a CPF's (mod 11): elsewhere 11 digits can be a US phone or a store number
    ///   (1 in 100 of them passes the check, and is masked too). Formatted and non-ASCII runs are always
    ///   masked.
    public static func scrub(_ text: String, plainDigits: Bool = true) -> String {
        guard mayHoldCPF(text) else { return text }
        let scalars = Array(text.unicodeScalars)
        // UTF-8 bytes, appended in amortised constant time (a scalar view's append is not).
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        var i = 0
        var previousIsDigit = false
        while i < scalars.count {
            if !previousIsDigit, let (length, digits) = cpf(at: i, in: scalars),
               plainDigits || length != 11 || scalars[i..<(i + 11)].contains(where: { $0.value >= 0x80 }) || CPF.isValid(digits) {
                out.append(contentsOf: "•••.\(digits.dropFirst(3).prefix(3)).\(digits.dropFirst(6).prefix(3))-••".utf8)
                i += length
                previousIsDigit = true
            } else {
                previousIsDigit = isDigit(scalars[i])
                UTF8.encode(scalars[i]) { out.append($0) }
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `text` has at least 11 decimal digits (ASCII counted on bytes; Unicode digits start at
    /// U+0660, so accented letters need no lookup).
    static func mayHoldCPF(_ text: String) -> Bool {
        // Eleven digits take at least eleven bytes (a digit outside ASCII takes two or more).
        guard text.utf8.count >= 11 else { return false }
        var digits = 0
        var nonASCII = false
        var copy = text
        copy.withUTF8 { buffer in
            for b in buffer {
                if b >= 0x30 && b <= 0x39 { digits += 1 } else if b >= 0x80 { nonASCII = true }
            }
        }
        if nonASCII {
            for scalar in text.unicodeScalars where scalar.value >= 0x660 && scalar.properties.numericType == .decimal { digits += 1 }
        }
        return digits >= 11
    }

    static func isDigit(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x80 ? (s.value >= 0x30 && s.value <= 0x39) : s.properties.numericType == .decimal
    }

    static func digit(_ s: Unicode.Scalar) -> Character? {
        if s.value >= 0x30 && s.value <= 0x39 { return Character(s) }
        guard isDigit(s), let value = s.properties.numericValue else { return nil }
        return Character(String(Int(value)))
    }

    /// What may stand between a CPF's digit groups: `.`, `-`, `/`, space, no-break and narrow no-break
    /// spaces, full-width full stop, hyphen-minus and solidus, and the Unicode hyphens.
    static func isSeparator(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x2E, 0x2D, 0x2F, 0x20, 0xA0, 0x202F, 0xFF0E, 0xFF0D, 0xFF0F, 0x2010...0x2012: return true
        default: return false
        }
    }

    /// Eleven digits from `i`, plain or with one separator after the 3rd, 6th and 9th digits (any may
    /// be missing), not followed by another digit: the length consumed and the 11 digits in ASCII.
    static func cpf(at i: Int, in s: [Unicode.Scalar]) -> (Int, String)? {
        var j = i
        var found = ""
        var count = 0
        while j < s.count, count < 11 {
            if let d = digit(s[j]) {
                found.append(d)
                count += 1
                j += 1
            } else if count == 3 || count == 6 || count == 9, isSeparator(s[j]), j + 1 < s.count, isDigit(s[j + 1]) {
                j += 1
            } else {
                break
            }
        }
        guard count == 11, j == s.count || !isDigit(s[j]) else { return nil }
        return (j - i, found)
    }
}
