#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An input that counts the bytes read through it, and knows its size when it is a regular file (a FILE,
/// or stdin redirected from one) or memory: the share of it read, for a progress line's time left.
package final class CountingInput: ByteInput {
    private let base: ByteInput
    private(set) var bytesRead = 0
    /// The input's size in bytes, when known.
    package let size: Int?

    package init(_ base: ByteInput) {
        self.base = base
        if let file = base as? FileInput {
            var status = stat()
            size = fstat(file.fd, &status) == 0 && status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : nil
        } else if let memory = base as? MemoryInput {
            size = memory.bytes.count
        } else {
            size = nil
        }
    }

    package func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let n = base.read(into: buffer)
        if n > 0 { bytesRead += n }
        return n
    }

    /// The share read so far (0...1), when the size is known.
    package var share: Double? {
        guard let size, size > 0 else { return nil }
        return Double(bytesRead) / Double(size)
    }
}
