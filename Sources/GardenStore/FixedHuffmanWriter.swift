/// The bit stream of a fixed-Huffman deflate block (RFC 1951 §3.1.1, §3.2.5, §3.2.6): bits packed from
/// each byte's least significant end, Huffman codes written most significant bit first (so stored here
/// bit-reversed), extra bits as plain little-endian numbers.
struct FixedHuffmanWriter {
    private var bytes: [UInt8]
    private var buffer: UInt64 = 0
    private var filled: UInt64 = 0

    init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    @inline(__always)
    mutating func write(_ value: UInt32, count: Int) {
        buffer |= UInt64(value) << filled
        filled += UInt64(count)
        while filled >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            filled -= 8
        }
    }

    /// Literal bytes 0...255 and the end-of-block symbol 256 (§3.2.6's table).
    @inline(__always)
    mutating func writeLiteral(_ symbol: Int) {
        let code = Self.literalCodes[symbol]
        write(UInt32(code.bits), count: Int(code.count))
    }

    mutating func writeLiteral(_ byte: UInt8) { writeLiteral(Int(byte)) }

    /// A match of 3...258 bytes at distance 1...32,768 (§3.2.5's length and distance codes).
    mutating func writeMatch(length: Int, distance: Int) {
        var symbol = 28
        while Self.lengthBase[symbol] > length { symbol -= 1 }
        writeLiteral(257 + symbol)
        let lengthExtra = Self.lengthExtra[symbol]
        if lengthExtra > 0 { write(UInt32(length - Self.lengthBase[symbol]), count: lengthExtra) }
        var code = 29
        while Self.distanceBase[code] > distance { code -= 1 }
        write(UInt32(Self.reversed(UInt32(code), count: 5)), count: 5)
        let distanceExtra = Self.distanceExtra[code]
        if distanceExtra > 0 { write(UInt32(distance - Self.distanceBase[code]), count: distanceExtra) }
    }

    /// The bytes written, the last one padded with zero bits.
    mutating func finish() -> [UInt8] {
        if filled > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
        buffer = 0
        filled = 0
        return bytes
    }

    private static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
                                       4097, 6145, 8193, 12289, 16385, 24577]
    private static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    /// Each literal/length symbol's fixed code, bit-reversed, and its length (§3.2.6).
    private static let literalCodes: [(bits: UInt16, count: UInt8)] = (0...287).map { symbol in
        switch symbol {
        case 0...143: return (UInt16(reversed(UInt32(0x30 + symbol), count: 8)), 8)
        case 144...255: return (UInt16(reversed(UInt32(0x190 + symbol - 144), count: 9)), 9)
        case 256...279: return (UInt16(reversed(UInt32(symbol - 256), count: 7)), 7)
        default: return (UInt16(reversed(UInt32(0xC0 + symbol - 280), count: 8)), 8)
        }
    }

    private static func reversed(_ value: UInt32, count: Int) -> UInt32 {
        var out: UInt32 = 0
        for bit in 0..<count where value & (1 << UInt32(bit)) != 0 { out |= 1 << UInt32(count - 1 - bit) }
        return out
    }
}
