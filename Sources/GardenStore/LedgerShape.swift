#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A JSON text split into its shape and its values, and joined back byte for byte: how the ledger stores
/// the input line and the resolution (``LedgerBody``). The shape keeps everything but the values (the
/// keys, punctuation, spacing and the literals `true`, `false`, `null`), so the rows of one input file
/// and most resolutions share a handful of shapes, stored once (`ledger_shape`); a row keeps its values.
///
/// Shape: the text with each string value replaced by ``stringMark`` (quotes included) and each number by
/// ``numberMark``. Values: one entry each, in order: a reference byte (`1...7`: the value equals
/// `context[b - 1]`, a column the row stores anyway such as the row id or the category) or the value's
/// bytes exactly as written (escapes kept) followed by a zero byte.
///
/// Only texts without control bytes other than tab, line feed and carriage return split (JSON allows no
/// others outside escapes); ``split(_:context:)`` returns nil for any other text, and for text it cannot
/// read as JSON tokens (an unclosed string).
enum LedgerShape {
    static let numberMark: UInt8 = 0x01
    static let stringMark: UInt8 = 0x02
    static let terminator: UInt8 = 0x00
    /// The largest number of context values a reference can name (reference bytes 1...7).
    static let maxContext = 7

    /// `text`'s shape and values (appended to `values`), or nil when `text` does not split (above).
    static func split(_ text: [UInt8], context: [[UInt8]], values: inout [UInt8]) -> [UInt8]? {
        text.withUnsafeBufferPointer { split($0, context: context, values: &values) }
    }

    private static func split(_ text: UnsafeBufferPointer<UInt8>, context: [[UInt8]], values: inout [UInt8]) -> [UInt8]? {
        var shape: [UInt8] = []
        shape.reserveCapacity(text.count)
        var index = 0
        let count = text.count
        while index < count {
            let byte = text[index]
            if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D { return nil }
            if byte == UInt8(ascii: "\"") {
                guard let end = closingQuote(text, after: index) else { return nil }
                if isKey(text, after: end) {
                    let key = UnsafeBufferPointer(rebasing: text[index...end])
                    if key.contains(where: { $0 < 0x20 }) { return nil }
                    shape.append(contentsOf: key)
                } else {
                    shape.append(stringMark)
                    guard appendValue(UnsafeBufferPointer(rebasing: text[(index + 1)..<end]), context: context, to: &values) else { return nil }
                }
                index = end + 1
            } else if byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
                var end = index + 1
                while end < count, isNumberByte(text[end]) { end += 1 }
                shape.append(numberMark)
                _ = appendValue(UnsafeBufferPointer(rebasing: text[index..<end]), context: [], to: &values)
                index = end
            } else {
                shape.append(byte)
                index += 1
            }
        }
        return shape
    }

    /// The text of `shape` with its values read from `values` starting at `cursor` (advanced past them);
    /// false when the values run out or a reference names no context value.
    static func join(_ shape: [UInt8], values: UnsafeBufferPointer<UInt8>, cursor: inout Int, context: [[UInt8]], into out: inout [UInt8]) -> Bool {
        shape.withUnsafeBufferPointer { shape in
            var start = 0
            for index in 0..<shape.count where shape[index] == numberMark || shape[index] == stringMark {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: shape[start..<index]))
                start = index + 1
                guard appendEntry(values, cursor: &cursor, context: context, quoted: shape[index] == stringMark, into: &out) else { return false }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: shape[start...]))
            return true
        }
    }

    /// Appends the value entry at `cursor` (quoted for a string), advancing past it.
    private static func appendEntry(_ values: UnsafeBufferPointer<UInt8>, cursor: inout Int, context: [[UInt8]], quoted: Bool,
                                    into out: inout [UInt8]) -> Bool {
        guard cursor < values.count else { return false }
        if quoted { out.append(UInt8(ascii: "\"")) }
        let first = values[cursor]
        if first >= 1, first <= UInt8(maxContext) {
            guard Int(first) <= context.count else { return false }
            out.append(contentsOf: context[Int(first) - 1])
            cursor += 1
        } else {
            var end = cursor
            while end < values.count, values[end] != terminator { end += 1 }
            guard end < values.count else { return false }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: values[cursor..<end]))
            cursor = end + 1
        }
        if quoted { out.append(UInt8(ascii: "\"")) }
        return true
    }

    /// Appends one value entry: a reference when it equals a context value, else its bytes and the
    /// terminator. False when the bytes hold a control byte (they could not be told from an entry's end).
    private static func appendValue(_ bytes: UnsafeBufferPointer<UInt8>, context: [[UInt8]], to values: inout [UInt8]) -> Bool {
        let found = { () -> Int? in
            for index in 0..<min(context.count, maxContext) where context[index].count == bytes.count {
                if bytes.isEmpty || context[index].withUnsafeBufferPointer({ memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }) { return index }
            }
            return bytes.contains(where: { $0 < 0x20 }) ? -1 : nil
        }()
        if let found {
            guard found >= 0 else { return false }
            values.append(UInt8(found + 1))
            return true
        }
        values.append(contentsOf: bytes)
        values.append(terminator)
        return true
    }

    /// The index of the quote closing the string opened at `start` (escaped quotes skipped).
    private static func closingQuote(_ text: UnsafeBufferPointer<UInt8>, after start: Int) -> Int? {
        var index = start + 1
        while index < text.count {
            switch text[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index
            default: index += 1
            }
        }
        return nil
    }

    /// Whether the string closed at `end` is a member's key (a colon follows, after any spacing).
    private static func isKey(_ text: UnsafeBufferPointer<UInt8>, after end: Int) -> Bool {
        var index = end + 1
        while index < text.count, text[index] == 0x20 || text[index] == 0x09 || text[index] == 0x0A || text[index] == 0x0D { index += 1 }
        return index < text.count && text[index] == UInt8(ascii: ":")
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
            || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }
}
