/// ISO-8859-1 (the Receita files' encoding) to UTF-8: each byte is the code point of the same value, so
/// bytes from 0x80 become two UTF-8 bytes. Also trims spaces and reads a doubled quote as one.
struct Latin1 {
    private var scratch: [UInt8] = []

    init() { scratch.reserveCapacity(512) }

    /// Calls `body` with `field` as trimmed UTF-8 (the field itself when it is plain ASCII with nothing
    /// to trim or unquote, the common case).
    mutating func withUTF8<T>(_ field: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        var start = 0, end = field.count
        while start < end && field[start] == 0x20 { start += 1 }
        while end > start && field[end - 1] == 0x20 { end -= 1 }
        let trimmed = UnsafeBufferPointer(rebasing: field[start..<end])
        var plain = true
        for byte in trimmed where byte >= 0x80 || byte == 0x22 { plain = false; break }
        if plain { return try body(trimmed) }
        scratch.removeAll(keepingCapacity: true)
        var previousQuote = false
        for byte in trimmed {
            if byte == 0x22 && previousQuote { previousQuote = false; continue }
            previousQuote = byte == 0x22
            if byte < 0x80 {
                scratch.append(byte)
            } else {
                scratch.append(0xC0 | (byte >> 6))
                scratch.append(0x80 | (byte & 0x3F))
            }
        }
        return try scratch.withUnsafeBufferPointer(body)
    }

    /// A field as a Swift string (for messages and small tables).
    static func string(_ field: UnsafeBufferPointer<UInt8>) -> String {
        var converter = Latin1()
        return converter.withUTF8(field) { String(decoding: $0, as: UTF8.self) }
    }
}
