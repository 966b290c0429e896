import GardenSQLite

/// Merchant memory keyed by an older garden: memory is stored under merchant identity keys
/// (``MerchantKey``), and a garden whose identity function or data changed gives the same merchant
/// another key (`name:padaria ze` then, `name:padariadoze` now), so what was taught stops being found.
/// The store remembers which garden last checked its memory (the `settings` entry
/// ``merchantIdentitySetting``); a garden that differs re-derives each memory key from the corrections
/// that wrote it (the journal's teach entries and their rows) and moves the entries (``rekeyMemory(_:stamp:)``).
extension Store {
    /// The `settings` name of the stamp of the garden that last checked merchant memory's keys.
    public static let merchantIdentitySetting = "merchant_identity_stamp"

    /// The stamp of the garden that last checked merchant memory's keys; nil in a store no garden checked
    /// (written before the check existed) or one without a `settings` table.
    public func merchantIdentityStamp() throws -> String? {
        guard try tableExists("settings") else { return nil }
        let statement = try db.prepare("SELECT value FROM settings WHERE name = ?1")
        try statement.bind(.text(Self.merchantIdentitySetting))
        defer { statement.reset() }
        return try statement.step() ? statement.text(0) : nil
    }

    func tableExists(_ name: String) throws -> Bool {
        let statement = try db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1")
        try statement.bind(.text(name))
        defer { statement.reset() }
        return try statement.step()
    }

    /// Every merchant-memory key with the rows whose standing correction (a teach not undone) wrote it, read
    /// from the journal: the memory entry a teach adds is journaled in the same entry as the row's override.
    public func memoryKeyOrigins() throws -> [(key: String, rowIDs: [String])] {
        let statement = try db.prepare("""
            SELECT DISTINCT m.merchant_key, o.key
            FROM memory m
            JOIN journal_rows jm ON jm.tbl = 'memory' AND jm.key = m.merchant_key || char(9) || m.direction || char(9) || m.category
            JOIN journal j ON j.id = jm.journal_id AND j.kind = 'teach' AND j.undone = 0
            JOIN journal_rows o ON o.journal_id = j.id AND o.tbl = 'overrides'
            ORDER BY m.merchant_key, o.key
            """)
        var origins: [(key: String, rowIDs: [String])] = []
        while try statement.step() {
            let key = statement.text(0) ?? "", rowID = statement.text(1) ?? ""
            if origins.last?.key == key { origins[origins.count - 1].rowIDs.append(rowID) } else { origins.append((key, [rowID])) }
        }
        return origins
    }

    /// Every merchant-memory entry with the rows whose standing correction (a teach not undone) wrote it, in the
    /// order they were taught: what ``splitMemory(_:)`` divides when one old key now stands for several merchants.
    public func memoryEntryOrigins(key: String) throws -> [(direction: String, category: String, rowIDs: [String])] {
        let statement = try db.prepare("""
            SELECT m.direction, m.category, o.key
            FROM memory m
            JOIN journal_rows jm ON jm.tbl = 'memory' AND jm.key = m.merchant_key || char(9) || m.direction || char(9) || m.category
            JOIN journal j ON j.id = jm.journal_id AND j.kind = 'teach' AND j.undone = 0
            JOIN journal_rows o ON o.journal_id = j.id AND o.tbl = 'overrides'
            WHERE m.merchant_key = ?1
            ORDER BY m.direction, m.category, j.id
            """)
        try statement.bind(.text(key))
        var origins: [(direction: String, category: String, rowIDs: [String])] = []
        while try statement.step() {
            let direction = statement.text(0) ?? "", category = statement.text(1) ?? "", rowID = statement.text(2) ?? ""
            if let last = origins.last, last.direction == direction, last.category == category {
                if !last.rowIDs.contains(rowID) { origins[origins.count - 1].rowIDs.append(rowID) }
            } else {
                origins.append((direction, category, [rowID]))
            }
        }
        return origins
    }

    /// An old memory key whose corrections' rows this garden gives several keys (`line:fees.bank`, one key for every
    /// bank's fee lines before a bank's own lines were keyed per bank: `line:fees.bank@br_itau`, `line:fees.bank@br_bradesco`).
    public struct MemorySplit: Sendable, Equatable {
        /// The old key.
        public var key: String
        /// The key this garden gives each row whose correction wrote under ``key``, by row id.
        public var keyOfRow: [String: String]

        public init(key: String, keyOfRow: [String: String]) {
            self.key = key
            self.keyOfRow = keyOfRow
        }
    }

