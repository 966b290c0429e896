import Foundation
import GardenCore

/// garden's learned state and ledger in one SQLite database: WAL, a versioned schema (``Migrations``),
/// every write inside one transaction, readers working while a writer runs.
///
/// Path: `--db PATH`, else `$GARDEN_DB`, else `~/.local/share/garden/garden.db`.
public final class Store {
    public let db: Database
    public let path: String

    /// The default database path for an environment.
    public static func defaultPath(_ environment: [String: String]) -> String {
        if let path = environment["GARDEN_DB"], !path.isEmpty { return path }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.local/share/garden/garden.db"
    }

    /// Opens the store at `path`, creating it (and its folder) on first use and migrating the schema.
    public init(path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let isNew = !FileManager.default.fileExists(atPath: path)
        db = try Database(path: path)
        self.path = path
        // A ledger is financial data: readable by its owner only.
        if isNew { try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path) }
        try Migrations.migrate(db)
    }

    /// Opens the store only if its file exists (`resolve` without `--record` never creates one).
    public static func openIfPresent(path: String) throws -> Store? {
        FileManager.default.fileExists(atPath: path) ? try Store(path: path) : nil
    }

    /// The current time as people read it in reports (ISO 8601, UTC).
    public static func nowForDisplay() -> String { now() }

    static func now() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date())
    }

    // MARK: ledger

    /// Upserts rows by `row_id`; a row whose raw line and resolution are unchanged is left alone.
    /// Returns how many rows were inserted or changed.
    @discardableResult
    public func record(_ rows: [LedgerRow]) throws -> Int {
        let statement = try db.prepare("""
            INSERT INTO ledger(row_id, raw, folded, merchant_key, direction, date, resolution, category, source, rule, recorded_at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
            ON CONFLICT(row_id) DO UPDATE SET raw = excluded.raw, folded = excluded.folded, merchant_key = excluded.merchant_key,
                direction = excluded.direction, date = excluded.date, resolution = excluded.resolution,
                category = excluded.category, source = excluded.source, rule = excluded.rule, recorded_at = excluded.recorded_at
            WHERE ledger.raw IS NOT excluded.raw OR ledger.resolution IS NOT excluded.resolution
            """)
        let stamp = Self.now()
        return try db.transaction {
            var changed = 0
            for row in rows {
                try statement.bind(.text(row.rowID), .text(row.raw), .text(row.folded), Self.value(row.merchantKey), Self.value(row.direction),
                                   Self.value(row.date), .text(row.resolution), .text(row.category), .text(row.source), Self.value(row.rule), .text(stamp))
                try statement.run()
                changed += db.changes
            }
            return changed
        }
    }

    static func value(_ text: String?) -> Statement.Value { text.map { .text($0) } ?? .null }

    static let ledgerColumns = "row_id, raw, folded, merchant_key, direction, date, resolution, category, source, rule"

    static func ledgerRow(_ s: Statement) -> LedgerRow {
        LedgerRow(rowID: s.text(0) ?? "", raw: s.text(1) ?? "", folded: s.text(2) ?? "", merchantKey: s.text(3), direction: s.text(4),
                  date: s.text(5), resolution: s.text(6) ?? "", category: s.text(7) ?? "", source: s.text(8) ?? "", rule: s.text(9))
    }

    public func ledgerRow(id: String) throws -> LedgerRow? {
        let statement = try db.prepare("SELECT \(Self.ledgerColumns) FROM ledger WHERE row_id = ?1")
        try statement.bind(.text(id))
        return try statement.step() ? Self.ledgerRow(statement) : nil
    }

    public func ledgerCount() throws -> Int {
        let statement = try db.prepare("SELECT COUNT(*) FROM ledger")
        _ = try statement.step()
        return Int(statement.int(0))
    }

    /// Visits ledger rows in `row_id` order: all of them, those on or after `since`, or those whose
    /// folded descriptor contains every word of `words` (found through the full-text index).
    public func forEachLedgerRow(since: String? = nil, containing words: [String]? = nil, _ body: (LedgerRow) throws -> Void) throws {
        var sql = "SELECT \(Self.ledgerColumns) FROM ledger"
        var values: [Statement.Value] = []
        var conditions: [String] = []
        if let words, !words.isEmpty {
            // Each word a quoted FTS5 string; a trailing * asks for a prefix ("uber"*).
            let query = words.map { word -> String in
                let prefix = word.hasSuffix("*")
                let bare = word.replacingOccurrences(of: "\"", with: "").replacingOccurrences(of: "*", with: "")
                return "\"" + bare + "\"" + (prefix ? "*" : "")
            }.joined(separator: " ")
            conditions.append("rowid IN (SELECT rowid FROM ledger_fts WHERE ledger_fts MATCH ?\(values.count + 1))")
            values.append(.text(query))
        }
        if let since {
            conditions.append("date >= ?\(values.count + 1)")
            values.append(.text(since))
        }
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql += " ORDER BY row_id"
        let statement = try db.prepare(sql)
        try statement.bind(values)
        while try statement.step() { try body(Self.ledgerRow(statement)) }
    }

    /// Folds the write-ahead log back into the database after a large write (`resolve --record`,
    /// `recategorize`), so the next command does not pay for it.
    public func checkpoint() {
        try? db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// Rows counted per user rule that decided them.
    public func ruleHits() throws -> [String: Int] {
        let statement = try db.prepare("SELECT rule, COUNT(*) FROM ledger WHERE rule IS NOT NULL GROUP BY rule")
        var hits: [String: Int] = [:]
        while try statement.step() { hits[statement.text(0) ?? ""] = Int(statement.int(1)) }
        return hits
    }
}
