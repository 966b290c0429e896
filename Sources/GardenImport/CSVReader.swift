/// A quote-aware CSV reader (RFC 4180 and what banks do beyond it): fields in double quotes may hold
/// the separator, line breaks and doubled quotes (`""`); CRLF, LF and CR end records; blank lines are
/// skipped; a record keeps the 1-based line it starts on.
public struct CSVReader {
    /// One record: its first line and its fields, unquoted, untrimmed.
    public struct Record: Equatable, Sendable {
        public var line: Int
        public var fields: [String]
    }

    /// Why the text is not CSV (an unterminated quote), with the line where the quote opened.
    public struct SyntaxError: Error, Equatable, Sendable {
        public var line: Int
        public var message: String
    }

    /// The records of `text` split at `separator`.
    /// - Throws: ``SyntaxError`` for a quote that is never closed.
    public static func records(_ text: String, separator: UInt8) throws(SyntaxError) -> [Record] {
        let bytes = Array(text.utf8)
        var records: [Record] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1, recordLine = 1, quoteLine = 0
        var inQuotes = false, wasQuoted = false
        var i = 0
        func endField() { fields.append(String(decoding: field, as: UTF8.self)); field.removeAll(keepingCapacity: true); wasQuoted = false }
        func endRecord() {
            endField()
            if !(fields.count == 1 && fields[0].allSatisfy({ $0 == " " || $0 == "\t" })) { records.append(Record(line: recordLine, fields: fields)) }
            fields.removeAll()
        }
        while i < bytes.count {
            let byte = bytes[i]
            if inQuotes {
                if byte == UInt8(ascii: "\"") {
                    if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\"") { field.append(byte); i += 1 } else { inQuotes = false }
                } else {
                    if byte == 0x0A { line += 1 }
                    field.append(byte)
                }
            } else if byte == UInt8(ascii: "\"") && field.allSatisfy({ $0 == 0x20 }) && !wasQuoted {
                field.removeAll()
                inQuotes = true
                wasQuoted = true
                quoteLine = line
            } else if byte == separator {
                endField()
            } else if byte == 0x0A || byte == 0x0D {
                if byte == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                endRecord()
                line += 1
                recordLine = line
            } else {
                field.append(byte)
            }
            i += 1
        }
        if inQuotes { throw SyntaxError(line: quoteLine, message: "a quoted field opened here is never closed") }
        if !field.isEmpty || !fields.isEmpty { endRecord() }
        return records
    }

    /// The separator a text uses: of `,`, `;` and TAB, the one found (outside quotes) the same nonzero
    /// number of times on most of the first 20 non-blank lines; `,` when none is.
    public static func separator(of text: String) -> UInt8 {
        let candidates: [UInt8] = [UInt8(ascii: ";"), 0x09, UInt8(ascii: ",")]
        let lines = text.utf8.prefix(1 << 16).split(separator: 0x0A).prefix(20).map(Array.init)
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