    /// Divides each old key of `splits` among the keys of its corrections' rows: each entry (direction, category) goes
    /// to every new key with the count of the rows of that key that taught it (merged with an entry already there), its
    /// journal rows follow their own teach (their before-images rewritten to the new key's count before that teach, so
    /// `undo` of one takes back one), and the old key's entries are removed. A count above its rows (corrections
    /// journaled before the journal named the row) stays with the key most of its rows now give. Runs inside the
    /// caller's transaction (``rekeyMemory(_:stamp:splits:)``).
    /// - Returns: the memory entries written.
    func splitMemory(_ splits: [MemorySplit]) throws -> Int {
        var written = 0
        let entry = try db.prepare("SELECT merchant, count FROM memory WHERE merchant_key = ?1 AND direction = ?2 AND category = ?3")
        let write = try db.prepare("INSERT OR REPLACE INTO memory(merchant_key, direction, category, merchant, count) VALUES (?1, ?2, ?3, ?4, ?5)")
        let journalRows = try db.prepare("""
            SELECT jm.journal_id, jm.seq FROM journal_rows jm
            JOIN journal j ON j.id = jm.journal_id AND j.kind = 'teach' AND j.undone = 0
            JOIN journal_rows o ON o.journal_id = jm.journal_id AND o.tbl = 'overrides' AND o.key = ?2
            WHERE jm.tbl = 'memory' AND jm.key = ?1 ORDER BY jm.journal_id
            """)
        let rename = try db.prepare("UPDATE journal_rows SET key = ?3, before = ?4 WHERE journal_id = ?1 AND seq = ?2")
        let remove = try db.prepare("DELETE FROM memory WHERE merchant_key = ?1")
        for split in splits.sorted(by: { $0.key < $1.key }) {
            for origin in try memoryEntryOrigins(key: split.key) {
                try entry.bind(.text(split.key), .text(origin.direction), .text(origin.category))
                guard try entry.step() else { entry.reset(); continue }
                let merchant = entry.text(0), count = entry.int(1)
                entry.reset()
                let oldEntry = [split.key, origin.direction, origin.category].joined(separator: "\t")
                var rowsOfKey: [String: [String]] = [:]
                for rowID in origin.rowIDs { if let key = split.keyOfRow[rowID] { rowsOfKey[key, default: []].append(rowID) } }
                let largest = rowsOfKey.max { ($0.value.count, $1.key) < ($1.value.count, $0.key) }?.key
                let extra = max(0, count - Int64(rowsOfKey.values.reduce(0) { $0 + $1.count }))
                for (key, rowIDs) in rowsOfKey.sorted(by: { $0.key < $1.key }) {
                    try entry.bind(.text(key), .text(origin.direction), .text(origin.category))
                    let there = try entry.step() ? (merchant: entry.text(0), count: entry.int(1)) : nil
                    entry.reset()
                    var running = there?.count ?? 0
                    let newEntry = [key, origin.direction, origin.category].joined(separator: "\t")
                    for rowID in rowIDs {
                        try journalRows.bind(.text(oldEntry), .text(rowID))
                        let found = try journalRows.all { (id: $0.int(0), seq: $0.int(1)) }
                        for change in found {
                            let before = running == 0 ? Statement.Value.null
                                : .text(Self.image([("merchant", Self.value(there?.merchant ?? merchant)), ("count", .integer(running))]))
                            try rename.bind(.integer(change.id), .integer(change.seq), .text(newEntry), before)
                            try rename.run()
                        }
                        running += 1
                    }
                    try write.bind(.text(key), .text(origin.direction), .text(origin.category), Self.value(there?.merchant ?? merchant),
                                   .integer(running + (key == largest ? extra : 0)))
                    try write.run()
                    written += 1
                }
            }
            try remove.bind(.text(split.key))
            try remove.run()
        }
        return written
    }

    /// Moves merchant memory from each old key of `moves` to its new key, in one transaction: entries of
    /// the same direction and category under both are merged (counts added, the moved entry's merchant name
    /// kept when the other has none), the journal's references are renamed (so `undo` and a later teach of
    /// the same row find the entry where it is), and `stamp` is stored. Not journaled: like a migration,
    /// it changes how the state is keyed, not what was learned. `splits`: old keys divided among several new keys
    /// (``splitMemory(_:)``), in the same transaction.
    /// - Returns: the memory entries moved or written by a split.
    @discardableResult
    public func rekeyMemory(_ moves: [String: String], stamp: String, splits: [MemorySplit] = []) throws -> Int {
        try db.transaction {
            var moved = try splitMemory(splits)
            let entries = try db.prepare("SELECT direction, category, merchant, count FROM memory WHERE merchant_key = ?1")
            let existing = try db.prepare("SELECT merchant, count FROM memory WHERE merchant_key = ?1 AND direction = ?2 AND category = ?3")
            let write = try db.prepare("INSERT OR REPLACE INTO memory(merchant_key, direction, category, merchant, count) VALUES (?1, ?2, ?3, ?4, ?5)")
            let remove = try db.prepare("DELETE FROM memory WHERE merchant_key = ?1")
            let rename = try db.prepare("UPDATE journal_rows SET key = ?2 WHERE tbl = 'memory' AND key = ?1")
            for (old, new) in moves.sorted(by: { $0.key < $1.key }) where old != new {
                try entries.bind(.text(old))
                let found = try entries.all { (direction: $0.text(0) ?? "", category: $0.text(1) ?? "", merchant: $0.text(2), count: $0.int(3)) }
                for entry in found {
                    try existing.bind(.text(new), .text(entry.direction), .text(entry.category))
                    let there = try existing.step() ? (merchant: existing.text(0), count: existing.int(1)) : nil
                    existing.reset()
                    try write.bind(.text(new), .text(entry.direction), .text(entry.category), Self.value(there?.merchant ?? entry.merchant),
                                   .integer((there?.count ?? 0) + entry.count))
                    try write.run()
                    try rename.bind(.text([old, entry.direction, entry.category].joined(separator: "\t")),
                                    .text([new, entry.direction, entry.category].joined(separator: "\t")))
                    try rename.run()
                    moved += 1
                }
                try remove.bind(.text(old))
                try remove.run()
            }
            if try tableExists("settings") {
                let save = try db.prepare("INSERT OR REPLACE INTO settings(name, value) VALUES (?1, ?2)")
                try save.bind(.text(Self.merchantIdentitySetting), .text(stamp))
                try save.run()
            }
            return moved
        }
    }
}
