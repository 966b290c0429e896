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
                    if text[index...end].contains(where: { $0 < 0x20 }) { return nil }
                    shape.append(contentsOf: text[index...end])
                } else {
                    shape.append(stringMark)
                    guard appendValue(text[(index + 1)..<end], context: context, to: &values) else { return nil }
                }
                index = end + 1
            } else if byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
                var end = index + 1
                while end < count, isNumberByte(text[end]) { end += 1 }
                shape.append(numberMark)
                _ = appendValue(text[index..<end], context: [], to: &values)
                index = end
            } else {
                shape.append(byte)
                index += 1
            }
        }
        return shape
    }

    /// The text of `shape` with its values read from `values` starting at `cursor` (advanced past them);
    /// nil when the values run out or a reference names no context value.
    static func join(_ shape: [UInt8], values: UnsafeBufferPointer<UInt8>, cursor: inout Int, context: [[UInt8]], into out: inout [UInt8]) -> Bool {
        for byte in shape {
            switch byte {
            case numberMark, stringMark:
                let quoted = byte == stringMark
                if quoted { out.append(UInt8(ascii: "\"")) }
                guard cursor < values.count else { return false }
                let first = values[cursor]
                if first >= 1, first <= UInt8(maxContext) {
                    guard Int(first) <= context.count else { return false }
                    out.append(contentsOf: context[Int(first) - 1])
                    cursor += 1
                } else {
                    var end = cursor
                    while end < values.count, values[end] != terminator { end += 1 }
                    guard end < values.count else { return false }
                    out.append(contentsOf: values[cursor..<end])
                    cursor = end + 1
                }
                if quoted { out.append(UInt8(ascii: "\"")) }
            default:
                out.append(byte)
            }
        }
        return true
    }

    /// Appends one value entry: a reference when it equals a context value, else its bytes and the
    /// terminator. False when the bytes hold a control byte (they could not be told from an entry's end).
    private static func appendValue(_ bytes: ArraySlice<UInt8>, context: [[UInt8]], to values: inout [UInt8]) -> Bool {
        for (index, value) in context.prefix(maxContext).enumerated() where value.elementsEqual(bytes) {
            values.append(UInt8(index + 1))
            return true
        }
        if bytes.contains(where: { $0 < 0x20 }) { return false }
        values.append(contentsOf: bytes)
        values.append(terminator)
        return true
    }

    /// The index of the quote closing the string opened at `start` (escaped quotes skipped).
    private static func closingQuote(_ text: [UInt8], after start: Int) -> Int? {
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
    private static func isKey(_ text: [UInt8], after end: Int) -> Bool {
        var index = end + 1
        while index < text.count, text[index] == 0x20 || text[index] == 0x09 || text[index] == 0x0A || text[index] == 0x0D { index += 1 }
        return index < text.count && text[index] == UInt8(ascii: ":")
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
            || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }
}
