/// A set of strings, each with a 32-bit value, stored in a compiled catalog image (``CompiledCatalog``) as
/// an open-addressing hash table and read in place: loading it costs nothing, a lookup hashes the key's
/// UTF-8 bytes (FNV-1a) and compares bytes, and no Swift `String` or `Set` is made for its entries.
///
/// Layout (little-endian `UInt32`s): the entry count, the bucket count (a power of two, at least twice
/// the entries), the buckets (0 empty, else entry index + 1), each entry's (offset in the pool, length,
/// value), the pool's length, then the pool of UTF-8 bytes.
public struct ImageStringTable: Sendable {
    private let image: ImageBytes?
    private let buckets: Int, entries: Int, pool: Int
    private let bucketMask: Int
    private let poolLength: Int
    /// The number of strings.
    public let count: Int

    /// No strings.
    public init() {
        image = nil
        (buckets, entries, pool, bucketMask, poolLength, count) = (0, 0, 0, 0, 0, 0)
    }

    /// The table at `input`'s position, passed over.
    package init(reading input: inout BinaryReader) throws(BinaryReader.Malformed) {
        count = Int(try input.uint32())
        let bucketCount = Int(try input.uint32())
        guard bucketCount > count, bucketCount & (bucketCount - 1) == 0 else { throw BinaryReader.Malformed() }
        image = input.image
        buckets = try input.bytes(bucketCount * 4).lowerBound
        entries = try input.bytes(count * 12).lowerBound
        poolLength = Int(try input.uint32())
        pool = try input.bytes(poolLength).lowerBound
        bucketMask = bucketCount - 1
    }

    /// Writes `keys` with their values (a key listed twice: the first value).
    package static func write(_ keys: [(key: String, value: Int)], to out: inout BinaryWriter) {
        var bucketCount = 2
        while bucketCount < keys.count * 2 { bucketCount *= 2 }
        var slots = [UInt32](repeating: 0, count: bucketCount)
        var entries: [UInt32] = []   // (offset, length, value) per entry
        var pool: [UInt8] = []
        for (key, value) in keys {
            let bytes = Array(key.utf8)
            var slot = Int(truncatingIfNeeded: bytes.withUnsafeBytes { hash($0) }) & (bucketCount - 1)
            var duplicate = false
            while slots[slot] != 0 {
                let other = (Int(slots[slot]) - 1) * 3
                let start = Int(entries[other]), length = Int(entries[other + 1])
                if length == bytes.count, pool[start..<(start + length)].elementsEqual(bytes) { duplicate = true; break }
                slot = (slot + 1) & (bucketCount - 1)
            }
            guard !duplicate else { continue }
            entries += [UInt32(pool.count), UInt32(bytes.count), UInt32(value)]
            pool += bytes
            slots[slot] = UInt32(entries.count / 3)
        }
        out.integer(UInt32(entries.count / 3))
        out.integer(UInt32(bucketCount))
        out.raw(slots)
        out.raw(entries)
        out.integer(UInt32(pool.count))
        out.bytes(pool)
    }

    /// 64-bit FNV-1a of `bytes`.
    package static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return h
    }

    private func word(_ offset: Int) -> UInt32 {
        image!.raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian
    }

    /// The bytes of entry `index` (bounds checked against the pool).
    private func key(_ index: Int) -> UnsafeRawBufferPointer {
        let start = Int(word(entries + index * 12)), length = Int(word(entries + index * 12 + 4))
        guard start <= poolLength, length <= poolLength - start else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(rebasing: image!.raw[(pool + start)..<(pool + start + length)])
    }

    /// The entry index of `bytes`, if present.
    private func find(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard count > 0 else { return nil }
        var slot = Int(truncatingIfNeeded: Self.hash(bytes)) & bucketMask
        for _ in 0...bucketMask {
            let entry = Int(word(buckets + slot * 4))
            guard entry != 0 else { return nil }
            guard entry <= count else { return nil }
            if key(entry - 1).elementsEqual(bytes) { return entry - 1 }
            slot = (slot + 1) & bucketMask
        }
        return nil
    }

    private func find(_ key: String) -> Int? {
        var key = key
        return key.withUTF8 { find(UnsafeRawBufferPointer($0)) }
    }

    /// Whether `key` is one of the strings.
    public func contains(_ key: String) -> Bool { find(key) != nil }

    /// The value stored with `key`, nil when it is not one of the strings.
    public subscript(key: String) -> Int? {
        find(key).map { Int(word(entries + $0 * 12 + 8)) }
    }

    /// The strings that begin with `prefix` (UTF-8 bytes), at most `limit` of them, in the order written: one pass over
    /// the entries, comparing bytes in place, for the rare caller that completes a cut name (a few thousand entries a
    /// call; no `String` is made for an entry that does not match).
    public func keys(withPrefix prefix: String, limit: Int) -> [String] {
        var found: [String] = []
        var prefix = prefix
        prefix.withUTF8 { wanted in
            guard !wanted.isEmpty else { return }
            for index in 0..<count where found.count < limit {
                let bytes = key(index)
                if bytes.count >= wanted.count, bytes.prefix(wanted.count).elementsEqual(wanted) {
                    found.append(String(decoding: bytes, as: UTF8.self))
                }
            }
        }
        return found
    }

    /// Every string, in the order written (tests, and the rare caller that needs them all).
    public var keys: [String] {
        (0..<count).map { String(decoding: key($0), as: UTF8.self) }
    }
}
