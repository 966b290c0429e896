import CSQLite
import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenLedger
import GardenSQLite

/// How a store's ledger keeps its rows: plain columns (migration 8), or, in a store of an older schema
/// opened only to read (never migrated then), a packed `body` (schema 7) or the texts in columns of their
/// own (before 7).
enum LedgerLayout {
    case columns, body, texts
}

extension Store {
    /// The ledger's columns as ``ledgerRow(_:)`` reads them, for the store's layout.
    package var ledgerColumns: String {
        switch ledgerLayout {
        case .columns: Self.columnList
        case .body: "row_id, body, folded, merchant_key_term, direction, date, category_term, source_term, rule"
        case .texts: "row_id, raw, folded, merchant_key, direction, date, category, source, rule, resolution"
        }
    }

    static let columnList = LedgerColumns.names.joined(separator: ", ")

    /// The row at the statement's cursor (selected as ``ledgerColumns``).
    package func ledgerRow(_ s: Statement) -> LedgerRow {
        guard ledgerLayout == .columns else { return legacyLedger.row(s, layout: ledgerLayout) }
        let columns = ledgerColumns(s)
        return LedgerRow(columns, raw: s.text(8) ?? "", folded: s.text(7) ?? "", resolution: columns.verbatimResolution ?? columns.entry.resolution.json())
    }

    /// The typed columns at the statement's cursor (layout 8, selected as ``LedgerColumns/names``).
    func ledgerColumns(_ s: Statement) -> LedgerColumns {
        func int(_ column: Int32) -> Int? { s.isNull(column) ? nil : Int(s.int(column)) }
        let rowID = s.text(0) ?? ""
        let input = LedgerInput(amount: s.isNull(10) ? nil : s.int(10), currency: s.text(12) ?? "BRL", minorDigits: int(11) ?? 2, account: s.text(13),
                                description: s.text(14) ?? "", memo: s.text(15))
        let installment = int(30).flatMap { number in int(31).map { Installment(number: number, total: $0) } }
        let resolution = LedgerResolution(merchant: s.text(16), merchantKind: s.text(17) ?? "unknown", brand: s.text(18), intermediary: s.text(19),
                                          seller: s.text(20), document: s.text(21), merchantConfidence: Confidence(perMille: int(22) ?? 0),
                                          merchantSource: s.text(23) ?? "none", category: s.text(4) ?? "", categoryName: s.text(24) ?? "",
                                          confidence: Confidence(perMille: int(25) ?? 0), source: s.text(5) ?? "", budget: s.text(26),
                                          budgetName: s.text(27), review: s.int(28) != 0, reviewReasons: LedgerColumns.reasons(s.text(29)),
                                          installment: installment, direction: s.text(6), flow: s.text(32) ?? "expense", rowID: rowID)
        let entry = LedgerEntry(rowID: rowID, date: s.text(1), merchantKey: s.text(2), rule: s.text(3), input: input, resolution: resolution)
        return LedgerColumns(entry: entry, verbatimResolution: s.text(9))
    }

    /// Runs `statement` with `row`'s columns bound as `?1`… in ``LedgerColumns/names`` order (its texts as given, the
    /// rest derived from them unless ``LedgerRow/prepare()`` did it ahead) and whatever `more` binds after them; returns
    /// whether the row is flagged for review. The texts are bound from one buffer (``TextBindings``), not copied one by one.
    @discardableResult
    static func runLedgerColumns(_ statement: Statement, _ row: LedgerRow, more: (Statement) throws -> Void = { _ in }) throws -> Bool {
        statement.reset()
        let columns = row.columns ?? LedgerColumns(row)
        let e = columns.entry, r = e.resolution, i = e.input
        var texts = TextBindings(texts: 26, bytes: 1024)
        texts.append(1, row.rowID); texts.append(2, row.date); texts.append(3, row.merchantKey); texts.append(4, row.rule)
        texts.append(5, row.category); texts.append(6, row.source); texts.append(7, row.direction); texts.append(8, row.folded)
        texts.append(9, row.raw); texts.append(10, columns.verbatimResolution); texts.append(13, i.currency); texts.append(14, i.account)
        texts.append(15, i.description); texts.append(16, i.memo); texts.append(17, r.merchant); texts.append(18, r.merchantKind)
        texts.append(19, r.brand); texts.append(20, r.intermediary); texts.append(21, r.seller); texts.append(22, r.document)
        texts.append(24, r.merchantSource); texts.append(25, r.categoryName); texts.append(27, r.budget); texts.append(28, r.budgetName)
        texts.append(30, LedgerColumns.reasonsText(r.reviewReasons)); texts.append(33, r.flow)
        try texts.run(statement) {
            try statement.bindInteger(11, i.amount)
            try statement.bindInteger(12, Int64(i.minorDigits))
            try statement.bindInteger(23, Int64(r.merchantConfidence.perMille))
            try statement.bindInteger(26, Int64(r.confidence.perMille))
            try statement.bindInteger(29, r.review ? 1 : 0)
            try statement.bindInteger(31, r.installment.map { Int64($0.number) })
            try statement.bindInteger(32, r.installment.map { Int64($0.total) })
            try more(statement)
            try statement.runBound()
        }
        return r.review
    }

    /// Upserts one row by `row_id` (its columns bound as `?1`…, the write as `?34`), leaving a row whose every
    /// column is unchanged as it is.
    /// `resolved_under` is `?35` (NULL when unbound): set with a row that changed; a row left as it is keeps its own (at
    /// worst one `recategorize` resolves again, never one it skips wrongly).
    static let upsertSQL: String = {
        let names = LedgerColumns.names
        let parameters = (1...names.count + 2).map { "?\($0)" }.joined(separator: ", ")
        let updated = names.dropFirst()
        return "INSERT INTO ledger(\(names.joined(separator: ", ")), batch, resolved_under) VALUES (\(parameters)) ON CONFLICT(row_id) DO UPDATE SET "
            + (updated + ["batch", "resolved_under"]).map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
            + " WHERE " + updated.map { "ledger.\($0) IS NOT excluded.\($0)" }.joined(separator: " OR ")
    }()

    /// Gives the ledger row `current` (as stored now, read in this transaction) a new resolution,
    /// category, source and rule; its input line, date and direction stay. Every column is derived again
    /// from its texts. Its `resolved_under` becomes NULL (not known: `recategorize` marks the rows it resolved afterwards).
    func writeResolution(of current: LedgerRow, resolution: String, category: String, source: String, rule: String?) throws {
        var row = current
        row.resolution = resolution
        row.category = category
        row.source = source
        row.rule = rule
        let names = LedgerColumns.names
        let statement = try ledgerStatements.prepare("UPDATE ledger SET " + names.enumerated().dropFirst().map { "\($0.element) = ?\($0.offset + 1)" }
            .joined(separator: ", ") + (hasResolvedUnder ? ", resolved_under = NULL" : "") + " WHERE row_id = ?1")
        try Self.runLedgerColumns(statement, row)
    }
}

extension Statement {
    /// Binds a text, or NULL for nil (an empty text stays empty).
    func bindText(_ index: Int32, _ text: String?) throws(StoreError) {
        guard var text else {
            try bindInteger(index, nil)
            return
        }
        let code = text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return garden_sqlite3_bind_text_transient(handle, index, "", 0) }
            return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { garden_sqlite3_bind_text_transient(handle, index, $0, Int32(bytes.count)) }
        }
        guard code == SQLITE_OK else { throw database.error(code, sql) }
    }
}
