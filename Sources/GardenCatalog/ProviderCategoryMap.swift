import GardenFoundation

/// Aggregator categories → garden categories: Pluggy (`Rules/pluggy.tsv`, matched by 8-digit id and by
/// English name, since most id↔name pairs of the public list are inferred) and Plaid's personal finance
/// categories (`Rules/plaid.tsv`, DETAILED and PRIMARY codes).
public struct ProviderCategoryMap: Sendable, Equatable {
    private var byID: [String: CodeMapping] = [:]
    private var byName: [String: CodeMapping] = [:]

    public init(pluggy: TSVFile, plaid: TSVFile, taxonomy: Taxonomy) throws(DataError) {
        for record in pluggy.records {
            let category = record.columns[2]
            guard taxonomy.contains(category) else { throw record.error("unknown category \"\(category)\"", column: 3) }
            let mapping = CodeMapping(code: record.columns[0], category: category, kind: nil, label: record.columns[1],
                                      source: SourceLocation(file: pluggy.name, line: record.line))
            byID[record.columns[0]] = mapping
            byName[Self.key(record.columns[1])] = mapping
        }
        for record in plaid.records {
            let category = record.columns[1]
            guard taxonomy.contains(category) else { throw record.error("unknown category \"\(category)\"", column: 2) }
            byID[record.columns[0]] = CodeMapping(code: record.columns[0], category: category, kind: nil,
                                                  label: record.columns[0], source: SourceLocation(file: plaid.name, line: record.line))
        }
    }

    static func key(_ name: String) -> String {
        String(decoding: TokenizedText(name).folded, as: UTF8.self)
    }

    /// The mapping for a provider category id or name: an exact id first (a Plaid DETAILED code falls
    /// back to its PRIMARY), then the folded name.
    public func lookup(id: String?, name: String?) -> CodeMapping? {
        if let id = id?.trimmingASCIISpaces(), !id.isEmpty {
            if let hit = byID[id] ?? byID[id.uppercased()] { return hit }
            let upper = id.uppercased()
            if upper.contains("_") {
                // Plaid DETAILED codes start with their PRIMARY code.
                let primaries = byID.keys.filter { upper.hasPrefix($0 + "_") }
                if let best = primaries.max(by: { $0.count < $1.count }) { return byID[best] }
            }
        }
        if let name, !name.isEmpty, let hit = byName[Self.key(name)] { return hit }
        return nil
    }
}
