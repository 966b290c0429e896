import GardenSQLite
/// A recorded row as measuring a proposed rule needs it.
public struct ImpactRow: Sendable {
    public var rowID: String
    /// The folded descriptor.
    public var folded: String
    /// The row's merchant identity key when it was recorded.
    public var merchantKey: String?
    public var category: String
    public var source: String
    public var direction: String?
    /// The resolution object as written to stdout.
    public var resolution: String
}

extension Store {
    /// Up to `limit` recorded rows a proposed rule could match: those recorded under `merchantKey`, and
    /// those whose folded descriptor holds every word of `words` (full-text index).
    public func impactCandidates(merchantKey: String?, words: [String], limit: Int) throws -> [ImpactRow] {
        var rows: [ImpactRow] = []
        var seen: Set<String> = []
        func collect(_ statement: Statement) throws {
            while try statement.step(), rows.count < limit {
                let stored = ledgerRow(statement)
                let row = ImpactRow(rowID: stored.rowID, folded: stored.folded, merchantKey: stored.merchantKey, category: stored.category,
                                    source: stored.source, direction: stored.direction, resolution: stored.resolution)
                if seen.insert(row.rowID).inserted { rows.append(row) }
            }
        }
        let columns = ledgerColumns
        if let merchantKey {
            let statement = try db.prepare("SELECT \(columns) FROM ledger WHERE \(ledgerLayout == .body ? "merchant_key_term = (SELECT id FROM ledger_term WHERE term = ?1)" : "merchant_key = ?1") LIMIT ?2")
            try statement.bind(.text(merchantKey), .integer(Int64(limit)))
            try collect(statement)
        }
        if !words.isEmpty {
            let query = words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "") + "\"" }.joined(separator: " ")
            let statement = try db.prepare("SELECT \(columns) FROM ledger WHERE rowid IN (SELECT rowid FROM ledger_fts WHERE ledger_fts MATCH ?1 LIMIT ?2)")
            try statement.bind(.text(query), .integer(Int64(limit)))
            try collect(statement)
        }
        return rows
    }
}
