/// A text split into ``Token``s, with the folded words joined by single spaces in ``folded``: the form
/// every pattern is matched against, so runs of spaces, hyphens and punctuation are one separator.
public struct TokenizedText: Sendable {
    /// The source text's UTF-8 bytes.
    public let source: [UInt8]
    public private(set) var tokens: [Token] = []
    /// Folded words separated by one space (0x20).
    public private(set) var folded: [UInt8] = []

    public init(_ text: String) {
        self.init(bytes: Array(text.utf8))
    }

    public init(bytes: [UInt8]) {
        source = bytes
        tokenize()
    }

    /// The folded form of token `index` as a string.
    public func word(_ index: Int) -> String {
        String(decoding: folded[tokens[index].foldedStart..<tokens[index].foldedEnd], as: UTF8.self)
    }

    /// The folded bytes of token `index`.
    public func wordBytes(_ index: Int) -> ArraySlice<UInt8> {
        folded[tokens[index].foldedStart..<tokens[index].foldedEnd]
    }

    /// The source text of tokens `range` (from the first word's start to the last word's end).
    public func sourceText(_ range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        return String(decoding: source[tokens[range.lowerBound].start..<tokens[range.upperBound - 1].end], as: UTF8.self)
    }

    private enum Class: UInt8 { case letter, digit, apostrophe, separator }

    /// The same splitting as ``tokenize()`` for pure-ASCII text, in one tight pass (the common case).
    private mutating func tokenizeASCII() {
        let n = source.count
        var newTokens: [Token] = []
        newTokens.reserveCapacity(n / 4 + 2)
        var newFolded: [UInt8] = []
        newFolded.reserveCapacity(n)
        source.withUnsafeBufferPointer { s in
            var i = 0
            var pendingPunct: UInt8 = 0
            var pendingSpace = false
            while i < n {
                let b = s[i]
                let cls = Self.asciiClass[Int(b)]
                if cls == .letter || cls == .digit {
                    // A word: a run of one class; apostrophes between letters join it.
                    let start = i
                    Self.separateLast(&newTokens, &newFolded, punctuation: pendingPunct, space: pendingSpace)
                    pendingPunct = 0
                    pendingSpace = false
                    let foldedStart = newFolded.count
                    while i < n {
                        let c = s[i]
                        let k = Self.asciiClass[Int(c)]
                        if k == cls {
                            newFolded.append(c >= 0x41 && c <= 0x5A ? c | 0x20 : c)
                            i += 1
                        } else if k == .apostrophe, cls == .letter, i + 1 < n, Self.asciiClass[Int(s[i + 1])] == .letter {
                            i += 1
                        } else {
                            break
                        }
                    }
                    newTokens.append(Token(start: start, end: i, foldedStart: foldedStart, foldedEnd: newFolded.count,
                                           isNumber: cls == .digit, punctuationAfter: 0, spaceAfter: false, gluedToNext: false))
                    continue
                }
                if b <= 0x20 || b == 0x7F {
                    // Spaces and control characters (NUL, tab, line breaks...) separate words as a space does.
                    pendingSpace = true
                } else if b != 0x27, pendingPunct == 0 {
                    pendingPunct = b                 // a loose apostrophe separates without counting
                }
                i += 1
            }
        }
        tokens = newTokens
        folded = newFolded
    }

    /// Before a new word: records on the last token what followed it (its first punctuation byte, whether a
    /// space came; neither means glued, "PARC03") and puts the one space between folded words.
    @inline(__always)
    private static func separateLast(_ tokens: inout [Token], _ folded: inout [UInt8], punctuation: UInt8, space: Bool) {
        guard !tokens.isEmpty else { return }
        tokens[tokens.count - 1].punctuationAfter = punctuation
        tokens[tokens.count - 1].spaceAfter = space
        tokens[tokens.count - 1].gluedToNext = !space && punctuation == 0
        folded.append(0x20)
    }

    /// Classes of the 128 ASCII bytes.
    private static let asciiClass: [Class] = (0..<128).map { b -> Class in
        switch b {
        case 0x30...0x39: return .digit
        case 0x41...0x5A, 0x61...0x7A: return .letter
        case 0x27: return .apostrophe
        default: return .separator
        }
    }

