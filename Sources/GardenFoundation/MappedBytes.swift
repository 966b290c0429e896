import Foundation

/// A file's bytes mapped read-only into memory (`mmap`, so a start-up reads only the pages it touches and copies
/// nothing), or a 16-byte-aligned copy of bytes in memory (an image just built, a test's).
///
/// Immutable and shared by every reader over it; the mapping lives as long as any of them holds it. The files
/// garden maps (the compiled catalog image, `Rules/trade_names.bin`) are only ever replaced by `rename`, never
/// rewritten in place, so a mapped file does not change under its readers.
public final class MappedBytes: @unchecked Sendable {
    /// The bytes.
    public let raw: UnsafeRawBufferPointer
    private let isMapping: Bool

    /// The number of bytes.
    public var count: Int { raw.count }

    /// Why a file could not be mapped: its path and the reason (the system's `strerror` text, or "empty file").
    public struct Failure: Error, Equatable, Sendable {
        /// The path as given.
        public let path: String
        /// What went wrong.
        public let reason: String
    }

    /// A 16-byte-aligned copy of `bytes`.
    public init(copying bytes: [UInt8]) {
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        bytes.withUnsafeBytes { memory.copyMemory(from: $0) }
        raw = UnsafeRawBufferPointer(rebasing: memory[0..<bytes.count])
        isMapping = false
    }

    /// The file at `path`, mapped read-only (`MAP_PRIVATE`).
    /// - Throws: ``Failure`` when the file cannot be opened or read, is empty, or cannot be mapped.
    public init(mapping path: String) throws(Failure) {
        let file = open(path, O_RDONLY)
        guard file >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        guard info.st_size > 0 else { throw Failure(path: path, reason: "empty file") }
        let length = Int(info.st_size)
        let address = mmap(nil, length, PROT_READ, MAP_PRIVATE, file, 0)
        guard let address, address != MAP_FAILED else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        raw = UnsafeRawBufferPointer(start: address, count: length)
        isMapping = true
    }

    deinit {
        let base = UnsafeMutableRawPointer(mutating: raw.baseAddress)
        if isMapping { munmap(base, raw.count) } else { base?.deallocate() }
    }
}
