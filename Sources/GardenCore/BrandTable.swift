import Foundation

/// The catalog's brands by index (``Catalog/brands``): records of the compiled catalog image
/// (``CompiledCatalog``) decoded one by one on first use, so a start-up does not turn 6,000 brands into
/// `String`s and sets to resolve one row (the indexes by id and CNPJ root are tables of the image too).
///
/// Safe to share across threads: the decoded brands are kept behind a lock.
public final class BrandTable: RandomAccessCollection, @unchecked Sendable {
    private let image: ImageBytes
    private let offsets: [UInt32]
    private let lock = NSLock()
    private var decoded: [Brand?]

    /// Brands stored in `image` at `offsets` (records written by ``CompiledCatalog``).
    init(image: ImageBytes, offsets: [UInt32]) {
        self.image = image
        self.offsets = offsets
        decoded = Array(repeating: nil, count: offsets.count)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { offsets.count }

    /// Brand `index`, decoded from the image the first time it is asked for.
    public subscript(index: Int) -> Brand {
        lock.lock()
        defer { lock.unlock() }
        if let brand = decoded[index] { return brand }
        var input = BinaryReader(image, at: Int(offsets[index]))
        // The image's checksum was verified when it was loaded.
        guard let brand = try? CompiledCatalog.readBrand(&input) else { preconditionFailure("compiled catalog brand \(index) unreadable") }
        decoded[index] = brand
        return brand
    }
}
