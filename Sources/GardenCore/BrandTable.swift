import Foundation

/// The catalog's brands by index (``Catalog/brands``): an array when the catalog was built from the data
/// files, or records of the compiled catalog image (``CompiledCatalog``) decoded one by one on first use,
/// so a start-up does not turn 6,000 brands into `String`s and sets to resolve one row.
///
/// Each brand's id and CNPJ roots are read when the image is loaded (``ids``, ``cnpjRoots``: the
/// catalog's indexes need them all); the rest of a record only when that brand is asked for. Safe to
/// share across threads: the decoded brands are kept behind a lock.
public final class BrandTable: RandomAccessCollection, @unchecked Sendable {
    /// Each brand's id, in catalog order.
    public let ids: [String]
    /// Each brand's CNPJ roots (8 digits), in catalog order.
    public let cnpjRoots: [[String]]
    private let image: [UInt8]
    private let offsets: [Int]
    private let lock = NSLock()
    private var decoded: [Brand?]

    /// Brands already built.
    public init(_ brands: [Brand]) {
        ids = brands.map(\.id)
        cnpjRoots = brands.map(\.cnpjRoots)
        image = []
        offsets = []
        decoded = brands
    }

    /// Brands stored in `image` at `offsets` (records written by ``CompiledCatalog``), with the ids and
    /// roots already read from them.
    init(image: [UInt8], offsets: [Int], ids: [String], cnpjRoots: [[String]]) {
        self.image = image
        self.offsets = offsets
        self.ids = ids
        self.cnpjRoots = cnpjRoots
        decoded = Array(repeating: nil, count: offsets.count)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { ids.count }

    /// Brand `index`, decoded from the image the first time it is asked for.
    public subscript(index: Int) -> Brand {
        lock.lock()
        defer { lock.unlock() }
        if let brand = decoded[index] { return brand }
        var input = BinaryReader(image, at: offsets[index])
        // The image was read whole and checked record by record when it was loaded.
        guard let brand = try? CompiledCatalog.readBrand(&input) else { preconditionFailure("compiled catalog brand \(index) unreadable") }
        decoded[index] = brand
        return brand
    }
}
