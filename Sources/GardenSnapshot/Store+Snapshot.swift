import Foundation
import GardenSQLite
import GardenStore
import GardenFiles

/// What ``Store/snapshot(from:to:)`` wrote: row counts of the learned state and the file's size.
public struct SnapshotSummary: Sendable, Equatable {
    public var rules = 0
    public var overrides = 0
    public var memory = 0
    public var features = 0
    public var identities = 0
    /// Whether the identity key (`<db>.key`) was copied to `<out>.key`.
    public var keyCopied = false
    /// Ledger rows of the source left out.
    public var ledgerRowsLeftOut = 0
    /// The snapshot's size in bytes.
    public var bytes = 0
}

extension Store {
    /// Writes a compact, consistent copy of the learned state of the store at `source` to `destination`:
    /// stored rules, manual overrides, merchant memory, the naive-Bayes counts and the holder's identities,
    /// with no ledger rows, nothing linking derived from them and no journal (so no undo history), in
    /// rollback-journal mode (no `-wal` beside it), mode 0600. The identity key `<source>.key`, when there is
    /// one, is copied to `<destination>.key`.
    ///
    /// The copy is SQLite's `VACUUM INTO` (one read transaction: a writer running meanwhile is either wholly
    /// in or wholly out), migrated to the current schema, emptied of the ledger and vacuumed again, all in a
    /// temporary file renamed over `destination` at the end: a reader never sees half a snapshot.
    ///
    /// `destination` and `destination.key` follow garden's one rule for files it writes (``OutputTarget``): made
    /// new, or with `replacing` an earlier snapshot and its key (``isSnapshotFile(_:)``, ``isKeyFile(_:)``) replaced;
    /// never the store itself or its files however they are reached, another file, nor anything that is not a
    /// regular file. The temporary file is made new (never one that was there), mode 0600 from the start.
    /// - Throws: ``StoreRefusal`` when `source` is missing or is not a garden store this garden can read;
    ///   ``OutputRefusal`` when `destination` may not be written; ``StoreError`` when SQLite fails.
    @discardableResult
    public static func snapshot(from source: String, to destination: String, replacing: Bool = false, protecting others: [String] = []) throws -> SnapshotSummary {
        guard FileManager.default.fileExists(atPath: source) else { throw StoreRefusal.missing(source) }
        let target = try OutputTarget(destination, what: "the snapshot", replacing: replacing, protecting: [source] + others, isOwn: isSnapshotFile)
        let keyTarget = try OutputTarget(destination + ".key", what: "the snapshot's key", replacing: replacing, protecting: [source] + others,
                                         owner: destination, isOwn: isKeyFile)
        let temporary = try target.temporaryFile()
        defer { for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: temporary + suffix) } }
        do {
            let reader = try Database(path: source, readOnly: true)
            try checkSchema(reader, path: source)
            let vacuum = try reader.prepare("VACUUM INTO ?1")
            try vacuum.bind(.text(temporary))
            try vacuum.run()
        }
        var summary = try compact(temporary)
        _ = chmod(temporary, 0o600)
        if let key = IdentityKey.stored(databasePath: source) {
            try keyTarget.write(key)
            summary.keyCopied = true
        }
        try target.commit(temporary)
        summary.bytes = ((try? FileManager.default.attributesOfItem(atPath: destination))?[.size] as? Int) ?? 0
        return summary
    }

    /// A garden store of this schema version or an older one (the copy is migrated).
    static func checkSchema(_ db: Database, path: String) throws {
        let version: Int
        do {
            let statement = try db.prepare("PRAGMA user_version")
            _ = try statement.step()
            version = Int(statement.int(0))
            _ = try db.prepare("SELECT 1 FROM ledger, rules LIMIT 0")
        } catch {
            throw StoreRefusal.unusable(path, "not a garden store (\(error))")
        }
        guard version <= Migrations.all.count else {
            throw StoreRefusal.unusable(path, "its schema is version \(version), newer than this garden's \(Migrations.all.count)")
        }
    }

    /// Migrates the copy at `path`, drops its ledger and journal, vacuums it and leaves it in rollback-journal
    /// mode; returns what it holds.
    static func compact(_ path: String) throws -> SnapshotSummary {
        let copy = try Database(path: path)
        try Migrations.migrate(copy)
        var summary = SnapshotSummary()
        func count(_ table: String) throws -> Int {
            let statement = try copy.prepare("SELECT COUNT(*) FROM \(table)")
            _ = try statement.step()
            return Int(statement.int(0))
        }
        summary.ledgerRowsLeftOut = try count("ledger")
        try copy.transaction {
            try copy.execute("DELETE FROM ledger; DELETE FROM ledger_batch; DELETE FROM journal_rows; DELETE FROM journal")
            // What linking derived from the ledger's rows goes with them.
            try copy.execute("DELETE FROM link_dirty; DELETE FROM link_state; DELETE FROM link_facts; DELETE FROM links; DELETE FROM link_rows")
            try copy.execute("DELETE FROM unsettled_rows")      // which ledger rows await their posted twin
            try copy.execute("DELETE FROM row_aliases")         // other ids of ledger rows
            try copy.execute("DELETE FROM accounts")            // the accounts of ledger rows (names, identities)
            try copy.execute("DELETE FROM account_aliases")     // their other identities
        }
        try copy.execute("PRAGMA journal_mode=DELETE")
        try copy.execute("VACUUM")
        summary.rules = try count("rules")
        summary.overrides = try count("overrides")
        summary.memory = try count("memory")
        summary.features = try count("nb_feature")
        summary.identities = try count("me")
        return summary
    }
}
