#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits a byte stream into lines (LF, with a CR before it dropped) in constant memory: a line longer
/// than ``maximumLength`` is reported as too long as soon as that much of it was read, and skipped
/// without being held.
public final class LineReader {
    /// The longest line accepted: 1 MiB.
    public static let maximumLength = 1 << 20

    /// One line of input.
    public enum Line: Sendable {
        case text([UInt8])
        case tooLong
    }

    package let input: ByteInput
    package var buffer: [UInt8]
    package var start = 0
    package var end = 0
    package var atEnd = false
    public private(set) var lineNumber = 0
    /// Called before each read of the input that may wait for more bytes: a filter flushes its output
    /// there, so rows come out as soon as they are resolved when the input arrives slowly (`tail -f`).
    public var willWait: (() -> Void)?
    /// Set when reading failed.
    public private(set) var readError = false

    public init(_ input: ByteInput) {
        self.input = input
        buffer = [UInt8](repeating: 0, count: 1 << 16)
    }

    /// Set after a line was reported too long before its end was read: the rest of it is skipped, up to
    /// and with the next line break.
    package var skippingRest = false

    /// The line from `start` to `lineEnd` (a CR before the end dropped, and a UTF-8 byte-order mark before
    /// the first line, which is not part of the data), numbered.
    private func takeLine(upTo end: Int) -> (number: Int, line: Line) {
        lineNumber += 1
        var lineEnd = end
        if lineEnd > start, buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
        var lineStart = start
        if lineNumber == 1, lineEnd - start >= 3, buffer[start] == 0xEF, buffer[start + 1] == 0xBB, buffer[start + 2] == 0xBF { lineStart += 3 }
        let line: Line = lineEnd - lineStart > Self.maximumLength ? .tooLong : .text(Array(buffer[lineStart..<lineEnd]))
        return (lineNumber, line)
    }

    /// The offset of the first line feed in `buffer[from..<to]`, or nil: C's `memchr`, which reads a vector at a time
    /// (the generic `firstIndex(of:)` on a slice was a loop of compares a byte, ~1 k instructions a row).
    private func newline(from: Int, to: Int) -> Int? {
        guard to > from else { return nil }
        return buffer.withUnsafeBytes { raw in
            guard let found = memchr(raw.baseAddress! + from, 0x0A, to - from) else { return nil }
            return raw.baseAddress!.distance(to: UnsafeRawPointer(found))
        }
    }

    /// The next line and its 1-based number, or nil at the end of the input. A line is reported
    /// ``Line/tooLong`` as soon as more than ``maximumLength`` bytes of it were read, before its end (an
    /// endless line, such as `/dev/zero`, never has one); its rest is then skipped without being held and
    /// the next line is read after it.
    public func next() -> (number: Int, line: Line)? {
        while true {
            if skippingRest {
                if let newline = newline(from: start, to: end) {
                    start = newline + 1
                    skippingRest = false
                    continue
                }
                start = end
            } else if let newline = newline(from: start, to: end) {
                let line = takeLine(upTo: newline)
                start = newline + 1
                return line
            } else if end - start > Self.maximumLength {
                lineNumber += 1
                start = end
                skippingRest = true
                return (lineNumber, .tooLong)
            }
            if atEnd {
                guard !skippingRest, end > start else { return nil }
                let line = takeLine(upTo: end)
                start = end
                return line
            }
            // Make room: move the partial line to the front.
            if start > 0 {
                let count = end - start
                if count > 0 { buffer.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: $0.baseAddress! + start, count: count) } }
                end = count
                start = 0
            }
            if end == buffer.count { buffer.append(contentsOf: repeatElement(0, count: buffer.count)) }
            willWait?()
            let n = buffer.withUnsafeMutableBytes { raw in
                input.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[end...]))
            }
            if n < 0 { readError = true; atEnd = true; continue }
            if n == 0 { atEnd = true; continue }
            end += n
        }
    }
}
