import GardenFoundation
import GardenImage

/// Merchant category codes (ISO 18245) → categories (`Rules/mcc.tsv`, derived from the greggles/mcc-codes
/// list of 981 codes). Read from the compiled catalog image (``CompiledCatalog``), a code decoded when
/// first asked for.
public struct MCCMap: Sendable {
    private let table: CodeMappingTable
    /// The number of codes.
    public var count: Int { table.count }

    /// The map at `input`'s position (written from ``parse(_:taxonomy:)``), passed over.
    init(reading input: inout BinaryReader) throws(BinaryReader.Malformed) {
        table = try CodeMappingTable(reading: &input)
    }

    /// The rows of `file` by code, written in decimal without leading zeros ("742" for 0742); a code listed
    /// twice: the last row.
    /// - Throws: ``DataError`` at a code that is not 4 digits or a category the taxonomy does not have.
    static func parse(_ file: TSVFile, taxonomy: Taxonomy) throws(DataError) -> [String: CodeMapping] {
        var table: [String: CodeMapping] = [:]
        for record in file.records {
            guard let code = Int(record.columns[0]), record.columns[0].count == 4 else {
                throw record.error("expected a 4-digit MCC, found \"\(record.columns[0])\"")
            }
            let category = record.columns[1]
            guard taxonomy.contains(category) else { throw record.error("unknown category \"\(category)\"", column: 2) }
            table[String(code)] = CodeMapping(code: record.columns[0], category: category,
                                              kind: record.optional(2).flatMap(MerchantKind.init(rawValue:)),
                                              label: record.columns.count > 3 ? record.columns[3] : "",
                                              source: SourceLocation(file: file.name, line: record.line))
        }
        return table
    }

    /// The mapping of a merchant category code, nil when the list does not have it.
    public subscript(mcc: Int) -> CodeMapping? { table[String(mcc)] }
}