    private mutating func tokenize() {
        // No words in no bytes, and no buffers reserved for them (the analysis makes an empty text on every row).
        guard !source.isEmpty else { return }
        // One pass OR-ing the bytes (no early exit, so the compiler may read them a vector at a time).
        let isASCII = source.withUnsafeBufferPointer { bytes -> Bool in
            var any: UInt8 = 0
            for b in bytes { any |= b }
            return any < 0x80
        }
        if isASCII {
            tokenizeASCII()
            return
        }
        tokens.reserveCapacity(16)
        folded.reserveCapacity(source.count)
        var i = 0
        var tokenStart = -1
        var tokenClass: Class = .separator
        var hasNonASCII = false
        var pendingPunct: UInt8 = 0
        var pendingSpace = false

        func classify(_ i: Int) -> (Class, Int) {
            let b = source[i]
            if b < 0x80 { return (Self.asciiClass[Int(b)], 1) }
            var length = 1
            if b >= 0xF0 { length = 4 } else if b >= 0xE0 { length = 3 } else if b >= 0xC0 { length = 2 }
            length = min(length, source.count - i)
            // Latin-1 letters (U+00C0–U+00FF but × and ÷) are the common case: no table lookup.
            if length == 2, b == 0xC3 {
                let c = source[i + 1]
                return (c == 0x97 || c == 0xB7) ? (.separator, 2) : (.letter, 2)
            }
            // General Punctuation (U+2000–U+203F: bullets, dashes, quotes) separates, but for U+2019.
            if length == 3, b == 0xE2, source[i + 1] == 0x80 {
                return source[i + 2] == 0x99 ? (.apostrophe, 3) : (.separator, 3)
            }
            let scalar = String(decoding: source[i..<(i + length)], as: UTF8.self).unicodeScalars.first ?? " "
            if scalar.value == 0x2019 { return (.apostrophe, length) }
            if scalar.properties.isAlphabetic { return (.letter, length) }
            if scalar.properties.numericType != nil { return (.digit, length) }
            return (.separator, length)
        }

        func finish(_ end: Int, glued: Bool) {
            guard tokenStart >= 0 else { return }
            Self.separateLast(&tokens, &folded, punctuation: pendingPunct, space: pendingSpace)
            pendingPunct = 0
            pendingSpace = false
            let foldedStart = folded.count
            let span = source[tokenStart..<end]
            if hasNonASCII {
                folded.append(contentsOf: TextFold.fold(span))
            } else {
                for b in span where b != UInt8(ascii: "'") { folded.append(b >= 0x41 && b <= 0x5A ? b | 0x20 : b) }
            }
            // Full-width and other decimal digits fold to ASCII digits: a number all the same.
            let isNumber = tokenClass == .digit && folded[foldedStart...].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
            tokens.append(Token(start: tokenStart, end: end, foldedStart: foldedStart, foldedEnd: folded.count,
                                isNumber: isNumber, punctuationAfter: 0, spaceAfter: false, gluedToNext: false))
            tokenStart = -1
            hasNonASCII = false
        }

        while i < source.count {
            // An ASCII byte's class from the table, as `classify` would give it, without the call (most bytes of a
            // line with accents are ASCII).
            let b = source[i]
            let (cls, length) = b < 0x80 ? (Self.asciiClass[Int(b)], 1) : classify(i)
            switch cls {
            case .letter, .digit:
                if tokenStart >= 0, cls != tokenClass {
                    finish(i, glued: true)
                }
                if tokenStart < 0 { tokenStart = i; tokenClass = cls }
                if length > 1 || source[i] >= 0x80 { hasNonASCII = true }
            case .apostrophe:
                // Inside a word ("JOE'S") the apostrophe joins; elsewhere it separates.
                let nextIsLetter = i + length < source.count && classify(i + length).0 == .letter
                if tokenStart >= 0, tokenClass == .letter, nextIsLetter {
                    if length > 1 { hasNonASCII = true }
                } else {
                    finish(i, glued: false)
                }
            case .separator:
                finish(i, glued: false)
                let b = source[i]
                // Spaces, no-break space and control characters (C0, DEL, C1) separate words as a space does.
                if b <= 0x20 || b == 0x7F || (length == 2 && b == 0xC2 && (source[i + 1] == 0xA0 || source[i + 1] < 0xA0)) {
                    pendingSpace = true
                } else if pendingPunct == 0 {
                    pendingPunct = b < 0x80 ? b : 0xFF
                }
            }
            i += length
        }
        finish(source.count, glued: false)
    }
}
