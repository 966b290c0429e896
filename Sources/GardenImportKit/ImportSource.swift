/// A file's bytes for `garden import`, read a chunk at a time so an import holds only a window of the
/// file, never all of it (a 100 MB export, an endless stdin, `/dev/zero`): the first bytes can be looked
/// at before reading starts (``head(_:)``, for telling the format), then the bytes come in order through
/// ``nextChunk()``, the head included.
///
/// A read error ends the stream and is remembered (``readFailed``), so the importer reports it instead of
/// taking a short read for the end of the file.
public final class ImportSource {
    /// The size of one read.
    public static let chunkSize = 1 << 16

    private let pull: (UnsafeMutableRawBufferPointer) -> Int
    private var held: [UInt8] = []
    private var ended = false
    /// Whether reading failed (the bytes before the failure were handed out).
    public private(set) var readFailed = false
    /// Called before each read that may wait for more bytes, so a caller flushes what it wrote (rows come
    /// out while a slow stdin is still being read).
    public var willWait: (() -> Void)?

    /// A source reading with `read` (bytes into the buffer; 0 at the end, -1 on an error).
    public init(read: @escaping (UnsafeMutableRawBufferPointer) -> Int) {
        pull = read
    }

    /// A source over bytes in memory (tests, and callers that have the file already), handed out in
    /// chunks of `chunk` bytes, so tests can cut a file anywhere.
    public convenience init(bytes: [UInt8], chunk: Int = ImportSource.chunkSize) {
        var offset = 0
        self.init(read: { buffer in
            let n = Swift.min(buffer.count, chunk, bytes.count - offset)
            guard n > 0 else { return 0 }
            bytes.withUnsafeBytes { source in buffer.baseAddress!.copyMemory(from: source.baseAddress! + offset, byteCount: n) }
            offset += n
            return n
        })
    }

    /// Up to `count` first bytes of what is left, without consuming them; fewer only at the end.
    public func head(_ count: Int) -> ArraySlice<UInt8> {
        while held.count < count, let chunk = read() { held.append(contentsOf: chunk) }
        return held.prefix(count)
    }

    /// Whether nothing is left after the bytes already looked at with ``head(_:)``.
    public var isExhaustedAfterHead: Bool { ended }

    /// The next bytes in file order (the looked-at head first), or nil at the end.
    public func nextChunk() -> [UInt8]? {
        if !held.isEmpty {
            defer { held = [] }
            return held
        }
        return read()
    }

    private func read() -> [UInt8]? {
        guard !ended else { return nil }
        willWait?()
        let n = buffer.withUnsafeMutableBytes { pull($0) }
        guard n > 0 else {
            ended = true
            readFailed = n < 0
            return nil
        }
        return Array(buffer[0..<n])
    }

    private var buffer = [UInt8](repeating: 0, count: ImportSource.chunkSize)
}
