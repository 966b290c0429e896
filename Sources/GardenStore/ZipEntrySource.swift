import CZlib

/// One zip entry's bytes as a stream: stored bytes copied, deflate inflated with the system zlib
/// (raw deflate), reading at most the entry's compressed size from the file in 256 KiB steps.
final class ZipEntrySource: ByteSource {
    let file: FileSource
    let deflated: Bool
    let name: String
    var remaining: Int64
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    let input = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 18, alignment: 8)
    var finished = false

    /// - Throws: ``RegistryError/io(_:)`` when zlib cannot start.
    init(file: FileSource, compressedSize: Int64, deflated: Bool, name: String) throws {
        self.file = file
        self.deflated = deflated
        self.name = name
        remaining = compressedSize
        stream.initialize(to: z_stream())
        if deflated, garden_inflate_init_raw(stream) != Z_OK { throw RegistryError.io("\(name): zlib cannot start") }
    }

    deinit {
        if deflated { inflateEnd(stream) }
        stream.deallocate()
        input.deallocate()
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard deflated else {
            let want = Int(min(Int64(buffer.count), remaining))
            guard want > 0 else { return 0 }
            let got = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<want]))
            remaining -= Int64(got)
            return got
        }
        if finished { return 0 }
        stream.pointee.next_out = buffer.baseAddress!.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(buffer.count)
        while stream.pointee.avail_out > 0 {
            if stream.pointee.avail_in == 0 && remaining > 0 {
                let want = Int(min(Int64(input.count), remaining))
                let got = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: input[0..<want]))
                guard got > 0 else { throw RegistryError.io("\(name): zip entry cut short") }
                remaining -= Int64(got)
                stream.pointee.next_in = input.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.pointee.avail_in = uInt(got)
            }
            let code = inflate(stream, Z_NO_FLUSH)
            if code == Z_STREAM_END { finished = true; break }
            guard code == Z_OK else { throw RegistryError.io("\(name): deflate data is damaged (zlib \(code))") }
            if stream.pointee.avail_in == 0 && remaining == 0 { throw RegistryError.io("\(name): zip entry cut short") }
        }
        return buffer.count - Int(stream.pointee.avail_out)
    }
}
