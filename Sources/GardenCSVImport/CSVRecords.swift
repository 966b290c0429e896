import GardenImportKit
/// The records of a CSV text one at a time, read from a stream in constant memory: only a window of a few
/// lines is held (``CSVReader`` describes the syntax). Each element is a record or an error: a quote left
/// open (whose record is dropped; reading goes on at the line after the quote) or a line longer than
/// ``maximumLineLength`` (skipped to its end without being held, so `/dev/zero` or an endless stdin costs
/// no more memory than a short file).
///
/// Bank exports hold one record a line, so a quoted field may run onto following lines only while it
/// looks like a field with a line break in it, not like a stray quote swallowing records: it must close
/// within ``maximumSpan`` line breaks, and no line it crosses may read, on its own, as a whole record
/// (as many fields as the last record had, its quotes balanced). Otherwise the quote is an error at its
/// line and field, and the next line is read as the record it is.
public struct CSVRecords: Sequence, IteratorProtocol {
    /// The most line breaks one quoted field may hold.
    public static let maximumSpan = 4
    /// The longest line read: 1 MiB, as `resolve` reads its input lines.
    public static let maximumLineLength = 1 << 20
    /// Lines held ahead of the record being read: its own, the ones a quoted field may cross, and the
    /// one after them that ``startsRecord(after:)`` looks at.
    private static let window = maximumSpan + 2

    private var bytes: [UInt8]
    private var chunks: TextChunks?
    private var ended: Bool
    private let separator: UInt8
    private var i = 0
    private var line = 1
    /// How many fields the last record of two or more fields had: a line with as many is a record.
    private var width: Int?
    /// Positions of the line breaks found at or after `i` (from `breakHead` on), and how far they were looked for.
    private var breaks: [Int] = []
    private var breakHead = 0
    private var scanned = 0
    /// Whether the last record read was a too-long line whose rest is still to be skipped (the next read does
    /// it, and may read far): a reader stops sampling there, so the long line is reported first.
    public private(set) var isSkippingALongLine = false
    /// The most bytes skipped looking for the end of a too-long line before reading stops: 64 MiB (no bank
    /// export has such a line; `/dev/zero` or a binary file has no end of line at all).
    public static let maximumSkip = 64 << 20

    /// The records of a whole text in memory (its UTF-8).
    public init(_ bytes: [UInt8], separator: UInt8) {
        self.bytes = bytes
        self.separator = separator
        ended = true
    }

    /// The records of `head` (text already read, for the separator) followed by the rest of `chunks`.
    public init(head: [UInt8], rest chunks: TextChunks, separator: UInt8) {
        bytes = head
        self.chunks = chunks
        self.separator = separator
        ended = false
    }

    public mutating func next() -> Result<CSVReader.Record, CSVReader.SyntaxError>? {
        if isSkippingALongLine, let giveUp = skipToLineBreak() { return .failure(giveUp) }
        while true {
            fill()
            guard i < bytes.count else { return nil }
            if let tooLong = skipLongLine() { return .failure(tooLong) }
            let start = i
            if let element = record() {
                if case .success(let record) = element, record.fields.count > 1 { width = record.fields.count }
                return element
            }
            if i == start { return nil }    // nothing consumed: cannot happen, but never loop
        }
    }

    // MARK: the window

    /// Reads until `window` line breaks lie ahead of `i`, the text ends, or a line in the window is too
    /// long (it is dealt with when reading reaches it); drops what lies before `i` now and then.
    private mutating func fill() {
        while breakHead < breaks.count, breaks[breakHead] < i { breakHead += 1 }
        if chunks != nil, i >= 1 << 20, i * 2 >= bytes.count { compact() }
        while true {
            scan()
            let lastBreak = breakHead < breaks.count ? breaks[breaks.count - 1] : i
            if ended || breaks.count - breakHead >= Self.window || bytes.count - lastBreak > Self.maximumLineLength { return }
            guard let chunk = chunks?.next() else { ended = true; scan(); return }
            bytes.append(contentsOf: chunk)
        }
    }

    /// Records the line breaks of the bytes not looked at yet (a CR at the very end waits: its LF may follow).
    private mutating func scan() {
        let limit = ended ? bytes.count : bytes.count - 1
        while scanned < limit {
            if isLineBreak(at: scanned) { breaks.append(scanned) }
            scanned += 1
        }
    }

    private mutating func compact() {
        let drop = i
        bytes.removeFirst(drop)
        i = 0
        scanned -= drop
        breaks = breaks[breakHead...].map { $0 - drop }
        breakHead = 0
    }

    /// The error of a line longer than ``maximumLineLength`` at `i`, after skipping what is held of it (the
    /// rest, not read yet, is skipped at the next read: ``skipToLineBreak()``); nil when it is not too long.
    private mutating func skipLongLine() -> CSVReader.SyntaxError? {
        let nextBreak = breakHead < breaks.count ? breaks[breakHead] : nil
        guard (nextBreak ?? bytes.count) - i > Self.maximumLineLength else { return nil }
        let error = CSVReader.SyntaxError(line: line, message: "the line is longer than \(Self.maximumLineLength) bytes (1 MiB): not a bank export's record; skipped up to its end")
        if let nextBreak {
            i = nextBreak + 1
        } else {
            // Report the line now and skip the rest of it at the next read, holding nothing: an endless line
            // (`/dev/zero`) is reported at once instead of after its end, which never comes.
            isSkippingALongLine = true
        }
        line += 1
        return error
    }

    /// Reads on, holding nothing, to the next line break after a too-long line (a CR left at the end of what
    /// was held may be the break, or the first half of a CRLF); gives up after ``maximumSkip`` bytes with
    /// the error that says so, and the rest of the stream is not read.
    private mutating func skipToLineBreak() -> CSVReader.SyntaxError? {
        isSkippingALongLine = false
        var afterCR = bytes.last == 0x0D
        var found = false
        var skipped = bytes.count - i
        (bytes, i, scanned, breaks, breakHead) = ([], 0, 0, [], 0)
        while !found, let chunk = chunks?.next() {
            if afterCR {
                bytes = Array(chunk.dropFirst(chunk.first == 0x0A ? 1 : 0))
                found = true
            } else if let end = chunk.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
                if chunk[end] == 0x0D, end + 1 == chunk.count { afterCR = true; continue }
                bytes = Array(chunk[(chunk[end] == 0x0D && chunk[end + 1] == 0x0A ? end + 2 : end + 1)...])
                found = true
            } else {
                skipped += chunk.count
                if skipped > Self.maximumSkip {
                    ended = true
                    return CSVReader.SyntaxError(line: line - 1, message: "no line break in the \(Self.maximumSkip >> 20) MiB after this line's start: not a text export; the rest is not read")
                }
            }
        }
        if !found { ended = true }
        return nil
    }

    // MARK: records

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
                    guard span <= Self.maximumSpan, !startsRecord(after: i), !runsLong(after: i) else { return unclosed(quoteLine, quoteStart, fields.count) }
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

    /// Whether the line after the break at `index` is longer than a line may be (a quote never spans it).
    private func runsLong(after index: Int) -> Bool {
        let next = breaks[breakHead...].first { $0 > index } ?? bytes.count
        return next - index - 1 > Self.maximumLineLength
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
