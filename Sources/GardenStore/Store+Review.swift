extension Store {
    /// The review queue of the selected rows (``ReviewQueue``): the flagged ones, grouped so one
    /// correction settles each group, largest first.
    public func reviewQueue(_ selection: RowSelection = .all) throws -> ReviewQueue {
        var entries: [LedgerEntry] = []
        try forEachLedgerEntry(selection, reviewOnly: true) { entries.append($0) }
        return ReviewQueue(entries)
    }

    /// Visits the selected rows as entries (``LedgerEntry``) by date, then row id (rows without a date
    /// first); `reviewOnly`: only the rows flagged for review.
    public func forEachLedgerEntry(_ selection: RowSelection, reviewOnly: Bool = false, _ body: (LedgerEntry) throws -> Void) throws {
        var conditions: [String] = []
        var values: [Statement.Value] = []
        if let from = selection.from {
            values.append(.text(from))
            conditions.append("date >= ?\(values.count)")
        }
        if let before = selection.before {
            values.append(.text(before))
            conditions.append("date < ?\(values.count)")
        }
        let statement = try db.prepare("SELECT \(ledgerColumns) FROM ledger" + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "))
                                       + " ORDER BY date, row_id")
        try statement.bind(values)
        while try statement.step() {
            let entry = LedgerEntry(ledgerRow(statement))
            if !reviewOnly || entry.resolution.review { try body(entry) }
        }
    }
}
