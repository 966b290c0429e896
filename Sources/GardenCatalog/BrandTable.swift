import GardenFoundation
import GardenImage

/// The catalog's brands by index (``Catalog/brands``): records of the compiled catalog image
/// (``CompiledCatalog``) decoded one by one on first use, so a start-up does not turn 6,000 brands into
/// `String`s and sets to resolve one row (the indexes by id and CNPJ root are tables of the image too).
///
/// Safe to share across threads (``LazyImageRecords``).
public final class BrandTable: RandomAccessCollection, @unchecked Sendable {
    private let records: LazyImageRecords<Brand>

    /// Brands stored in `image` at `offsets` (records written by ``CompiledCatalog``).
    init(image: ImageBytes, offsets: [UInt32]) {
        records = LazyImageRecords(image: image, offsets: offsets, read: BrandsSource.readBrand)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { records.count }

    /// Brand `index`, decoded from the image the first time it is asked for.
    public subscript(index: Int) -> Brand { records[index] }
}
