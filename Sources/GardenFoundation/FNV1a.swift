/// 64-bit FNV-1a (Fowler–Noll–Vo), for content fingerprints and stable row ids; not a cryptographic hash.
/// Parameters from the FNV reference: offset basis 0xcbf29ce484222325, prime 0x100000001b3.
public struct FNV1a: Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func combine<C: Collection<UInt8>>(bytes: C) {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
    }

    /// Combines `bytes` (a file's contents) in one tight loop.
    public mutating func combine(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { combine(buffer: $0) }
    }

    /// Combines the UTF-8 bytes of `text`, then a 0 byte (so "ab" + "c" and "a" + "bc" differ).
    public mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { combine(buffer: $0) }
        combine(bytes: [0])
    }

    private mutating func combine(buffer: UnsafeBufferPointer<UInt8>) {
        var h = value
        for byte in buffer {
            h ^= UInt64(byte)
            h = h &* 0x0000_0100_0000_01B3
        }
        value = h
    }

    /// 16 lower-case hex digits.
    public var hex: String {
        let s = String(value, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}
