/// A table from byte-string keys to 32-bit values stored in a knowledge section and read in place: the keys
/// sorted by their bytes, found by binary search; loading costs nothing and a lookup makes no `String`.
///
/// Layout (little-endian): the key count `n`, the `n` values (`UInt32`), `n + 1` offsets into the key pool
/// (`UInt32`), the pool's length and the pool (the keys' bytes, in sorted order).
public struct KeyedTable: Sendable {
    private let image: ImageBytes?
    private let values: Int, offsets: Int, pool: Int
    /// The number of keys.
    public let count: Int

    /// No keys.
    public init() {
        image = nil
        (values, offsets, pool, count) = (0, 0, 0, 0)
    }

    /// Writes `entries` (a key listed twice: the first value); keys are compared as bytes.
    package static func write(_ entries: [(key: [UInt8], value: UInt32)], to out: inout BinaryWriter) {
        var sorted: [(key: [UInt8], value: UInt32)] = []
        for entry in entries.enumerated().sorted(by: { a, b in
            a.element.key.lexicographicallyPrecedes(b.element.key) || a.element.key == b.element.key && a.offset < b.offset
        }).map(\.element) where sorted.last?.key != entry.key {
            sorted.append(entry)
        }
        out.integer(UInt32(sorted.count))
        out.raw(sorted.map(\.value))
        var offsets: [UInt32] = [0]
        var pool: [UInt8] = []
        for entry in sorted {
            pool += entry.key
            offsets.append(UInt32(pool.count))
        }
        out.raw(offsets)
        out.integer(UInt32(pool.count))
        out.bytes(pool)
    }

    /// Writes `entries` keyed by their strings' UTF-8 bytes.
    package static func write(_ entries: [(key: String, value: UInt32)], to out: inout BinaryWriter) {
        write(entries.map { (Array($0.key.utf8), $0.value) }, to: &out)
    }

    /// The table at `input`'s position, passed over.
    package init(reading input: inout BinaryReader) throws(BinaryReader.Malformed) {
        count = Int(try input.uint32())
        image = input.image
        values = try input.bytes(count * 4).lowerBound
        offsets = try input.bytes((count + 1) * 4).lowerBound
        let poolLength = Int(try input.uint32())
        pool = try input.bytes(poolLength).lowerBound
        guard count == 0 || word(offsets + count * 4) == UInt32(poolLength) else { throw BinaryReader.Malformed() }
    }

    private func word(_ offset: Int) -> UInt32 {
        image!.raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian
    }

    /// The bytes of key `index`.
    public func key(_ index: Int) -> UnsafeRawBufferPointer {
        let start = Int(word(offsets + index * 4)), end = Int(word(offsets + index * 4 + 4))
        return UnsafeRawBufferPointer(rebasing: image!.raw[(pool + start)..<(pool + end)])
    }

    /// The value of key `index`.
    public func value(_ index: Int) -> UInt32 { word(values + index * 4) }

    /// The index of `key` among the sorted keys, nil when it is not one.
    public func index(of key: UnsafeRawBufferPointer) -> Int? {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) >> 1
            let probe = self.key(mid)
            if probe.elementsEqual(key) { return mid }
            if probe.lexicographicallyPrecedes(key) { lo = mid + 1 } else { hi = mid }
        }
        return nil
    }

    /// The value stored for `key`'s UTF-8 bytes.
    public subscript(key: String) -> UInt32? {
        var key = key
        return key.withUTF8 { bytes in index(of: UnsafeRawBufferPointer(bytes)).map(value) }
    }

    /// The value stored for `key`.
    public subscript(bytes key: UnsafeRawBufferPointer) -> UInt32? { index(of: key).map(value) }
}

/// Strings kept once in a knowledge section and named by a ``StringRef`` (an offset and a length), read in
/// place: a record holds references instead of its own copies of names and labels.
public struct StringPool: Sendable {
    private let image: ImageBytes?
    private let start: Int, length: Int

    /// No strings.
    public init() { (image, start, length) = (nil, 0, 0) }

    /// The pool at `input`'s position (its length, then its bytes), passed over.
    package init(reading input: inout BinaryReader) throws(BinaryReader.Malformed) {
        image = input.image
        length = Int(try input.uint32())
        start = try input.bytes(length).lowerBound
    }

    /// The bytes of `ref`; an empty buffer for a reference outside the pool.
    public func bytes(_ ref: StringRef) -> UnsafeRawBufferPointer {
        guard let image, Int(ref.offset) + Int(ref.length) <= length else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(rebasing: image.raw[(start + Int(ref.offset))..<(start + Int(ref.offset) + Int(ref.length))])
    }

    /// The string of `ref`.
    public func string(_ ref: StringRef) -> String { String(decoding: bytes(ref), as: UTF8.self) }

    /// Collects strings for a pool: each distinct string once.
    package struct Builder {
        private var bytes: [UInt8] = []
        private var known: [String: StringRef] = [:]
        package init() {}

        /// The reference of `text`, added when new.
        package mutating func ref(_ text: String) -> StringRef {
            if let ref = known[text] { return ref }
            let ref = StringRef(offset: UInt32(bytes.count), length: UInt32(text.utf8.count))
            bytes += text.utf8
            known[text] = ref
            return ref
        }

        /// Writes the pool (``StringPool/init(reading:)`` reads it).
        package func write(to out: inout BinaryWriter) {
            out.integer(UInt32(bytes.count))
            out.bytes(bytes)
        }
    }
}

/// A string of a ``StringPool``: where its UTF-8 bytes lie in the pool.
public struct StringRef: Sendable, Hashable, BitwiseCopyable {
    public var offset: UInt32
    public var length: UInt32
    public init(offset: UInt32, length: UInt32) { (self.offset, self.length) = (offset, length) }
}
