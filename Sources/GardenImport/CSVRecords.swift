/// The records of a CSV text one at a time, so a large file is read without holding all its records
/// (``CSVReader`` describes the syntax). Each element is a record or the error of a quote left open
/// (whose record is dropped; reading goes on at the line after the quote).
///
/// Bank exports hold one record a line, so a quoted field may run onto following lines only while it
/// looks like a field with a line break in it, not like a stray quote swallowing records: it must close
/// within ``maximumSpan`` line breaks, and no line it crosses may read, on its own, as a whole record
/// (as many fields as the last record had, its quotes balanced). Otherwise the quote is an error at its
/// line and field, and the next line is read as the record it is.
public struct CSVRecords: Sequence, IteratorProtocol {
    /// The most line breaks one quoted field may hold.
    public static let maximumSpan = 4

    private let bytes: [UInt8]
    private let separator: UInt8
    private var i = 0
    private var line = 1
    /// How many fields the last record of two or more fields had: a line with as many is a record.
    private var width: Int?

    /// `bytes` is the text's UTF-8 (shared, not copied, by every pass over the same file).
    public init(_ bytes: [UInt8], separator: UInt8) {
        self.bytes = bytes
        self.separator = separator
    }

    public mutating func next() -> Result<CSVReader.Record, CSVReader.SyntaxError>? {
        while i < bytes.count {
            if let element = record() {
                if case .success(let record) = element, record.fields.count > 1 { width = record.fields.count }
                return element
            }
        }
        return nil
    }

    /// Reads one record from `i`; nil for a blank line.
    private mutating func record() -> Result<CSVReader.Record, CSVReader.SyntaxError>? {
        var fields: [String] = []
        var field: [UInt8] = []
        let recordLine = line
        var quoteLine = 0, quoteStart = 0, span = 0
        var inQuotes = false, wasQuoted = false
        func endField() { fields.append(String(decoding: field, as: UTF8.self)); field.removeAll(keepingCapacity: true); wasQuoted = false }
        while i < bytes.count {
            let byte = bytes[i]
            if inQuotes {
                if byte == UInt8(ascii: "\"") {
                    if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\"") { field.append(byte); i += 1 } else { inQuotes = false }
                } else if isLineBreak(at: i) {
                    span += 1
                    guard span <= Self.maximumSpan, !startsRecord(after: i) else { return unclosed(quoteLine, quoteStart, fields.count) }
                    line += 1
                    field.append(byte)
                } else {
                    field.append(byte)
                }
            } else if byte == UInt8(ascii: "\"") && field.allSatisfy({ $0 == 0x20 }) && !wasQuoted {
                field.removeAll()
                (inQuotes, wasQuoted, quoteLine, quoteStart) = (true, true, line, i)
            } else if byte == separator {
                endField()
            } else if byte == 0x0A || byte == 0x0D {
                if byte == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                i += 1
                line += 1
                return finished(&fields, field, recordLine)
            } else {
                field.append(byte)
            }
            i += 1
        }
        if inQuotes { return unclosed(quoteLine, quoteStart, fields.count) }
        return field.isEmpty && fields.isEmpty ? nil : finished(&fields, field, recordLine)
    }

    /// A line feed, or a carriage return not followed by one (a CRLF counts at its LF).
    private func isLineBreak(at index: Int) -> Bool {
        bytes[index] == 0x0A || (bytes[index] == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A))
    }

    /// Whether the line after the break at `index`, read on its own, is a whole record: its quotes
    /// balanced (so it does not close the open one) and as many fields as the last record.
    private func startsRecord(after index: Int) -> Bool {
        guard let width else { return false }
        var fields = 1, quotes = 0
        var inQuotes = false
        var j = index + 1
        while j < bytes.count, bytes[j] != 0x0A, bytes[j] != 0x0D {
            if bytes[j] == UInt8(ascii: "\"") { quotes += 1; inQuotes.toggle() } else if bytes[j] == separator && !inQuotes { fields += 1 }
            j += 1
        }
        return quotes % 2 == 0 && fields == width
    }

    /// The error of a quote left open at `quoteLine` in field `index` (0-based); reading goes on at the
    /// line after the quote's.
    private mutating func unclosed(_ quoteLine: Int, _ quoteStart: Int, _ index: Int) -> Result<CSVReader.Record, CSVReader.SyntaxError> {
        var end = quoteStart
        while end < bytes.count, !isLineBreak(at: end) { end += 1 }
        i = end + 1
        line = quoteLine + 1
        return .failure(CSVReader.SyntaxError(line: quoteLine, field: index, message: "a quote opened here is not closed on its line; the line is skipped"))
    }

    private func finished(_ fields: inout [String], _ field: [UInt8], _ line: Int) -> Result<CSVReader.Record, CSVReader.SyntaxError>? {
        fields.append(String(decoding: field, as: UTF8.self))
        if fields.count == 1 && fields[0].allSatisfy({ $0 == " " || $0 == "\t" }) { return nil }
        return .success(CSVReader.Record(line: line, fields: fields))
    }
}
