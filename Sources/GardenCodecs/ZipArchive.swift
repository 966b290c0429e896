/// The entries of a zip file (PKWARE APPNOTE 6.3: end of central directory, zip64 end record and extra
/// field, central directory headers), enough to read the Receita Federal's monthly zips: stored
/// (method 0) and deflate (method 8) entries, no encryption. Entries are read as streams
/// (``ZipEntrySource``), never whole.
public final class ZipArchive {
    /// One entry of the central directory.
    public struct Entry {
        public var name: String
        var method: UInt16
        var compressedSize: Int64
        var uncompressedSize: Int64
        var crc32: UInt32
        var localHeaderOffset: Int64
        var encrypted: Bool
    }

    public let file: FileSource
    public private(set) var entries: [Entry] = []

    /// Reads the central directory.
    /// - Throws: ``CodecError/badFile(_:)`` when the end of central directory cannot be found or read.
    public init(file: FileSource) throws {
        self.file = file
        let size = try file.size()
        let tailLength = Int(min(size, 65_557))
        let tail = try file.read(at: size - Int64(tailLength), count: tailLength)
        guard let eocd = Self.lastSignature(0x0605_4B50, in: tail) else { throw bad("no end of central directory") }
        var count = Int64(Self.u16(tail, eocd + 10))
        var directorySize = Int64(Self.u32(tail, eocd + 12))
        var directoryOffset = Int64(Self.u32(tail, eocd + 16))
        if directoryOffset == 0xFFFF_FFFF || count == 0xFFFF, eocd >= 20, Self.u32(tail, eocd - 20) == 0x0706_4B50 {
            let record = try file.read(at: Int64(bitPattern: Self.u64(tail, eocd - 20 + 8)), count: 56)
            guard record.count == 56, Self.u32(record, 0) == 0x0606_4B50 else { throw bad("bad zip64 end record") }
            count = Int64(bitPattern: Self.u64(record, 32))
            directorySize = Int64(bitPattern: Self.u64(record, 40))
            directoryOffset = Int64(bitPattern: Self.u64(record, 48))
        }
        // A damaged or hostile end record must not make garden allocate what it claims.
        guard directoryOffset >= 0, directorySize >= 0, count >= 0, directorySize <= Self.largestDirectory,
              directoryOffset <= size - directorySize, count <= directorySize / 46 else {
            throw bad("central directory of \(directorySize) bytes at \(directoryOffset) does not fit a \(size)-byte file")
        }
        let directory = try file.read(at: directoryOffset, count: Int(directorySize))
        var at = 0
        for _ in 0..<count {
            guard at + 46 <= directory.count, Self.u32(directory, at) == 0x0201_4B50 else { throw bad("bad central directory") }
            entries.append(try Self.entry(directory, at))
            at += 46 + Int(Self.u16(directory, at + 28)) + Int(Self.u16(directory, at + 30)) + Int(Self.u16(directory, at + 32))
        }
    }

    /// The largest central directory read (the Receita's zips hold one entry: a few hundred bytes).
    static let largestDirectory: Int64 = 64 << 20

    func bad(_ message: String) -> CodecError { .badFile("\(file.path): not a readable zip (\(message))") }

    /// One central directory header, zip64 sizes and offset read from its extra field.
    static func entry(_ d: [UInt8], _ at: Int) throws -> Entry {
        let nameLength = Int(u16(d, at + 28)), extraLength = Int(u16(d, at + 30))
        guard at + 46 + nameLength + extraLength <= d.count else { throw CodecError.badFile("zip: central directory cut short") }
        var compressed = Int64(u32(d, at + 20))
        var uncompressed = Int64(u32(d, at + 24))
        var offset = Int64(u32(d, at + 42))
        var extra = at + 46 + nameLength
        let extraEnd = extra + extraLength
        while extra + 4 <= extraEnd {
            let id = u16(d, extra), length = Int(u16(d, extra + 2))
            if id == 0x0001 {
                var field = extra + 4
                func next() throws -> Int64 {
                    guard field + 8 <= min(extra + 4 + length, extraEnd) else { throw CodecError.badFile("zip: zip64 extra field cut short") }
                    defer { field += 8 }
                    return Int64(bitPattern: u64(d, field))
                }
                if uncompressed == 0xFFFF_FFFF { uncompressed = try next() }
                if compressed == 0xFFFF_FFFF { compressed = try next() }
                if offset == 0xFFFF_FFFF { offset = try next() }
            }
            extra += 4 + length
        }
        return Entry(name: String(decoding: d[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self), method: u16(d, at + 10),
                     compressedSize: compressed, uncompressedSize: uncompressed, crc32: u32(d, at + 16), localHeaderOffset: offset,
                     encrypted: u16(d, at + 8) & 1 != 0)
    }

    /// A stream of an entry's uncompressed bytes.
    /// - Throws: ``CodecError/badFile(_:)`` for an encrypted entry, a method other than stored or
    ///   deflate, or a local header outside the file.
    public func source(for entry: Entry) throws -> ByteSource {
        guard !entry.encrypted else { throw bad("\(entry.name) is encrypted") }
        guard entry.method == 0 || entry.method == 8 else { throw bad("\(entry.name) uses compression method \(entry.method); only stored and deflate are read") }
        let header = try file.read(at: entry.localHeaderOffset, count: 30)
        guard header.count == 30, Self.u32(header, 0) == 0x0403_4B50 else { throw bad("bad local header for \(entry.name)") }
        let dataOffset = entry.localHeaderOffset + 30 + Int64(Self.u16(header, 26)) + Int64(Self.u16(header, 28))
        try file.seek(to: dataOffset)
        return try ZipEntrySource(file: file, entry: entry)
    }

    static func lastSignature(_ signature: UInt32, in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 22 else { return nil }
        for at in stride(from: bytes.count - 22, through: 0, by: -1) where u32(bytes, at) == signature { return at }
        return nil
    }

    static func u16(_ b: [UInt8], _ at: Int) -> UInt16 { UInt16(b[at]) | UInt16(b[at + 1]) << 8 }
    static func u32(_ b: [UInt8], _ at: Int) -> UInt32 { UInt32(u16(b, at)) | UInt32(u16(b, at + 2)) << 16 }
    static func u64(_ b: [UInt8], _ at: Int) -> UInt64 { UInt64(u32(b, at)) | UInt64(u32(b, at + 4)) << 32 }
}
