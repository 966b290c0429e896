import GardenSQLite
/// Whether an SQLite file is garden's to use, decided from its header and table names before anything
/// is written: garden's `application_id` (or, for stores made before it was set, garden's tables and a
/// known schema version), a schema no newer than this garden's, or an empty database.
enum StoreOwnership {
    /// `PRAGMA application_id` of a garden store: "GRDN".
    static let applicationID: Int64 = 0x4752_444E

    /// The tables every garden store has had since migration 1.
    static let signature: Set<String> = ["ledger", "overrides", "memory", "rules", "journal", "journal_rows"]

    enum State: Equatable {
        /// No table at all (a new or zero-length file): a store may be made here.
        case empty
        /// A garden store at schema version `version`.
        case garden(version: Int)
    }

    /// Reads the header and the table names; throws a refusal for a file that is not garden's, or whose
    /// schema is newer than this garden's.
    static func check(_ db: Database) throws -> State {
        let header: (application: Int64, version: Int64, tables: [String])
        do {
            // One snapshot: read statement by statement, another garden's first migration committing in
            // between showed its tables with the header of an empty file (a store "garden does not own").
            header = try db.reading {
                (try integer(db, "PRAGMA application_id"), try integer(db, "PRAGMA user_version"),
                 try db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all { $0.text(0) ?? "" })
            }
        } catch let error as StoreError where error.resultCode == 26 {   // SQLITE_NOTADB
            throw StoreRefusal.refused("\(db.path) is not an SQLite database; garden leaves it untouched")
        } catch let error as StoreError where error.isDamaged {
            throw StoreRefusal.refused(StoreError.damaged(db.path, error.message))
        }
        let known = Migrations.all.count
        if header.application == 0, header.version == 0, header.tables.isEmpty { return .empty }
        let ours = header.application == applicationID
            || (header.application == 0 && header.version > 0 && signature.isSubset(of: Set(header.tables)))
        guard ours else {
            let tables = header.tables.prefix(5).joined(separator: ", ")
            throw StoreRefusal.refused("\(db.path) is an SQLite database garden does not own (tables: \(tables.isEmpty ? "none" : tables); "
                + "application_id \(header.application)); garden leaves it untouched: give --db a new path")
        }
        guard header.version <= known else {
            throw StoreRefusal.refused("\(db.path) has schema version \(header.version), newer than this garden's \(known); "
                + "garden leaves it untouched: use the garden that wrote it, or a newer one")
        }
        return .garden(version: Int(header.version))
    }

    static func integer(_ db: Database, _ sql: String) throws -> Int64 {
        let statement = try db.prepare(sql)
        defer { statement.reset() }
        return try statement.step() ? statement.int(0) : 0
    }
}
