import GardenImportKit
/// A quote-aware CSV reader (RFC 4180 and what banks do beyond it): fields in double quotes may hold
/// the separator, line breaks and doubled quotes (`""`); CRLF, LF and CR end records; blank lines are
/// skipped; a record keeps the 1-based line it starts on. A quote left open costs only its line
/// (``CSVRecords`` says when a quoted field may span lines).
public struct CSVReader {
    /// One record: its first line and its fields, unquoted, untrimmed.
    public struct Record: Equatable, Sendable {
        public var line: Int
        public var fields: [String]
    }

    /// A quote left open, with the line where it opened and its field: that line is dropped and reading
    /// goes on at the next line, so one stray quote does not swallow the rows after it.
    public struct SyntaxError: Error, Equatable, Sendable {
        public var line: Int
        /// The 0-based index of the field the quote opened, when known.
        public var field: Int?
        public var message: String

        public init(line: Int, field: Int? = nil, message: String) {
            self.line = line
            self.field = field
            self.message = message
        }
    }

    /// The records of `text` split at `separator`, and the lines dropped for an unclosed quote.
    public static func records(_ text: String, separator: UInt8) -> (records: [Record], errors: [SyntaxError]) {
        var records: [Record] = [], errors: [SyntaxError] = []
        for element in CSVRecords(Array(text.utf8), separator: separator) {
            switch element {
            case .success(let record): records.append(record)
            case .failure(let error): errors.append(error)
            }
        }
        return (records, errors)
    }

    /// The separator a text uses: of `,`, `;` and TAB, the one found (outside quotes) the same nonzero
    /// number of times on most of the first 20 non-blank lines; `,` when none is.
    public static func separator(of text: String) -> UInt8 { separator(of: Array(text.utf8.prefix(1 << 16))) }

    /// The separator of a text given as UTF-8 bytes (only its first 64 KiB are read).
    public static func separator(of text: [UInt8]) -> UInt8 {
        let candidates: [UInt8] = [UInt8(ascii: ";"), 0x09, UInt8(ascii: ",")]
        let lines = text.prefix(1 << 16).split(separator: 0x0A).prefix(20).map(Array.init)
        var best: (separator: UInt8, score: Int) = (UInt8(ascii: ","), 0)
        for candidate in candidates {
            let counts = lines.map { count(candidate, in: $0) }.filter { $0 > 0 }
            var frequency: [Int: Int] = [:]
            for c in counts { frequency[c, default: 0] += 1 }
            let score = frequency.values.max() ?? 0
            if score > best.score { best = (candidate, score) }
        }
        return best.separator
    }

    private static func count(_ separator: UInt8, in line: [UInt8]) -> Int {
        var inQuotes = false, n = 0
        for byte in line {
            if byte == UInt8(ascii: "\"") { inQuotes.toggle() } else if byte == separator && !inQuotes { n += 1 }
        }
        return n
    }
}
