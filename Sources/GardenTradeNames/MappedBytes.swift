import Foundation

/// A file's bytes mapped read-only (`mmap`, so a start-up reads only the pages it touches), or a copy of bytes
/// in memory (a test's), kept alive as long as the model reading them.
final class MappedBytes: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
    private let isMapping: Bool

    /// A 16-byte-aligned copy of `array`.
    init(copying array: [UInt8]) {
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(array.count, 1), alignment: 16)
        array.withUnsafeBytes { memory.copyMemory(from: $0) }
        bytes = UnsafeRawBufferPointer(rebasing: memory[0..<array.count])
        isMapping = false
    }

    /// The file at `path`, mapped.
    init(mapping path: String) throws(TradeNameModelError) {
        let file = open(path, O_RDONLY)
        guard file >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        guard info.st_size > 0 else { throw .unreadable(path: path, reason: "empty file") }
        let length = Int(info.st_size)
        let address = mmap(nil, length, PROT_READ, MAP_PRIVATE, file, 0)
        guard let address, address != MAP_FAILED else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        bytes = UnsafeRawBufferPointer(start: address, count: length)
        isMapping = true
    }

    deinit {
        let base = UnsafeMutableRawPointer(mutating: bytes.baseAddress)
        if isMapping { munmap(base, bytes.count) } else { base?.deallocate() }
    }
}
