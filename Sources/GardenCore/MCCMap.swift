/// Merchant category codes (ISO 18245) → categories (`Rules/mcc.tsv`, derived from the greggles/mcc-codes
/// list of 981 codes).
public struct MCCMap: Sendable {
    private var table: [Int: CodeMapping] = [:]
    public var count: Int { table.count }

    public init(_ file: TSVFile, taxonomy: Taxonomy) throws(DataError) {
        for record in file.records {
            guard let code = Int(record.columns[0]), record.columns[0].count == 4 else {
                throw record.error("expected a 4-digit MCC, found \"\(record.columns[0])\"")
            }
            let category = record.columns[1]
            guard taxonomy.contains(category) else { throw record.error("unknown category \"\(category)\"", column: 2) }
            table[code] = CodeMapping(code: record.columns[0], category: category,
                                      kind: record.optional(2).flatMap(MerchantKind.init(rawValue:)),
                                      label: record.columns.count > 3 ? record.columns[3] : "",
                                      source: SourceLocation(file: file.name, line: record.line))
        }
    }

    public subscript(mcc: Int) -> CodeMapping? { table[mcc] }
}
