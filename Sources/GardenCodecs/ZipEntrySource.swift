import CZlib

/// One zip entry's bytes as a stream: stored bytes copied, deflate inflated with the system zlib
/// (raw deflate), reading at most the entry's compressed size from the file in 256 KiB steps. At the
/// end the bytes are checked against the central directory's size and CRC-32 (APPNOTE 4.4.7): raw
/// deflate carries no checksum of its own, so damaged data would otherwise read as text.
public final class ZipEntrySource: ByteSource {
    let file: FileSource
    let entry: ZipArchive.Entry
    let deflated: Bool
    var remaining: Int64
    var produced: Int64 = 0
    var crc: uLong = crc32(0, nil, 0)
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    let input = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 18, alignment: 8)
    var finished = false
    /// `zip path:entry name`, for messages.
    var name: String { file.path + ":" + entry.name }

    /// - Throws: ``CodecError/io(_:)`` when zlib cannot start.
    init(file: FileSource, entry: ZipArchive.Entry) throws {
        self.file = file
        self.entry = entry
        deflated = entry.method == 8
        remaining = entry.compressedSize
        stream.initialize(to: z_stream())
        if deflated, garden_inflate_init_raw(stream) != Z_OK { throw CodecError.io("\(name): zlib cannot start") }
    }

    deinit {
        if deflated { inflateEnd(stream) }
        stream.deallocate()
        input.deallocate()
    }

    /// - Throws: ``CodecError/badFile(_:)`` when the entry is cut short, its deflate data is damaged,
    ///   or its size or CRC-32 differ from the central directory's.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let got = deflated ? try inflate(into: buffer) : try copy(into: buffer)
        if got > 0 {
            crc = crc32(crc, buffer.baseAddress!.assumingMemoryBound(to: Bytef.self), uInt(got))
            produced += Int64(got)
        } else {
            try verify()
        }
        return got
    }

    func copy(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let want = Int(min(Int64(buffer.count), remaining))
        guard want > 0 else { return 0 }
        let got = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<want]))
        guard got > 0 else { throw CodecError.badFile("\(name): zip entry cut short") }
        remaining -= Int64(got)
        return got
    }

    func inflate(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        if finished { return 0 }
        stream.pointee.next_out = buffer.baseAddress!.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(buffer.count)
        while stream.pointee.avail_out > 0 {
            if stream.pointee.avail_in == 0 && remaining > 0 {
                let want = Int(min(Int64(input.count), remaining))
                let got = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: input[0..<want]))
                guard got > 0 else { throw CodecError.badFile("\(name): zip entry cut short") }
                remaining -= Int64(got)
                stream.pointee.next_in = input.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.pointee.avail_in = uInt(got)
            }
            let code = CZlib.inflate(stream, Z_NO_FLUSH)
            if code == Z_STREAM_END { finished = true; break }
            guard code == Z_OK else { throw CodecError.badFile("\(name): deflate data is damaged (zlib \(code))") }
            if stream.pointee.avail_in == 0 && remaining == 0 { throw CodecError.badFile("\(name): zip entry cut short") }
        }
        return buffer.count - Int(stream.pointee.avail_out)
    }

    /// The end of the entry: its size and CRC-32 must be the central directory's.
    func verify() throws {
        guard produced == entry.uncompressedSize, UInt32(truncatingIfNeeded: crc) == entry.crc32 else {
            throw CodecError.badFile("\(name): zip entry damaged (\(produced) bytes, CRC-32 \(String(UInt32(truncatingIfNeeded: crc), radix: 16)); "
                + "the zip says \(entry.uncompressedSize) bytes, CRC-32 \(String(entry.crc32, radix: 16))); import a good copy again")
        }
    }
}
