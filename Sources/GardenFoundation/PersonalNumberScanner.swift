/// The one scanner of personal numbers in text: every path that stores or prints text (the folded
/// descriptor and its full-text index, the ledger's input line, `explain`, `resolve --redact`, `garden
/// import --redact`, messages) masks through it (``CPFScrubber/scrub(_:plainDigits:)`` calls it). It finds,
/// in one pass linear in the text's length:
///
/// - **CPF**: 11 decimal digits (any script), plain or grouped 3-3-3-2 by `.`, `-`, `/`, spaces (the forms
///   banks print, always masked), or by any other punctuation or symbol (`529*982*247*25`, `529_982_247_25`:
///   masked when the check digits are a CPF's, mod 11, so a stray number is rarely taken for one); shown as
///   `•••.982.247-••` (Banco Central's Pix display rule).
/// - **Card number (PAN)**: 13 to 19 digits, plain or in groups of 4 (Amex 4-6-5, Diners 4-6-4) split by
///   single spaces or hyphens, starting in a card network's issuer range (``isIssuerPrefix(_:)``),
///   passing the Luhn check (ISO/IEC 7812-1), and not a valid CNPJ; shown with all but the last four digits hidden
///   (`•••• •••• •••• 1111`, PCI DSS's display rule).
/// - **Account number** where a bank line names one: digits (3 to 20, with `.` or `-` between them and an
///   optional check digit or `X`) right after `CC`, `C/C`, `CONTA`, `CTA`, `CORRENTE`, `POUPANCA`, `POUP`,
///   `C/P`, `ACCT`, `ACCOUNT` or `ACC` (with `:`, `.`, `#`, `º` or spaces between); shown with all but the
///   last two digits hidden (`CC •••89-0`). An agency number (`AG 1234`) alone names no one and is kept.
public enum PersonalNumberScanner {
    /// `text` with every personal number masked; the same string when there is none (the common case).
    /// - Parameters:
    ///   - plainCPFDigits: mask every run of 11 plain ASCII digits as a CPF; when false, only those whose
    ///     check digits are a CPF's (elsewhere 11 digits can be a US phone or a store number).
    ///   - onlyCPFs: mask CPFs and nothing else (a row's own id, whose other numbers are its identity).
    ///   - accountNumbers: mask the digits after an account word (`CC`, `ACCT`…); false for an account's own name,
    ///     which the user gave and finds the account by (a name is never an account number a bank line prints).
    public static func mask(_ text: String, plainCPFDigits: Bool = true, onlyCPFs: Bool = false, accountNumbers: Bool = true) -> String {
        // Without account numbers, only a run of 11 or more digits (a CPF, a card number) can be masked: the survey's
        // CPF-only test says the same.
        guard !Survey(text).masksNothing(onlyCPFs: onlyCPFs || !accountNumbers) else { return text }
        let scalars = Array(text.unicodeScalars)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        var changed = false
        var i = 0
        var previousIsDigit = false
        var word: [UInt8] = []          // the word being read: ASCII letters (and `/` inside it), lowercased
        var afterAccountWord = false    // an account word came last, then only separators
        func take(_ length: Int) {
            i += length
            previousIsDigit = true
            changed = true
            afterAccountWord = false
        }
        while i < scalars.count {
            let s = scalars[i]
            if !previousIsDigit, CPFScrubber.isDigit(s) {
                if let (length, digits, loose) = CPFScrubber.cpf(at: i, in: scalars),
                   loose ? CPF.isValid(digits)
                         : plainCPFDigits || length != 11 || scalars[i..<(i + length)].contains(where: { $0.value >= 0x80 }) || CPF.isValid(digits) {
                    out.append(contentsOf: "•••.\(digits.dropFirst(3).prefix(3)).\(digits.dropFirst(6).prefix(3))-••".utf8)
                    take(length)
                    continue
                }
                if !onlyCPFs, let length = cardNumber(at: i, in: scalars) {
                    appendMasked(scalars[i..<(i + length)], keeping: 4, to: &out)
                    take(length)
                    continue
                }
                if !onlyCPFs, accountNumbers, afterAccountWord, let length = accountNumber(at: i, in: scalars) {
                    appendMasked(scalars[i..<(i + length)], keeping: 2, to: &out)
                    take(length)
                    continue
                }
            }
            // (An ASCII scalar is alphabetic exactly when it is a Latin letter: no property lookup a scalar.)
            if s.value < 0x80, (s.value | 0x20 >= 0x61 && s.value | 0x20 <= 0x7A) || (s == "/" && !word.isEmpty) {
                if word.count < 12 { word.append(UInt8(s.value) | (s == "/" ? 0 : 0x20)) }
            } else {
                if !word.isEmpty {
                    if word.last == 0x2F { word.removeLast() }
                    afterAccountWord = Self.isAccountWord(word)
                    word.removeAll(keepingCapacity: true)
                }
                // Between the word and the number only a bank line's separators (`:`, `.`, `#`, `º`, spaces) may
                // stand: a quoted value (`me add account "12345-6"` in the history) is a field the user gave.
                if !Self.isAccountSeparator(s) { afterAccountWord = false }
            }
            previousIsDigit = CPFScrubber.isDigit(s)
            UTF8.encode(s) { out.append($0) }
            i += 1
        }
        return changed ? String(decoding: out, as: UTF8.self) : text
    }

