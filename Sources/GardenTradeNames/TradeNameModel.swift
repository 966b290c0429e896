import CZlib
import GardenFoundation

/// The trade-name model: what a merchant's name says about its trade ("tasty szechuan nood" → restaurants,
/// "nutrial racoes" → pets), learned offline from half a million real business names (`tools/tradenames/train.py`)
/// and read in place from its file (`Rules/trade_names.bin`, memory-mapped; layout in `tools/tradenames/modelfile.py`).
///
/// A multinomial logistic regression over hashed features of the folded name (``TradeNameFeatures``) with int8
/// weights: the score is integer arithmetic, a fixed-point softmax and a calibration table, so it gives the same
/// values as the converter's reference scorer to the last digit. Immutable and `Sendable`: one model serves every
/// thread. Scoring a name costs a few thousand instructions and allocates only the returned array.
public final class TradeNameModel: Sendable {
    /// The file format this scorer reads (`modelfile.py` `VERSION`).
    public static let formatVersion: UInt32 = 1
    static let maximumStride = 64

    /// The provenance header written by the converter: sources, commit, date, hold-out figures.
    public let provenance: String
    /// The categories the model scores, garden category ids, in the file's order.
    public let categories: [String]
    /// The calibrated probability (per mille) from which the model's top answer may decide a row: where the
    /// calibration hold-out kept ≥ 95 % precision.
    public let decidePerMille: Int
    /// The calibrated probability (per mille) from which the top answer may be offered as a flagged suggestion
    /// (hold-out precision ≥ 70 %).
    public let suggestPerMille: Int
    /// Feature buckets are `0 ..< 1 << bucketBits`.
    public let bucketBits: Int

    let storage: MappedBytes
    let stride: Int
    let bias: [Int32]
    let exponentials: [UInt64]
    let calibrationFloors: [UInt32]
    let calibrationValues: [Int]
    let weightsOffset: Int

    /// The CRC-32 the file states for everything after its fixed header (checked when opened with ``Checksum/verify``).
    public let storedChecksum: UInt32

    /// Whether opening a file computes its CRC-32 (which reads every page of its megabytes) or trusts it.
    public enum Checksum: Sendable {
        /// Compute the CRC-32 and refuse a file whose bytes differ from the stored one.
        case verify
        /// Skip the CRC-32: the caller has verified this very file before (same size, inode and times; see
        /// `Catalog.tradeNameModel`). Magic, version and every section's bounds are still checked.
        case trusted
    }

    /// The model file at `path`, mapped read-only and checked (magic, version, every section's bounds, and the
    /// CRC-32 unless `checksum` is ``Checksum/trusted``). Only the pages a score touches are read afterwards.
    public convenience init(contentsOf path: String, checksum: Checksum = .verify) throws(TradeNameModelError) {
        let storage: MappedBytes
        do throws(MappedBytes.Failure) { storage = try MappedBytes(mapping: path) } catch { throw .unreadable(path: error.path, reason: error.reason) }
        try self.init(storage: storage, checksum: checksum)
    }

    /// A model from bytes in memory (a test's, or a file already read).
    public convenience init(bytes: [UInt8]) throws(TradeNameModelError) {
        try self.init(storage: MappedBytes(copying: bytes), checksum: .verify)
    }

    private init(storage: MappedBytes, checksum: Checksum) throws(TradeNameModelError) {
        let raw = storage.raw
        var reader = TradeNameModelReader(raw)
        guard raw.count >= 16, raw[0] == 0x47, raw[1] == 0x54, raw[2] == 0x4E, raw[3] == 0x4D else { throw .notAModel }
        reader.offset = 4
        let version = try reader.u32()
        guard version == Self.formatVersion else { throw .unsupportedVersion(version) }
        let stored = try reader.u32()
        if checksum == .verify {
            let computed = UInt32(truncatingIfNeeded: crc32(0, raw.baseAddress!.assumingMemoryBound(to: UInt8.self) + 12, uInt(raw.count - 12)))
            guard stored == computed else { throw .checksumMismatch(stored: stored, computed: computed) }
        }
        storedChecksum = stored
        let headerLength = Int(try reader.u32())
        provenance = try reader.text(headerLength)
        reader.align()
        let counts = try (0..<8).map { _ throws(TradeNameModelError) in Int(try reader.u32()) }
        let (bits, classes, stride, expCount, calCount) = (counts[0], counts[1], counts[2], counts[3], counts[4])
        guard (8...24).contains(bits) else { throw .malformed("bucket bits \(bits)") }
        guard classes > 0, stride >= classes, stride % 16 == 0, stride <= Self.maximumStride else {
            throw .malformed("\(classes) classes in rows of \(stride)")
        }
        guard expCount > 0, calCount > 0 else { throw .malformed("empty softmax or calibration table") }
        var names: [String] = []
        for _ in 0..<classes {
            let length = Int(try reader.u8())
            names.append(try reader.text(length))
        }
        reader.align()
        bias = try (0..<classes).map { _ throws(TradeNameModelError) in Int32(bitPattern: try reader.u32()) }
        exponentials = try (0..<expCount).map { _ throws(TradeNameModelError) in UInt64(try reader.u32()) }
        var floors: [UInt32] = [], values: [Int] = []
        for _ in 0..<calCount {
            floors.append(try reader.u32())
            values.append(Int(try reader.u32()))
        }
        guard exponentials[0] == 1 << 16, zip(floors, floors.dropFirst()).allSatisfy({ $0 < $1 }),
              values.allSatisfy({ (0...1000).contains($0) }) else {
            throw .malformed("softmax or calibration table out of order")
        }
        reader.align()
        guard raw.count - reader.offset == (1 << bits) * stride else {
            throw .malformed("weights of \(raw.count - reader.offset) bytes for \(1 << bits) buckets of \(stride)")
        }
        self.storage = storage
        self.stride = stride
        categories = names
        decidePerMille = counts[5]
        suggestPerMille = counts[6]
        bucketBits = bits
        calibrationFloors = floors
        calibrationValues = values
        weightsOffset = reader.offset
    }
}
