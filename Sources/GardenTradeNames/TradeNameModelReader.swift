/// Reads a trade-name model file's little-endian fields in order, each read checked against the end.
struct TradeNameModelReader {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    private mutating func take(_ count: Int) throws(TradeNameModelError) -> Int {
        guard count >= 0, offset <= bytes.count - count else {
            throw .malformed("a section ends past the end of the file (\(bytes.count) bytes)")
        }
        defer { offset += count }
        return offset
    }

    mutating func u8() throws(TradeNameModelError) -> UInt8 { bytes[try take(1)] }

    mutating func u32() throws(TradeNameModelError) -> UInt32 {
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: try take(4), as: UInt32.self))
    }

    /// `count` bytes of UTF-8 text.
    mutating func text(_ count: Int) throws(TradeNameModelError) -> String {
        let at = try take(count)
        guard let text = String(validating: bytes[at..<at + count], as: UTF8.self) else { throw .malformed("text is not UTF-8") }
        return text
    }

    /// Skips to the next multiple of 16 (every section starts at one).
    mutating func align() { offset = min(bytes.count, (offset + 15) / 16 * 16) }
}
