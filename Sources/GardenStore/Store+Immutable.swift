import Foundation

extension Store {
    /// Opens the store at `path` for reading only, immutable (``Database/isImmutable``): no lock, no WAL, no
    /// shared-memory file, no migration and no key file are ever written, so a snapshot (``snapshot(from:to:)``)
    /// can be read from a read-only file system or from many processes at once.
    ///
    /// - Throws: ``StoreRefusal`` when the file is missing (`.missing`), is not a garden store or has a schema
    ///   other than this garden's (`.unusable`), or has a write-ahead log beside it whose rows an immutable
    ///   reader would not see (`.unusable`: a writer is running or stopped without checkpointing).
    public convenience init(immutable path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { throw StoreRefusal.missing(path) }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int, size > 0 {
            throw StoreRefusal.unusable(path, "it has a write-ahead log (\(path)-wal) that an immutable reader would miss; "
                + "make a snapshot with garden snapshot --db \(path) --out FILE and read that")
        }
        let db: Database
        let version: Int
        do {
            db = try Database(path: path, immutable: true)
            let statement = try db.prepare("PRAGMA user_version")
            _ = try statement.step()
            version = Int(statement.int(0))
            _ = try db.prepare("SELECT 1 FROM rules LIMIT 0")
        } catch {
            throw StoreRefusal.unusable(path, "not a garden store (\(error))")
        }
        guard version == Migrations.all.count else {
            throw StoreRefusal.unusable(path, "its schema is version \(version) and this garden reads version \(Migrations.all.count); "
                + "make a new snapshot with this garden")
        }
        self.init(opened: db, path: path)
    }
}
