/// Reads what a ``BinaryWriter`` wrote; every read checks bounds and throws ``Malformed`` past the end,
/// so a damaged or foreign cache file is rebuilt, never trusted.
struct BinaryReader {
    struct Malformed: Error {}

    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Reads `bytes` from `offset` on.
    init(_ bytes: [UInt8], at offset: Int) {
        self.bytes = bytes
        self.offset = offset
    }

    /// Where the next read starts.
    var position: Int { offset }

    /// The bytes being read (shared, not copied).
    var buffer: [UInt8] { bytes }

    var atEnd: Bool { offset == bytes.count }

    mutating func integer<T: FixedWidthInteger>(_: T.Type = T.self) throws(Malformed) -> T {
        let size = MemoryLayout<T>.size
        guard offset + size <= bytes.count else { throw Malformed() }
        var value = T.zero
        withUnsafeMutableBytes(of: &value) { target in
            bytes.withUnsafeBytes { source in
                target.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<(offset + size)]))
            }
        }
        offset += size
        return T(littleEndian: value)
    }

    mutating func count() throws(Malformed) -> Int {
        let n = Int(try integer(UInt32.self))
        guard n <= bytes.count - offset else { throw Malformed() }
        return n
    }

    mutating func string() throws(Malformed) -> String {
        let n = try count()
        defer { offset += n }
        return String(decoding: bytes[offset..<(offset + n)], as: UTF8.self)
    }

    mutating func optionalString() throws(Malformed) -> String? {
        try integer(UInt8.self) == 0 ? nil : try string()
    }

    /// Passes over one string without making it.
    mutating func skipString() throws(Malformed) {
        offset += try count()
    }

    /// Passes over a list of strings without making them.
    mutating func skipStrings() throws(Malformed) {
        for _ in 0..<(try count()) { try skipString() }
    }

    /// Passes over `size` bytes.
    mutating func skip(_ size: Int) throws(Malformed) {
        guard size <= bytes.count - offset else { throw Malformed() }
        offset += size
    }

    mutating func strings() throws(Malformed) -> [String] {
        let n = try count()
        var out: [String] = []
        out.reserveCapacity(n)
        for _ in 0..<n { out.append(try string()) }
        return out
    }

    mutating func array<T: FixedWidthInteger>(_: T.Type = T.self) throws(Malformed) -> [T] {
        let n = try count()
        let size = n * MemoryLayout<T>.size
        guard offset + size <= bytes.count else { throw Malformed() }
        let values = [T](unsafeUninitializedCapacity: n) { buffer, initialized in
            bytes.withUnsafeBytes { source in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<(offset + size)]))
            }
            initialized = n
        }
        offset += size
        return values
    }
}
