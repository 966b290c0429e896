import GardenFoundation
import GardenImage

/// Code → ``CodeMapping`` rows stored in a compiled catalog image (``CompiledCatalog``): found through an
/// ``ImageStringTable`` and decoded the first time each is asked for (kept behind a lock after that), so a
/// start-up decodes none of the MCC and CNAE rows and a row decodes only the codes it carries.
final class CodeMappingTable: @unchecked Sendable {
    private let index: ImageStringTable
    private let records: LazyImageRecords<CodeMapping>

    /// The number of codes.
    var count: Int { records.count }

    /// The table at `input`'s position, passed over.
    init(reading input: inout BinaryReader) throws(BinaryReader.Malformed) {
        let image = input.image
        let records = try input.bytes(try input.count())
        let relative = try input.uint32s()
        guard relative.allSatisfy({ Int($0) < records.count }) else { throw BinaryReader.Malformed() }
        index = try ImageStringTable(reading: &input)
        guard index.count == relative.count else { throw BinaryReader.Malformed() }
        self.records = LazyImageRecords(image: image, offsets: relative.map { $0 + UInt32(records.lowerBound) }, read: Self.read)
    }

    /// Writes `mappings` by key (keys sorted).
    static func write(_ mappings: [String: CodeMapping], to out: inout BinaryWriter) {
        var records = BinaryWriter()
        var offsets: [UInt32] = []
        let keys = mappings.keys.sorted()
        for key in keys {
            let mapping = mappings[key]!
            offsets.append(UInt32(records.position))
            for text in [mapping.code, mapping.category, mapping.label, mapping.source.file, mapping.source.description] { records.string(text) }
            records.optionalString(mapping.kind?.rawValue)
            records.integer(Int64(mapping.source.line))
        }
        out.integer(UInt32(records.bytes.count))
        out.bytes(records.bytes)
        out.array(offsets)
        ImageStringTable.write(keys.enumerated().map { ($0.element, $0.offset) }, to: &out)
    }

    /// The mapping of `key`, nil when the table has none.
    subscript(key: String) -> CodeMapping? {
        guard let entry = index[key], entry < records.count else { return nil }
        return records[entry]
    }

    private static func read(_ input: inout BinaryReader) throws(BinaryReader.Malformed) -> CodeMapping {
        let code = try input.string(), category = try input.string(), label = try input.string()
        let file = try input.string(), location = try input.string()
        let kind = try input.optionalString()
        let line = Int(try input.int64())
        return CodeMapping(code: code, category: category, kind: kind.flatMap(MerchantKind.init(rawValue:)), label: label,
                           source: SourceLocation(file: file, line: line, description: location))
    }
}
