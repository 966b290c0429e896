#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A source of bytes (stdin, a file, or memory in tests).
public protocol ByteInput: AnyObject {
    /// Reads up to `count` bytes into `buffer`; returns 0 at the end, -1 on an error.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int
}

/// A sink of bytes (stdout, stderr, or memory in tests).
public protocol ByteOutput: AnyObject {
    /// Writes all of `bytes`; returns false when the reader went away (a closed pipe) or on an error.
    @discardableResult func write(_ bytes: UnsafeRawBufferPointer) -> Bool
}

extension ByteOutput {
    @discardableResult public func write(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBytes { write($0) } }
    @discardableResult public func write(_ text: String) -> Bool { write(Array(text.utf8)) }
}

/// Output nobody reads: what `import` and `resolve --record` write in place of their rows on a terminal
/// (without `--verbose`), so a month's rows do not flood the screen; the summary on stderr says what happened.
public final class DiscardedOutput: ByteOutput {
    public init() {}
    @discardableResult public func write(_ bytes: UnsafeRawBufferPointer) -> Bool { true }
}

/// A file descriptor read with `read(2)`.
public final class FileInput: ByteInput {
    package let fd: Int32
    public init(fd: Int32) { self.fd = fd }
    public func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if n < 0 && errno == EINTR { continue }
            return n
        }
    }
}

/// A file descriptor written with `write(2)`, retrying short writes; EPIPE reports false.
public final class FileOutput: ByteOutput {
    package let fd: Int32
    /// The `errno` of the first write that failed for another reason than a closed reader (ENOSPC on
    /// a full disk, EIO): output was lost, which ``GardenCommandLine/finished(_:_:)`` reports (exit 74).
    public private(set) var failure: Int32?
    public init(fd: Int32) { self.fd = fd }
    public func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                if errno != EPIPE, failure == nil { failure = errno }
                return false
            }
            offset += n
        }
        return true
    }
}

/// In-memory input, for tests.
public final class MemoryInput: ByteInput {
    package let bytes: [UInt8]
    package var offset = 0
    package let chunk: Int
    public init(_ bytes: [UInt8], chunk: Int = 1 << 16) { self.bytes = bytes; self.chunk = chunk }
    public convenience init(_ text: String) { self.init(Array(text.utf8)) }
    public func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let n = min(buffer.count, bytes.count - offset, chunk)
        guard n > 0 else { return 0 }
        bytes.withUnsafeBytes { src in buffer.baseAddress!.copyMemory(from: src.baseAddress! + offset, byteCount: n) }
        offset += n
        return n
    }
}

/// In-memory output, for tests.
public final class MemoryOutput: ByteOutput {
    public private(set) var bytes: [UInt8] = []
    public init() {}
    public func write(_ data: UnsafeRawBufferPointer) -> Bool { bytes.append(contentsOf: data); return true }
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// Collects output and flushes it in large writes (one `write(2)` per 64 KiB instead of per line).
public final class BufferedOutput {
    package let sink: ByteOutput
    package var buffer: [UInt8] = []
    package let limit: Int
    /// Set once a write failed (the reader went away); later writes are dropped.
    public private(set) var closed = false

    public init(_ sink: ByteOutput, limit: Int = 1 << 16) {
        self.sink = sink
        self.limit = limit
        buffer.reserveCapacity(limit + 4096)
    }

    public func append(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= limit { flush() }
    }

    public func append(_ text: String) { append(Array(text.utf8)) }

    /// Lets `body` append to the buffer in place (no line of its own to copy in), then writes it out when full.
    public func appending<R>(_ body: (inout [UInt8]) -> R) -> R {
        let result = body(&buffer)
        if buffer.count >= limit { flush() }
        return result
    }

    public func flush() {
        guard !buffer.isEmpty else { return }
        if !closed, !sink.write(buffer) { closed = true }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Opens a file for reading, or nil (a folder too: reading it would fail later, unnamed); see ``openFailure(_:)``.
public func openFile(_ path: String) -> FileInput? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    var status = stat()
    if fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
        close(fd)
        errno = EISDIR
        return nil
    }
    return FileInput(fd: fd)
}

/// Why ``openFile(_:)`` just failed, for `cannot open PATH: reason` (e.g. "No such file or directory").
public func openFailure(_ path: String) -> String {
    "cannot open \(path): " + String(cString: strerror(errno))
}
