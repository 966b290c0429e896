import Foundation

/// A stream of bytes read in chunks: a file, or a zip entry inflated on the fly (``ZipEntrySource``).
public protocol ByteSource: AnyObject {
    /// Fills up to `buffer.count` bytes; 0 at the end.
    /// - Throws: ``CodecError`` on a read or decompression failure.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

/// A file read with `read(2)`, so memory stays at one chunk whatever the file's size.
public final class FileSource: ByteSource {
    let descriptor: Int32
    public let path: String

    /// - Throws: ``CodecError/missingFile(_:)`` when the file cannot be opened.
    public init(path: String) throws {
        descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw CodecError.missingFile(path) }
        self.path = path
    }

    deinit { close(descriptor) }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            let count = Foundation.read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw CodecError.io("\(path): read failed (errno \(errno))") }
        }
    }

    /// Reads exactly `count` bytes at `offset` (zip headers); fewer only at the end of the file.
    public func read(at offset: Int64, count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
        guard got >= 0 else { throw CodecError.io("\(path): read failed (errno \(errno))") }
        return Array(bytes.prefix(got))
    }

    /// Moves the read position (zip entries).
    public func seek(to offset: Int64) throws {
        guard lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else { throw CodecError.io("\(path): seek failed") }
    }

    /// The file's size in bytes.
    public func size() throws -> Int64 {
        let end = lseek(descriptor, 0, SEEK_END)
        guard end >= 0 else { throw CodecError.io("\(path): seek failed") }
        return Int64(end)
    }
}
