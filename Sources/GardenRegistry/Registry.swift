import Foundation
import GardenStore
import GardenFoundation
import GardenSQLite
import GardenFiles

/// The company registry database: Receita Federal's public CNPJ tables, shared by every user of the
/// machine and never part of anyone's learned state (a database of its own, beside the store by
/// default). Schema: ``RegistrySchema``.
///
/// Path: `--registry PATH`, else `$GARDEN_REGISTRY`, else `registry.db` in the store's folder.
public final class Registry {
    public let db: Database
    public let path: String
    /// The time written into the import log.
    public let clock: WallClock

    /// The registry path for a command: the explicit one, else `$GARDEN_REGISTRY`, else `registry.db`
    /// beside the store at `storePath`.
    public static func path(explicit: String?, environment: [String: String], storePath: String) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let path = environment["GARDEN_REGISTRY"], !path.isEmpty { return path }
        return FilePath.directory(of: storePath) + "/registry.db"
    }

    /// Opens the registry for writing, creating it (and its folder) on first use. An existing file is
    /// first checked read-only, so a file that is not a registry, or one garden may not write, is
    /// never changed. The journal is a rollback journal (`DELETE`), not WAL: the registry is shared by
    /// the machine's users, who read it without write access to its folder.
    /// The path follows garden's one rule for files it writes (``OutputTarget``, updated in place): never a store in
    /// `stores` or one of its files, a companion name of any database (`garden.db-wal`), nor anything that is not a
    /// regular file.
    /// - Throws: ``RegistryError/notARegistry(_:)``, ``RegistryError/readOnly(_:)``; ``OutputRefusal`` for a path the
    ///   rule refuses; ``StoreError`` when SQLite cannot open or migrate it.
    public init(path: String, clock: WallClock = .system, protecting stores: [String] = []) throws {
        let folder = FilePath.folder(of: path)
        if !folder.isEmpty { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        if FileManager.default.fileExists(atPath: path) {
            guard access(path, W_OK) == 0, access(FilePath.directory(of: path), W_OK) == 0 else { throw RegistryError.readOnly(path) }
            try Self.requireRegistry(path)
        }
        // What requireRegistry does not see: a store's empty -wal, a link to nothing, a device or a FIFO.
        _ = try OutputTarget(path, what: "the registry", replacing: true, protecting: stores, mode: .update) { _ in true }
        db = try Database(path: path)
        self.path = path
        self.clock = clock
        // Opening a Database never writes; a writer sets the journal mode itself.
        try db.execute("PRAGMA journal_mode=DELETE")
        try db.execute("PRAGMA synchronous=NORMAL")
        try Migrations.migrate(db, RegistrySchema.all, conversions: [:], applicationID: nil)
    }

    /// Throws ``RegistryError/notARegistry(_:)`` unless the file at `path` is a garden registry (or an
    /// empty database), reading it without writing.
    static func requireRegistry(_ path: String, immutable: Bool = false) throws {
        let isRegistry: Bool
        do {
            isRegistry = try RegistrySchema.isRegistry(Database(path: path, readOnly: true, immutable: immutable))
        } catch is StoreRefusal {
            isRegistry = false
        } catch let error as StoreError where error.resultCode == 26 {   // not an SQLite database
            isRegistry = false
        }
        guard isRegistry else { throw RegistryError.notARegistry(path) }
    }

    /// Rows per table, for `registry import`'s summary and the tests.
    public func counts() throws -> [String: Int] {
        var out: [String: Int] = [:]
        for table in ["establishment", "company", "cnae", "legal_nature", "municipality"] {
            let statement = try db.prepare("SELECT COUNT(*) FROM \(table)")
            _ = try statement.step()
            out[table] = Int(statement.int(0))
        }
        return out
    }

    /// Records one imported file in the import log.
    func log(file: String, table: ReceitaTable, rows: Int, rejected: Int) throws {
        try db.prepare("INSERT INTO import_log(file, table_name, rows, rejected, imported_at) VALUES (?1, ?2, ?3, ?4, ?5)")
            .bind(.text(file), .text(table.rawValue), .integer(Int64(rows)), .integer(Int64(rejected)), .text(clock.timestamp()))
            .run()
    }
}
