import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenLedger
import GardenSQLite

/// Reads the ledger of a store of an older schema: the packed `body` of schema 7 (``LedgerBody``, its shapes
/// in `ledger_shape`, its merchant keys, categories and sources in `ledger_term`) or the texts in columns of
/// their own before it (``LedgerText``). For a store opened only to read (never migrated then) and for the
/// migrations that convert such a ledger. Shapes and terms never change once committed, so they are kept.
final class LegacyLedgerReader {
    let db: Database
    private var shapes: [Int64: [UInt8]] = [:]
    private var terms: [Int64: String] = [:]
    private var shapeStatement: Statement?
    private var termStatement: Statement?

    init(_ db: Database) { self.db = db }

    func shape(_ id: Int64) -> [UInt8]? {
        if let shape = shapes[id] { return shape }
        guard let statement = shapeStatement ?? (try? db.prepare("SELECT shape FROM ledger_shape WHERE id = ?1")) else { return nil }
        shapeStatement = statement
        defer { statement.reset() }
        guard (try? statement.bind(.integer(id))) != nil, (try? statement.step()) == true, let shape = statement.blob(0) else { return nil }
        shapes[id] = shape
        return shape
    }

    /// The text a term id names ("" when unknown).
    func term(_ id: Int64) -> String {
        if let term = terms[id] { return term }
        guard let statement = termStatement ?? (try? db.prepare("SELECT term FROM ledger_term WHERE id = ?1")) else { return "" }
        termStatement = statement
        defer { statement.reset() }
        guard (try? statement.bind(.integer(id))) != nil, (try? statement.step()) == true, let term = statement.text(0) else { return "" }
        terms[id] = term
        return term
    }

    /// The row at the statement's cursor, selected as ``Store/ledgerColumns`` names for `layout`: its input
    /// line and resolution unpacked (both empty when the body cannot be read).
    func row(_ s: Statement, layout: LedgerLayout) -> LedgerRow {
        guard layout == .body else {
            return LedgerRow(rowID: s.text(0) ?? "", raw: s.ledgerText(1) ?? "", folded: s.text(2) ?? "", merchantKey: s.text(3),
                             direction: s.text(4), date: s.text(5), resolution: s.ledgerText(9) ?? "", category: s.text(6) ?? "",
                             source: s.text(7) ?? "", rule: s.text(8))
        }
        var row = LedgerRow(rowID: s.text(0) ?? "", raw: "", folded: s.text(2) ?? "", merchantKey: s.isNull(3) ? nil : term(s.int(3)),
                            direction: s.text(4), date: s.text(5), resolution: "", category: term(s.int(6)), source: term(s.int(7)), rule: s.text(8))
        let context = LedgerBody.context(row)
        if let texts = s.withBlob(1, { LedgerBody.unpack($0, context: context, shape: shape) }) {
            row.raw = texts.raw
            row.resolution = texts.resolution
        }
        return row
    }
}

extension Store {
    /// Migration 7's conversion: the ledger of a store before it (input line and resolution in their own
    /// columns, TEXT or ``LedgerText`` format 1; `recorded_at` a row) into `ledger_v7`: the same rows with the
    /// same rowids (the full-text index refers to them), each body in format 3 (``LedgerBody/unsplit(raw:resolution:)``),
    /// one `ledger_batch` per distinct time, one `ledger_term` per merchant key, category and source.
    static func convertLedgerToBodies(_ db: Database) throws {
        var terms: [String: Int64] = [:]
        let addTerm = try db.prepare("INSERT INTO ledger_term(term) VALUES (?1)")
        func term(_ text: String?) throws -> Statement.Value {
            guard let text else { return .null }
            if let id = terms[text] { return .integer(id) }
            try addTerm.bind(.text(text)).run()
            terms[text] = db.lastInsertRowID
            return .integer(db.lastInsertRowID)
        }
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
            let recordedAt = read.text(11) ?? ""
            if batches[recordedAt] == nil {
                try batch.bind(.text(recordedAt)).run()
                batches[recordedAt] = db.lastInsertRowID
            }
            let body = LedgerBody.unsplit(raw: read.ledgerText(2) ?? "", resolution: read.ledgerText(7) ?? "")
            try write.bind(.integer(read.int(0)), .text(read.text(1) ?? ""), .blob(body), .text(read.text(3) ?? ""), try term(read.text(4)),
                           value(read.text(5)), value(read.text(6)), try term(read.text(8) ?? ""), try term(read.text(9) ?? ""), value(read.text(10)),
                           .integer(batches[recordedAt]!)).run()
        }
        read.reset()
    }

    /// Migration 8's conversion: every row of a schema-7 ledger (its packed body, its terms) into `ledger_v8`'s
    /// plain columns, with the same rowid (the full-text index refers to them) and write (`ledger_batch`).
    static func convertLedgerToColumns(_ db: Database) throws {
        let legacy = LegacyLedgerReader(db)
        let read = try db.prepare("SELECT row_id, body, folded, merchant_key_term, direction, date, category_term, source_term, rule, rowid, batch FROM ledger ORDER BY rowid")
        let names = LedgerColumns.names
        let write = try db.prepare("INSERT INTO ledger_v8(\(names.joined(separator: ", ")), batch, rowid) VALUES ("
            + (1...names.count + 2).map { "?\($0)" }.joined(separator: ", ") + ")")
        while try read.step() {
            let row = legacy.row(read, layout: .body)
            try runLedgerColumns(write, row) { write in
                try write.bindInteger(Int32(names.count + 1), read.isNull(10) ? nil : read.int(10))
                try write.bindInteger(Int32(names.count + 2), read.int(9))
            }
        }
        read.reset()
    }
}
