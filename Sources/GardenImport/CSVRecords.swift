/// The records of a CSV text one at a time, so a large file is read without holding all its records
/// (``CSVReader`` describes the syntax). Each element is a record or the error of a quote never closed
/// (whose record is dropped; reading goes on at the line after the quote).
public struct CSVRecords: Sequence, IteratorProtocol {
    private let bytes: [UInt8]
    private let separator: UInt8
    private var i = 0
    private var line = 1

    /// `bytes` is the text's UTF-8 (shared, not copied, by every pass over the same file).
    public init(_ bytes: [UInt8], separator: UInt8) {
        self.bytes = bytes
        self.separator = separator
    }

    public mutating func next() -> Result<CSVReader.Record, CSVReader.SyntaxError>? {
        while i < bytes.count {
            if let element = record() { return element }
        }
        return nil
    }

    /// Reads one record from `i`; nil for a blank line.
    private mutating func record() -> Result<CSVReader.Record, CSVReader.SyntaxError>? {
        var fields: [String] = []
        var field: [UInt8] = []
        let recordLine = line
        var quoteLine = 0, quoteStart = 0
        var inQuotes = false, wasQuoted = false
        func endField() { fields.append(String(decoding: field, as: UTF8.self)); field.removeAll(keepingCapacity: true); wasQuoted = false }
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
        if inQuotes {                                  // the quote never closed: drop its record, go on after its line
            i = (bytes[quoteStart...].firstIndex(of: 0x0A) ?? bytes.count - 1) + 1
            line = quoteLine + 1
            return .failure(CSVReader.SyntaxError(line: quoteLine, message: "a quoted field opened here is never closed; the line is skipped"))
        }
        return field.isEmpty && fields.isEmpty ? nil : finished(&fields, field, recordLine)
    }

    private func finished(_ fields: inout [String], _ field: [UInt8], _ line: Int) -> Result<CSVReader.Record, CSVReader.SyntaxError>? {
        fields.append(String(decoding: field, as: UTF8.self))
        if fields.count == 1 && fields[0].allSatisfy({ $0 == " " || $0 == "\t" }) { return nil }
        return .success(CSVReader.Record(line: line, fields: fields))
    }
}
