
/// ISO-8859-1 (the Receita files' encoding) to UTF-8: each byte is the code point of the same value, so
/// bytes from 0x80 become two UTF-8 bytes. Bytes 0x80–0x9F, C1 controls in ISO-8859-1, are read as
/// Windows-1252 (`€`, `“`, `–`…), as the WHATWG Encoding Standard reads the label "iso-8859-1"; control
/// characters (and the five bytes Windows-1252 leaves undefined) become spaces, so no NUL or escape
/// sequence reaches the registry. A field whose high bytes are valid UTF-8 (a file converted before
/// import) is kept as UTF-8 rather than read twice. Also trims spaces and reads a doubled quote as one.
package struct Latin1 {
    private var scratch: [UInt8] = []

    package init() { scratch.reserveCapacity(512) }

    /// Calls `body` with `field` as trimmed UTF-8 (the field itself when it is plain printable ASCII
    /// with nothing to trim or unquote, the common case).
    package mutating func withUTF8<T>(_ field: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        var start = 0, end = field.count
        while start < end && field[start] == 0x20 { start += 1 }
        while end > start && field[end - 1] == 0x20 { end -= 1 }
        let trimmed = UnsafeBufferPointer(rebasing: field[start..<end])
        var plain = true
        for byte in trimmed where byte >= 0x7F || byte < 0x20 || byte == 0x22 { plain = false; break }
        if plain { return try body(trimmed) }
        scratch.removeAll(keepingCapacity: true)
        let isUTF8 = String(validating: trimmed, as: UTF8.self) != nil
        var previousQuote = false
        for byte in trimmed {
            if byte == 0x22 && previousQuote { previousQuote = false; continue }
            previousQuote = byte == 0x22
            if byte < 0x20 || byte == 0x7F {
                scratch.append(0x20)
            } else if byte < 0x80 || isUTF8 {
                scratch.append(byte)
            } else {
                append(Windows1252.isUnassigned(byte) ? 0 : Windows1252.scalar(byte).value)
            }
        }
        while scratch.last == 0x20 { scratch.removeLast() }
        return try scratch.withUnsafeBufferPointer(body)
    }

    /// Appends one code point below U+10000 as UTF-8 (a space for 0, an undefined byte).
    private mutating func append(_ scalar: UInt32) {
        switch scalar {
        case 0: scratch.append(0x20)
        case ..<0x800:
            scratch.append(UInt8(0xC0 | (scalar >> 6)))
            scratch.append(UInt8(0x80 | (scalar & 0x3F)))
        default:
            scratch.append(UInt8(0xE0 | (scalar >> 12)))
            scratch.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }

    /// A field as a Swift string (for messages and small tables).
    package static func string(_ field: UnsafeBufferPointer<UInt8>) -> String {
        var converter = Latin1()
        return converter.withUTF8(field) { String(decoding: $0, as: UTF8.self) }
    }
}
