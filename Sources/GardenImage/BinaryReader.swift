/// Reads what a ``BinaryWriter`` wrote, over the bytes of an image (``ImageBytes``, shared, not copied);
/// every read checks bounds and throws ``Malformed`` past the end, so a damaged or foreign cache file is
/// rebuilt, never trusted.
package struct BinaryReader {
    package struct Malformed: Error { package init() {} }

    /// The bytes being read (shared, not copied).
    package let image: ImageBytes
    private var offset = 0

    /// Reads `image` from `offset` on.
    package init(_ image: ImageBytes, at offset: Int = 0) {
        self.image = image
        self.offset = offset
    }

    /// Reads a copy of `bytes` (tests).
    package init(_ bytes: [UInt8]) { self.init(ImageBytes(bytes)) }

    /// Where the next read starts.
    package var position: Int { offset }

    package var atEnd: Bool { offset == image.count }

    /// The next fixed-width integer, little-endian. Generic only inside this module: callers use the concrete
    /// readers below, so no call across the module boundary goes through an unspecialised generic (which cost
    /// a metadata lookup per integer: 66 M instructions a start, session 4).
    @inline(__always)
    mutating func integer<T: FixedWidthInteger>(_: T.Type) throws(Malformed) -> T {
        let size = MemoryLayout<T>.size
        guard size <= image.count - offset else { throw Malformed() }
        let value = image.raw.loadUnaligned(fromByteOffset: offset, as: T.self)
        offset += size
        return T(littleEndian: value)
    }

    /// The next byte.
    package mutating func uint8() throws(Malformed) -> UInt8 { try integer(UInt8.self) }
    /// The next little-endian `Int16`.
    package mutating func int16() throws(Malformed) -> Int16 { try integer(Int16.self) }
    /// The next little-endian `UInt32`.
    package mutating func uint32() throws(Malformed) -> UInt32 { try integer(UInt32.self) }
    /// The next little-endian `Int32`.
    package mutating func int32() throws(Malformed) -> Int32 { try integer(Int32.self) }
    /// The next little-endian `UInt64`.
    package mutating func uint64() throws(Malformed) -> UInt64 { try integer(UInt64.self) }
    /// The next little-endian `Int64`.
    package mutating func int64() throws(Malformed) -> Int64 { try integer(Int64.self) }

    package mutating func count() throws(Malformed) -> Int {
        let n = Int(try uint32())
        guard n <= image.count - offset else { throw Malformed() }
        return n
    }

    /// The next `size` bytes, passed over: their range in the image.
    package mutating func bytes(_ size: Int) throws(Malformed) -> Range<Int> {
        guard size >= 0, size <= image.count - offset else { throw Malformed() }
        defer { offset += size }
        return offset..<(offset + size)
    }

    package mutating func string() throws(Malformed) -> String {
        let range = try bytes(try count())
        return String(decoding: UnsafeRawBufferPointer(rebasing: image.raw[range]), as: UTF8.self)
    }

    package mutating func optionalString() throws(Malformed) -> String? {
        try uint8() == 0 ? nil : try string()
    }

    /// Passes over one string without making it.
    package mutating func skipString() throws(Malformed) {
        offset += try count()
    }

    /// Passes over a list of strings without making them.
    package mutating func skipStrings() throws(Malformed) {
        for _ in 0..<(try count()) { try skipString() }
    }

    /// Passes over `size` bytes.
    package mutating func skip(_ size: Int) throws(Malformed) {
        _ = try bytes(size)
    }

    package mutating func strings() throws(Malformed) -> [String] {
        let n = try count()
        var out: [String] = []
        out.reserveCapacity(n)
        for _ in 0..<n { out.append(try string()) }
        return out
    }

    /// A counted array of little-endian `UInt32`s (``BinaryWriter/array(_:)``).
    package mutating func uint32s() throws(Malformed) -> [UInt32] { try array(UInt32.self) }

    /// A counted array of fixed-width integers, in one copy (generic inside this module only: see ``integer(_:)``).
    mutating func array<T: FixedWidthInteger>(_: T.Type = T.self) throws(Malformed) -> [T] {
        let n = try count()
        let range = try bytes(n * MemoryLayout<T>.size)
        return [T](unsafeUninitializedCapacity: n) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: image.raw[range]))
            initialized = n
        }
    }
}
