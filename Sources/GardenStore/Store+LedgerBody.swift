extension Store {
    /// The ledger's columns as ``ledgerRow(_:)`` reads them. A store of a schema before migration 7,
    /// opened only to read (never migrated then), still has the input line and resolution in columns
    /// of their own: its rows are read from those.
    var ledgerColumns: String {
        ledgerHasBody ? "row_id, body, folded, merchant_key_term, direction, date, category_term, source_term, rule"
            : "row_id, raw, folded, merchant_key, direction, date, category, source, rule, resolution"
    }

    /// The row at the statement's cursor (selected as ``ledgerColumns``), its input line and resolution
    /// unpacked from `body` (``LedgerBody``); both empty when the body cannot be read.
    func ledgerRow(_ s: Statement) -> LedgerRow {
        guard ledgerHasBody else {
            return LedgerRow(rowID: s.text(0) ?? "", raw: s.ledgerText(1) ?? "", folded: s.text(2) ?? "", merchantKey: s.text(3),
                             direction: s.text(4), date: s.text(5), resolution: s.ledgerText(9) ?? "", category: s.text(6) ?? "",
                             source: s.text(7) ?? "", rule: s.text(8))
        }
        var row = LedgerRow(rowID: s.text(0) ?? "", raw: "", folded: s.text(2) ?? "",
                            merchantKey: s.isNull(3) ? nil : ledgerTerms.text(s.int(3), db: db), direction: s.text(4), date: s.text(5),
                            resolution: "", category: ledgerTerms.text(s.int(6), db: db), source: ledgerTerms.text(s.int(7), db: db), rule: s.text(8))
        let context = LedgerBody.context(row)
        if let texts = s.withBlob(1, { LedgerBody.unpack($0, context: context, shape: { ledgerShapes.value($0, db: db) }) }) {
            row.raw = texts.raw
            row.resolution = texts.resolution
        }
        return row
    }

    /// The `ledger_term` id of `text` (NULL for nil), added when new; inside the caller's write transaction.
    func term(_ text: String?) throws -> Statement.Value {
        guard let text else { return .null }
        return .integer(try ledgerTerms.id(of: text, db: db))
    }

    /// `row`'s input line and resolution as stored (``LedgerBody``), new shapes added to `ledger_shape`;
    /// inside the caller's write transaction.
    func storedBody(_ row: LedgerRow) throws -> Statement.Value {
        let packed = row.packed ?? LedgerBody.pack(row)
        guard let shapes = packed.shapes else { return .blob(packed.bytes) }
        let raw = try ledgerShapes.id(of: shapes.raw, db: db)
        let resolution = try ledgerShapes.id(of: shapes.resolution, db: db)
        return .blob(LedgerBody.body(packed, rawShape: raw, resolutionShape: resolution))
    }

    /// Gives the ledger row `current` (as stored now, read in this transaction) a new resolution,
    /// category, source and rule; its input line, date and direction stay.
    func writeResolution(of current: LedgerRow, resolution: String, category: String, source: String, rule: String?) throws {
        var row = current
        row.resolution = resolution
        row.category = category
        row.source = source
        row.rule = rule
        let statement = try ledgerStatements.prepare("UPDATE ledger SET body = ?2, category_term = ?3, source_term = ?4, rule = ?5 WHERE row_id = ?1")
        try statement.bind(.text(row.rowID), try storedBody(row), try term(category), try term(source), Self.value(rule))
        try statement.run()
    }

    /// Converts the ledger of a store before migration 7 (input line and resolution in their own
    /// columns, TEXT or ``LedgerText`` format 1; `recorded_at` a row) into `ledger_v7`: the same rows
    /// with the same rowids (the full-text index refers to them), one `ledger_batch` per distinct time.
    static func convertLedgerToBodies(_ db: Database) throws {
        let shapes = InternedValues.shapes(), terms = InternedValues.terms()
        func term(_ text: String?) throws -> Statement.Value { try text.map { .integer(try terms.id(of: $0, db: db)) } ?? .null }
        let read = try db.prepare("""
            SELECT rowid, row_id, raw, folded, merchant_key, direction, date, resolution, category, source, rule, recorded_at
            FROM ledger ORDER BY rowid
            """)
        let batch = try db.prepare("INSERT INTO ledger_batch(recorded_at) VALUES (?1)")
        let write = try db.prepare("""
            INSERT INTO ledger_v7(rowid, row_id, body, folded, merchant_key_term, direction, date, category_term, source_term, rule, batch)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
            """)
        var batches: [String: Int64] = [:]
        while try read.step() {
            let row = LedgerRow(rowID: read.text(1) ?? "", raw: read.ledgerText(2) ?? "", folded: read.text(3) ?? "", merchantKey: read.text(4),
                                direction: read.text(5), date: read.text(6), resolution: read.ledgerText(7) ?? "", category: read.text(8) ?? "",
                                source: read.text(9) ?? "", rule: read.text(10))
            let recordedAt = read.text(11) ?? ""
            if batches[recordedAt] == nil {
                try batch.bind(.text(recordedAt))
                try batch.run()
                batches[recordedAt] = db.lastInsertRowID
            }
            let packed = LedgerBody.pack(row)
            var body = packed.bytes
            if let texts = packed.shapes {
                body = LedgerBody.body(packed, rawShape: try shapes.id(of: texts.raw, db: db), resolutionShape: try shapes.id(of: texts.resolution, db: db))
            }
            try write.bind(.integer(read.int(0)), .text(row.rowID), .blob(body), .text(row.folded), try term(row.merchantKey), value(row.direction),
                           value(row.date), try term(row.category), try term(row.source), value(row.rule), .integer(batches[recordedAt]!))
            try write.run()
        }
        read.reset()
    }
}