    /// What may stand between an account word and its number.
    static let accountSeparators: Set<Unicode.Scalar> = [" ", ":", ".", "#", "º", "ª", "\u{A0}", "-"]

    /// Whether `s` is one of ``accountSeparators``, without hashing it (this runs for every scalar that is no letter).
    @inline(__always)
    static func isAccountSeparator(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x20, 0x3A, 0x2E, 0x23, 0xBA, 0xAA, 0xA0, 0x2D: return true
        default: return false
        }
    }

    /// The words after which a bank line prints an account number (lowercase ASCII, accents folded away
    /// by the bank's own printing: POUPANCA).
    static let accountWords: Set<String> = ["cc", "c/c", "conta", "cta", "corrente", "poupanca", "poup", "c/p", "acct", "account", "acc"]

    /// ``accountWords`` as bytes, for ``isAccountWord(_:)``.
    static let accountWordBytes: [[UInt8]] = accountWords.map { Array($0.utf8) }

    /// ``accountWords`` packed as ``Survey`` reads a word: its bytes little-endian in a `UInt64` (each has 2 to 8 letters).
    static let accountWordsPacked: [UInt64] = accountWords.map { word in
        word.utf8.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    /// Whether the lowercased letters `word` are one of ``accountWords``: compared as bytes, so the survey of every
    /// string garden prints or stores makes no `String` and hashes nothing for each of its words.
    static func isAccountWord(_ word: [UInt8]) -> Bool {
        guard word.count >= 2, word.count <= 8 else { return false }
        for candidate in accountWordBytes where candidate == word { return true }
        return false
    }

    /// What a first look at the text says: how many decimal digits it holds and whether it names an
    /// account (one of ``accountWords`` in any case), so most texts are returned at once.
    struct Survey {
        var digits = 0
        var namesAccount = false

        init(_ text: String) {
            var copy = text
            let otherDigits = copy.withUTF8 { buffer in survey(buffer) }
            if otherDigits {
                for scalar in text.unicodeScalars where CPFScrubber.mayBeDecimalDigit(scalar.value) && scalar.properties.numericType == .decimal {
                    digits += 1
                }
            }
        }

        /// The survey of UTF-8 bytes (nil when a scalar in them may be a digit of another script, which needs the text).
        init?(bytes buffer: UnsafeBufferPointer<UInt8>) {
            guard !survey(buffer) else { return nil }
        }

        /// Counts the ASCII digits and looks for an account word; returns whether a scalar may be a decimal digit of
        /// another script (``CPFScrubber/mayBeDecimalDigit(_:)``, seen on its UTF-8 lead byte: from U+0640, lead 0xD9
        /// on, but U+2000–U+2BFF, lead 0xE2 and a second byte 0x80–0xAF), so accented letters, `•` and dashes need no
        /// second look.
        private mutating func survey(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
            var otherDigits = false
            var i = 0
            let length = buffer.count
            while i < length {
                let b = buffer[i]
                if b >= 0x30 && b <= 0x39 {
                    digits += 1
                } else if b >= 0xD9, !(b == 0xE2 && i + 1 < length && buffer[i + 1] >= 0x80 && buffer[i + 1] <= 0xAF) {
                    otherDigits = true
                }
                i += 1
            }
            guard digits >= 3 else { return otherDigits }
            // The words of ASCII letters (and `/` inside them), lowercased, checked against the account words. A word
            // is packed into an integer as it is read (an account word has at most 8 letters; a longer one is none):
            // this runs on every string garden prints or stores, and an array here was an allocation each.
            var packed: UInt64 = 0
            var count = 0, last: UInt8 = 0
            for b in buffer {
                let lower = b | 0x20
                if (lower >= 0x61 && lower <= 0x7A) || (b == 0x2F && count > 0) {
                    last = b == 0x2F ? b : lower
                    if count < 8 { packed |= UInt64(last) << (8 * UInt64(count)) }
                    count += 1
                } else if count > 0 {
                    if last == 0x2F { count -= 1; if count < 8 { packed &= ~(0xFF << (8 * UInt64(count))) } }
                    if count >= 2, count <= 8, PersonalNumberScanner.accountWordsPacked.contains(packed) { namesAccount = true }
                    packed = 0
                    count = 0
                }
            }
            return otherDigits
        }

        /// Whether ``mask(_:plainCPFDigits:onlyCPFs:)`` returns the text as it is without scanning it.
        func masksNothing(onlyCPFs: Bool) -> Bool {
            !(digits >= 11 || (!onlyCPFs && digits >= 3 && namesAccount))
        }
    }

    /// Whether ``mask(_:plainCPFDigits:onlyCPFs:)`` returns the text of these UTF-8 bytes as it is, known from the
    /// bytes alone (too few digits for a personal number, none of them of another script); false when it cannot tell
    /// without the text. What a writer of stored text asks before it makes a `String` of each of its fields.
    package static func masksNothing(_ bytes: UnsafeBufferPointer<UInt8>, onlyCPFs: Bool = false) -> Bool {
        Survey(bytes: bytes)?.masksNothing(onlyCPFs: onlyCPFs) ?? false
    }

    /// Appends `scalars` with every digit but the last `keeping` ones shown as `•`.
    static func appendMasked(_ scalars: ArraySlice<Unicode.Scalar>, keeping: Int, to out: inout [UInt8]) {
        var left = scalars.filter { CPFScrubber.isDigit($0) || $0 == "X" || $0 == "x" }.count
        for s in scalars {
            if CPFScrubber.isDigit(s) || s == "X" || s == "x" {
                if left > keeping { out.append(contentsOf: "•".utf8) } else { UTF8.encode(s) { out.append($0) } }
                left -= 1
            } else {
                UTF8.encode(s) { out.append($0) }
            }
        }
    }

    /// A card number from `i`: the length consumed, or nil. Groups split by one space or hyphen (the same
    /// one throughout, the first group of 4 digits); the longest run of whole groups that is one is taken
    /// (`4111 1111 1111 1111 2026`: the card and then a year).
    static func cardNumber(at i: Int, in s: [Unicode.Scalar]) -> Int? {
        // What no card can be, seen without building its digits: a first digit that opens no issuer range
        // (``isIssuerPrefix(_:)`` reads it first), or fewer than 13 digits in the run of digits and single
        // spaces or hyphens (the groups below take a part of that run). Most digit runs end here.
        if s[i].value < 0x80, !(0x32...0x36).contains(s[i].value) { return nil }
        var reach = i, digitsInRun = 0
        while reach < s.count, digitsInRun < 13 {
            if CPFScrubber.isDigit(s[reach]) {
                digitsInRun += 1
                reach += 1
            } else if s[reach] == " " || s[reach] == "-", reach + 1 < s.count, CPFScrubber.isDigit(s[reach + 1]) {
                reach += 1
            } else {
                break
            }
        }
        if digitsInRun < 13 { return nil }
        var groups: [(digits: String, end: Int)] = []
        var current = ""
        var separator: Unicode.Scalar?
        var j = i
        while j < s.count {
            if let d = CPFScrubber.digit(s[j]) {
                current.append(d)
                j += 1
                if current.count > 19 { return nil }
            } else if (s[j] == " " || s[j] == "-"), separator == nil || separator == s[j], !current.isEmpty,
                      j + 1 < s.count, CPFScrubber.isDigit(s[j + 1]) {
                if groups.isEmpty && current.count != 4 { break }
                separator = s[j]
                groups.append((current, j))
                current = ""
                j += 1
            } else {
                break
            }
        }
        if !current.isEmpty { groups.append((current, j)) }
        // Not followed by another digit (a longer number is something else).
        if j < s.count, CPFScrubber.isDigit(s[j]), groups.count == 1 { return nil }
        var digits = groups.map(\.digits).joined()
        for k in stride(from: groups.count, through: 1, by: -1) {
            if k < groups.count { digits.removeLast(groups[k].digits.count) }
            if (13...19).contains(digits.count), isCardNumber(digits) { return groups[k - 1].end - i }
        }
        return nil
    }

    /// 13 to 19 ASCII digits that start as a payment card's issuer range does, pass the Luhn check and are
    /// not a valid CNPJ.
    static func isCardNumber(_ digits: String) -> Bool {
        guard isIssuerPrefix(digits.utf8.prefix(4).map { Int($0) - 48 }) else { return false }
        var sum = 0
        for (index, character) in digits.reversed().enumerated() {
            guard var value = character.wholeNumberValue else { return false }
            if index % 2 == 1 { value *= 2; if value > 9 { value -= 9 } }
            sum += value
        }
        guard sum % 10 == 0 else { return false }
        return !(digits.count == 14 && CNPJ(digits) != nil)
    }

    /// Whether the first four digits open a card issuer's range: Visa and Elo 4; Mastercard 51–55 and
    /// 2221–2720; Maestro, Elo and others 50, 56–59; Amex 34 and 37; Diners 30, 36, 38; JCB 35; Discover,
    /// Elo, Hipercard, UnionPay and Maestro 6 (ISO/IEC 7812 issuer identification numbers as the networks
    /// publish them). A run starting with 1, 7, 8, 9, 20 or 21 is no card: a date (`20240102…`), a phone.
    static func isIssuerPrefix(_ d: [Int]) -> Bool {
        guard d.count == 4 else { return false }
        switch d[0] {
        case 4, 5, 6: return true
        case 3: return [0, 4, 5, 6, 7, 8].contains(d[1])
        case 2:
            let four = d[0] * 1000 + d[1] * 100 + d[2] * 10 + d[3]
            return (2221...2720).contains(four)
        default: return false
        }
    }

    /// An account number from `i` (after an account word): digits, single `.` or `-` between them, and a
    /// trailing `-D` or `-X` check; 3 to 20 digits; the length consumed, or nil.
    static func accountNumber(at i: Int, in s: [Unicode.Scalar]) -> Int? {
        var j = i
        var count = 0
        while j < s.count {
            if CPFScrubber.isDigit(s[j]) {
                count += 1
                j += 1
            } else if (s[j] == "." || s[j] == "-"), j + 1 < s.count, CPFScrubber.isDigit(s[j + 1]) || s[j + 1] == "X" || s[j + 1] == "x" {
                if !CPFScrubber.isDigit(s[j + 1]) {
                    // A check letter ends the number (`12345-X`), when no letter follows it.
                    guard j + 2 >= s.count || !s[j + 2].properties.isAlphabetic else { break }
                    j += 2
                    break
                }
                j += 1
            } else {
                break
            }
        }
        guard (3...20).contains(count), j >= s.count || !s[j].properties.isAlphabetic else { return nil }
        return j - i
    }
}
