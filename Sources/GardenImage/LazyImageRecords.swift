import Foundation

/// Records of a compiled catalog image (``CompiledCatalog``) at known offsets, each decoded by `read` the first
/// time it is asked for and kept after that, so a start-up decodes none of them and a row only the few it uses.
///
/// Safe to share across threads: the decoded records are kept behind a lock.
package final class LazyImageRecords<Element>: @unchecked Sendable {
    private let image: ImageBytes
    private let offsets: [UInt32]
    private let read: (inout BinaryReader) throws(BinaryReader.Malformed) -> Element
    private let lock = NSLock()
    private var decoded: [Element?]

    /// Records stored in `image` at `offsets` (absolute byte offsets), decoded by `read`.
    package init(image: ImageBytes, offsets: [UInt32], read: @escaping (inout BinaryReader) throws(BinaryReader.Malformed) -> Element) {
        self.image = image
        self.offsets = offsets
        self.read = read
        decoded = Array(repeating: nil, count: offsets.count)
    }

    /// The number of records.
    package var count: Int { offsets.count }

    /// Record `index` (0 ..< count), decoded on first use. The image's checksum was verified when it was loaded,
    /// so a record that does not decode is a bug, not bad input.
    package subscript(index: Int) -> Element {
        lock.lock()
        defer { lock.unlock() }
        if let record = decoded[index] { return record }
        var input = BinaryReader(image, at: Int(offsets[index]))
        guard let record = try? read(&input) else { preconditionFailure("compiled catalog record \(index) unreadable") }
        decoded[index] = record
        return record
    }
}
