import Foundation
import GardenSQLite

extension Store {
    /// Opens the store at `path` for reading only, immutable (``Database/isImmutable``): no lock, no WAL, no
    /// shared-memory file, no migration and no key file are ever written, so a snapshot (``snapshot(from:to:)``)
    /// can be read from a read-only file system or from many processes at once.
    ///
    /// - Throws: ``StoreRefusal/missing(_:)`` when there is no file; ``StoreRefusal/refused(_:)`` (``StoreOwnership``)
    ///   for a file garden does not own or a newer schema; ``StoreRefusal/unusable(_:_:)`` for an older schema
    ///   (it cannot be migrated without writing) or a write-ahead log beside it whose rows an immutable reader
    ///   would not see (a writer is running or stopped without checkpointing).
    public convenience init(immutable path: String, clock: WallClock = .system) throws {
        guard FileManager.default.fileExists(atPath: path) else { throw StoreRefusal.missing(path) }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int, size > 0 {
            throw StoreRefusal.unusable(path, "it has a write-ahead log (\(path)-wal) that an immutable reader would miss; "
                + "make a snapshot with garden snapshot --db \(path) --out FILE and read that")
        }
        let db = try Database(path: path, immutable: true)
        let state = try StoreOwnership.check(db)
        guard state == .garden(version: Migrations.all.count) else {
            throw StoreRefusal.unusable(path, "it is not a garden store of this garden's schema (version \(Migrations.all.count)); "
                + "make a new snapshot with this garden")
        }
        self.init(opened: db, path: path, state: state, clock: clock)
    }
}
