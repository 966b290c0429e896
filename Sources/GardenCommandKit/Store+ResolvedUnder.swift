import Foundation
import GardenFoundation
import GardenLedger
import GardenSQLite
import GardenStore

/// What each ledger row was resolved under (`resolved_under`, migration 14), so `recategorize` resolves again only the
/// rows whose input or knowledge changed (issue 38): a row's fingerprint is made by the command that resolved it from
/// its stored line (``LedgerRow/resolvedUnder``), and compared with the one the running command would give it.
extension Store {
    /// The tables of the user's learned state and settings that decide how a row resolves: manual overrides, merchant
    /// memory, the naive-Bayes counts and the corrections they were calibrated on, the holder's identities, merchant
    /// links and taught names, rules, budgets and their merchants, settings (the pay cycle, memory's identity stamp).
    package static let learnedTables = ["overrides", "memory", "nb_feature", "nb_category", "nb_example", "me", "merchant_links", "merchant_names",
                                "rules", "user_budgets", "budget_merchants", "settings"]

    /// A 64-bit digest of the store's learned state (FNV-1a over every value of ``learnedTables`` in the order of their
    /// columns, and the identity key's bytes beside the store), read in one snapshot: equal digests, equal state. A
    /// table the store does not have (an older schema, opened to read) counts as empty.
    package func learnedStateDigest() throws -> UInt64 {
        try db.reading {
            var hasher = FNV1a()
            for table in Self.learnedTables {
                hasher.combine(table)
                guard let shape = try? db.prepare("SELECT * FROM \(table) LIMIT 0") else { continue }
                let columns = shape.columnCount
                guard columns > 0 else { continue }
                let order = (1...Int(columns)).map(String.init).joined(separator: ", ")
                // The key's fingerprint is made from the key's bytes, hashed below: recording it in an older store changes nothing.
                let except = table == "settings" ? " WHERE name <> '\(Store.identityKeyFingerprintSetting)'" : ""
                let rows = try db.prepare("SELECT * FROM \(table)\(except) ORDER BY \(order)")
                while try rows.step() {
                    for column in 0..<columns {
                        if rows.isNull(column) { hasher.combine(bytes: [1]) } else { hasher.combine(rows.text(column) ?? "") }
                    }
                    hasher.combine(bytes: [2])
                }
            }
            hasher.combine(contentsOf: IdentityKey.stored(databasePath: path) ?? Array("-".utf8))
            return hasher.value
        }
    }

    /// ``forEachLedgerRow(since:containing:_:)`` for a command that would resolve each row again: a row whose
    /// `resolved_under` (migration 14) is `fingerprint(rowID, raw)` is handed to `unchanged` (its id and stored line)
    /// without its columns being made into a row, every other row to `body` as a whole ``LedgerRow`` with its rowid (for
    /// ``markResolved(_:readAt:)``), in row id order, in one pass. Without `resolved_under` (an older store opened to read)
    /// every row goes to `body`, with no rowid.
    package func forEachLedgerRow(since: String?, unless fingerprint: (_ rowID: String, _ raw: String) -> Int64,
                                 unchanged: (_ rowID: String, _ raw: String) throws -> Void, _ body: (Int64?, LedgerRow) throws -> Void) throws {
        guard hasResolvedUnder else { return try forEachLedgerRow(since: since) { try body(nil, $0) } }
        // ``ledgerColumns`` first (``ledgerRow(_:)`` reads them by index: row_id 0, raw 8), then these two.
        let fingerprintColumn = Int32(LedgerColumns.names.count), rowidColumn = fingerprintColumn + 1
        let scan = try db.prepare("SELECT \(ledgerColumns), resolved_under, rowid FROM ledger" + (since == nil ? "" : " WHERE date >= ?1")
                                  + " ORDER BY row_id")
        try scan.bind(since.map { [Statement.Value.text($0)] } ?? [])
        while try scan.step() {
            let rowID = scan.text(0) ?? "", raw = scan.text(8) ?? ""
            if !scan.isNull(fingerprintColumn), scan.int(fingerprintColumn) == fingerprint(rowID, raw) {
                try unchanged(rowID, raw)
            } else {
                try body(scan.int(rowidColumn), ledgerRow(scan))
            }
        }
    }

    /// SQLite's `PRAGMA data_version` of this connection: it changes when another connection commits a change to the
    /// store, and only then.
    package func dataVersion() throws -> Int64 {
        let statement = try db.prepare("PRAGMA data_version")
        defer { statement.reset() }
        _ = try statement.step()
        return statement.int(0)
    }

    /// Records what the rows `rows` name by rowid were resolved under (their fingerprints), in transactions of
    /// ``Store/chunkSize`` rows, each only while no other connection has written the store since the rows were read
    /// (`version`, ``dataVersion()`` then): this connection's own writes since (the run's changes) touch only
    /// resolutions, never a row's stored line, so each fingerprint still names the line it was made from. Not
    /// journaled: it says what a resolution was made under, it changes none.
    package func markResolved(_ rows: [(rowid: Int64, fingerprint: Int64)], readAt version: Int64) throws {
        guard hasResolvedUnder, !rows.isEmpty else { return }
        let update = try db.prepare("UPDATE ledger SET resolved_under = ?1 WHERE rowid = ?2")
        var start = 0
        while start < rows.count {
            let end = min(start + Store.chunkSize, rows.count)
            let current = try db.transaction { () throws -> Bool in
                guard try dataVersion() == version else { return false }
                for row in rows[start..<end] {
                    try update.bindInteger(1, row.fingerprint)
                    try update.bindInteger(2, row.rowid)
                    try update.runBound()
                }
                return true
            }
            guard current else { return }
            start = end
        }
    }
}
