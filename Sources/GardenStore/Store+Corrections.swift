import GardenSQLite
/// The corrections behind what memory says about a merchant, for `explain` ("which correction decided").
extension Store {
    /// One taught row: its id, the category taught, who taught it when, and the descriptor as printed.
    public struct TaughtRow: Sendable, Equatable {
        public var rowID: String
        public var category: String
        public var origin: String
        public var description: String?
    }

    /// The recorded rows of these merchant identity keys that were corrected by hand (`garden teach`), newest
    /// first, at most `limit`.
    public func taughtRows(merchantKeys: [String], direction: String?, limit: Int = 5) throws -> [TaughtRow] {
        guard !merchantKeys.isEmpty else { return [] }
        let marks = merchantKeys.indices.map { "?\($0 + 1)" }.joined(separator: ", ")
        var sql = """
            SELECT o.row_id, o.category, o.origin, l.description FROM overrides o JOIN ledger l ON l.row_id = o.row_id
            WHERE l.merchant_key IN (\(marks)) AND o.category IS NOT NULL
            """
        var values: [Statement.Value] = merchantKeys.map { .text($0) }
        if let direction {
            values.append(.text(direction))
            sql += " AND l.direction = ?\(values.count)"
        }
        values.append(.integer(Int64(limit)))
        sql += " ORDER BY o.origin DESC, o.row_id LIMIT ?\(values.count)"
        let statement = try db.prepare(sql)
        try statement.bind(values)
        return try statement.all { TaughtRow(rowID: $0.text(0) ?? "", category: $0.text(1) ?? "", origin: $0.text(2) ?? "", description: $0.text(3)) }
    }
}

extension Store {
    /// Merchant memory as stored: key, direction ("out", "in", "any"), category and its count of corrections.
    public func memoryEntries() throws -> [(key: String, direction: String, category: String, count: Int)] {
        let statement = try db.prepare("SELECT merchant_key, direction, category, count FROM memory ORDER BY merchant_key, direction, category")
        return try statement.all { (key: $0.text(0) ?? "", direction: $0.text(1) ?? "", category: $0.text(2) ?? "", count: Int($0.int(3))) }
    }
}
