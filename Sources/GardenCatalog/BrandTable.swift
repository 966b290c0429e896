import Foundation
import GardenFoundation
import GardenImage

/// The catalog's brands by index (``Catalog/brands``): records of the compiled catalog image
/// (``CompiledCatalog``) decoded one by one on first use, so a start-up does not turn 6,000 brands into
/// `String`s and sets to resolve one row (the indexes by id and CNPJ root are tables of the image too).
///
/// Safe to share across threads: the decoded brands are kept behind a lock. The table is its own (not the generic
/// ``LazyImageRecords``): a row reads brands several times, and the generic table's reads were not specialized for
/// `Brand` (≈ 1,000 instructions a read in `Optional` metadata and a generic array subscript, plus a copy of the
/// 161-byte record and its nine references; issue 38). ``flags(_:)`` and ``trades(_:in:)`` read one field in place.
public final class BrandTable: RandomAccessCollection, @unchecked Sendable {
    private let image: ImageBytes
    private let offsets: [UInt32]
    private let lock = NSLock()
    /// Decoded brands by index, nil until first asked for; read and written only under ``lock``. Boxed: a read of one
    /// field borrows the box's brand (an `Optional<Brand>` element was copied out, 161 bytes and nine references).
    private var decoded: [Decoded?]

    private final class Decoded {
        let brand: Brand
        init(_ brand: Brand) { self.brand = brand }
    }

    /// Brands stored in `image` at `offsets` (records written by ``CompiledCatalog``).
    init(image: ImageBytes, offsets: [UInt32]) {
        self.image = image
        self.offsets = offsets
        decoded = Array(repeating: nil, count: offsets.count)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { offsets.count }

    /// Brand `index`, decoded from the image the first time it is asked for.
    public subscript(index: Int) -> Brand { withBrand(index) { $0 } }

    /// The flags of brand `index`, read in place (no copy of the brand's record).
    public func flags(_ index: Int) -> Brand.Flags { withBrand(index) { $0.flags } }

    /// Whether brand `index` may decide a row of `country` on a weak match (``Brand/trades(in:)``), read in place.
    public func trades(_ index: Int, in country: String?) -> Bool { withBrand(index) { $0.trades(in: country) } }

    /// `body` applied to brand `index`, decoded on first use; runs under the lock (it must not read the table again).
    /// The image's checksum was verified when it was loaded, so a record that does not decode is a bug, not bad input.
    @inline(__always)
    private func withBrand<Result>(_ index: Int, _ body: (borrowing Brand) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        if let box = decoded[index] { return body(box.brand) }
        var input = BinaryReader(image, at: Int(offsets[index]))
        guard let brand = try? BrandsSource.readBrand(&input) else { preconditionFailure("compiled catalog brand \(index) unreadable") }
        let box = Decoded(brand)
        decoded[index] = box
        return body(box.brand)
    }
}
