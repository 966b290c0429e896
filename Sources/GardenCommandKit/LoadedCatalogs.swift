import Foundation
import GardenCatalog

/// The shipped catalogs a command loaded, by data directory: the one place ``Environment/loadCatalog(_:)`` keeps
/// them, so a command that re-resolves rows inside a write transaction (`undo`, `resolve --record`) reuses the
/// catalog it started with instead of loading it again under the store's lock.
final class LoadedCatalogs: @unchecked Sendable {
    private let lock = NSLock()
    private var loaded: [String: Catalog] = [:]

    /// The catalog loaded from the data directory at `root`, if any.
    func catalog(for root: String) -> Catalog? {
        lock.lock(); defer { lock.unlock() }
        return loaded[root]
    }

    /// Keeps `catalog` as the one of the data directory at `root`.
    func keep(_ catalog: Catalog, for root: String) {
        lock.lock(); defer { lock.unlock() }
        loaded[root] = catalog
    }
}
