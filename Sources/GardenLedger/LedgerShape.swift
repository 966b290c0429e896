/// A JSON text split into its shape and its values, and joined back byte for byte: how a schema-7 ledger
/// stored the input line and the resolution (``LedgerBody``); only the joining is left, for reading them.
/// The shape keeps everything but the values (the keys, punctuation, spacing and the literals `true`,
/// `false`, `null`), stored once (`ledger_shape`); a row kept its values.
///
/// Shape: the text with each string value replaced by ``stringMark`` (quotes included) and each number by
/// ``numberMark``. Values: one entry each, in order: a reference byte (`1...7`: the value equals
/// `context[b - 1]`, a column the row stores anyway such as the row id or the category) or the value's
/// bytes exactly as written (escapes kept) followed by a zero byte.
/// A text with other control bytes than tab, line feed and carriage return was stored unsplit (format 3).
enum LedgerShape {
    static let numberMark: UInt8 = 0x01
    static let stringMark: UInt8 = 0x02
    static let terminator: UInt8 = 0x00
    /// The largest number of context values a reference can name (reference bytes 1...7).
    static let maxContext = 7

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
}
