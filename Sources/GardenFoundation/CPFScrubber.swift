/// The last guard of garden's privacy rule: whatever garden adds to a row (names, seller, reasons,
/// trace text), stores or prints passes through here, and every personal number is masked
/// (``PersonalNumberScanner``). A CPF-shaped run of 11 digits becomes `•••.482.613-••`: ASCII, full-width,
/// Arabic-Indic or other decimal digits; formatted with `.`, `-`, `/`, spaces, no-break spaces or
/// full-width `．－` between the groups (DDD.DDD.DDD-DD, DDD.DDD.DDD/DD, DDD.DDD.DDD.DD...), plain, or
/// with any other punctuation between them and a CPF's check digits (`529*982*247*25`). One pass, linear
/// in the text's length.
public enum CPFScrubber {
    /// `text` with every personal number masked (``PersonalNumberScanner``: CPFs, card numbers, account
    /// numbers a bank line names); the same string when there is none (the common case).
    /// - Parameter plainDigits: mask every run of 11 plain ASCII digits; when false, only those whose
    ///   check digits are a CPF's (mod 11): elsewhere 11 digits can be a US phone or a store number
    ///   (1 in 100 of them passes the check, and is masked too). Formatted and non-ASCII runs are always
    ///   masked.
    public static func scrub(_ text: String, plainDigits: Bool = true) -> String {
        PersonalNumberScanner.mask(text, plainCPFDigits: plainDigits)
    }

    /// `text` with its CPFs masked and nothing else: for a row's own `id`, whose other digits are its
    /// identity (a FITID of 16 digits is no card), so a row keeps the id garden gave it before.
    public static func scrubCPF(_ text: String, plainDigits: Bool = true) -> String {
        PersonalNumberScanner.mask(text, plainCPFDigits: plainDigits, onlyCPFs: true)
    }

    /// An account's name with its CPFs and card numbers masked (11 plain digits only when they are a CPF's), and
    /// nothing else: the name is the user's key for the account (`garden rows --account NAME`, the exports), so the
    /// digits after `CC` or `ACCT` in it stay as typed (issue 33: masking never touches amounts or account keys).
    public static func scrubAccountName(_ text: String) -> String {
        PersonalNumberScanner.mask(text, plainCPFDigits: false, accountNumbers: false)
    }

    static func isDigit(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x80 ? (s.value >= 0x30 && s.value <= 0x39) : mayBeDecimalDigit(s.value) && s.properties.numericType == .decimal
    }

    /// Whether a scalar above ASCII may be a decimal digit (Unicode general category Nd) at all: none lies below
    /// U+0660 (ARABIC-INDIC DIGIT ZERO, the first after ASCII's) nor in U+2000–U+2BFF (punctuation, symbols, arrows,
    /// shapes: the `•` of a masked CPF, dashes, quotes), so those skip the property lookup.
    /// `PersonalNumberScannerTests` checks both ranges against the Unicode properties.
    @inline(__always)
    static func mayBeDecimalDigit(_ value: UInt32) -> Bool {
        value >= 0x660 && !(value >= 0x2000 && value <= 0x2BFF)
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

    /// Whether `mark` before the last two of eleven digits is an amount's decimal mark, not a CPF's check-digit
    /// separator: a comma (the Receita Federal writes a CPF `000.000.000-00`; no CPF form puts a comma there, while
    /// pt-BR money does: `529.982.247,25`), or a point after ungrouped digits or after groups marked otherwise
    /// (`529982247.25`, `529,982,247.25`: how en-US money is written). An amount is never masked (issue 33: a
    /// CPF-shaped amount masked in an output cannot be read back). All points (`529.982.247.25`) stay a CPF typed so.
    static func isDecimalMark(_ mark: Unicode.Scalar, groupedBy group: Unicode.Scalar?) -> Bool {
        switch mark.value {
        case 0x2C, 0xFF0C: return true
        case 0x2E, 0xFF0E: return group.map { $0 != mark } ?? true
        default: return false
        }
    }

    /// Any other punctuation or symbol between a CPF's groups (`529*982*247*25`, `529_982_247_25`): a CPF
    /// written so is masked only when its check digits are a CPF's.
    static func isLooseSeparator(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation,
             .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }

    /// Eleven digits from `i`, plain or with one separator after the 3rd, 6th and 9th digits (any may
    /// be missing), not followed by another digit: the length consumed, the 11 digits in ASCII, and
    /// whether a separator banks do not print (``isLooseSeparator(_:)``) was among them.
    static func cpf(at i: Int, in s: [Unicode.Scalar]) -> (Int, String, Bool)? {
        var j = i
        var count = 0
        var loose = false
        var groupMark: Unicode.Scalar? = nil, lastMark: Unicode.Scalar? = nil
        // The digits are read once to see whether eleven are there, and taken as text only when they are (most
        // digit runs are shorter: a date, an amount, an agency).
        while j < s.count, count < 11 {
            if isDigit(s[j]) {
                count += 1
                j += 1
            } else if count == 3 || count == 6 || count == 9, j + 1 < s.count, isDigit(s[j + 1]) {
                if count == 9 { lastMark = s[j] } else { groupMark = groupMark ?? s[j] }
                if isSeparator(s[j]) {
                    j += 1
                } else if isLooseSeparator(s[j]) {
                    loose = true
                    j += 1
                } else {
                    break
                }
            } else {
                break
            }
        }
        guard count == 11, j == s.count || !isDigit(s[j]) else { return nil }
        if let lastMark, isDecimalMark(lastMark, groupedBy: groupMark) { return nil }
        var found = ""
        for k in i..<j { if let d = digit(s[k]) { found.append(d) } }
        return (j - i, found, loose)
    }
}
