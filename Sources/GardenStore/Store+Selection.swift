import GardenLedger
import GardenSQLite
extension Store {
    /// Visits the selected rows by date, then row id (rows without a date first); `reviewOnly`: only the
    /// rows flagged for review.
    public func forEachLedgerRow(_ selection: RowSelection, reviewOnly: Bool = false, _ body: (LedgerRow) throws -> Void) throws {
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
        let filtered = reviewOnly && ledgerLayout == .columns
        if filtered { conditions.append("review = 1") }
        let statement = try db.prepare("SELECT \(ledgerColumns) FROM ledger" + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "))
                                       + " ORDER BY date, row_id")
        try statement.bind(values)
        while try statement.step() {
            let row = ledgerRow(statement)
            if !reviewOnly || filtered || LedgerEntry(row).resolution.review { try body(row) }
        }
    }

    /// Visits the selected rows as entries (``LedgerEntry``), in the order of ``forEachLedgerRow(_:reviewOnly:_:)``.
    public func forEachLedgerEntry(_ selection: RowSelection, reviewOnly: Bool = false, _ body: (LedgerEntry) throws -> Void) throws {
        try forEachLedgerRow(selection, reviewOnly: reviewOnly) { try body(LedgerEntry($0)) }
    }
}

extension Store {
    /// Every row's link ids (`garden links`), ascending, by row id; rows in no link are absent.
    public func linkIDsByRow() throws -> [String: [Int64]] {
        let statement = try db.prepare("SELECT row_id, link_id FROM link_rows ORDER BY row_id, link_id")
        var ids: [String: [Int64]] = [:]
        while try statement.step() { ids[statement.text(0) ?? "", default: []].append(statement.int(1)) }
        return ids
    }
}

extension Store {
    /// When `rowID` was last written by `resolve --record` (`ledger_batch`, ISO 8601 UTC); nil for a row not
    /// in the ledger or an older store.
    public func recordedAt(rowID: String) throws -> String? {
        guard ledgerLayout != .texts else { return nil }
        let statement = try db.prepare("SELECT b.recorded_at FROM ledger l JOIN ledger_batch b ON b.id = l.batch WHERE l.row_id = ?1")
        try statement.bind(.text(rowID))
        defer { statement.reset() }
        return try statement.step() ? statement.text(0) : nil
    }

    /// The latest journal entry that changed `rowID`'s resolution and was undone since, if any.
    public func lastUndoneChange(rowID: String) throws -> JournalEntry? {
        let statement = try db.prepare("""
            SELECT j.id, j.kind, j.summary, j.created_at FROM journal_rows r JOIN journal j ON j.id = r.journal_id
            WHERE r.tbl = 'ledger' AND r.key = ?1 AND j.undone = 1 ORDER BY j.id DESC LIMIT 1
            """)
        try statement.bind(.text(rowID))
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return JournalEntry(id: statement.int(0), kind: statement.text(1) ?? "", summary: statement.text(2) ?? "", createdAt: statement.text(3) ?? "", undone: true)
    }
}
