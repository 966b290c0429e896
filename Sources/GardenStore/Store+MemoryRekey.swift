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

    /// Moves merchant memory from each old key of `moves` to its new key, in one transaction: entries of
    /// the same direction and category under both are merged (counts added, the moved entry's merchant name
    /// kept when the other has none), the journal's references are renamed (so `undo` and a later teach of
    /// the same row find the entry where it is), and `stamp` is stored. Not journaled: like a migration,
    /// it changes how the state is keyed, not what was learned.
    /// - Returns: the memory entries moved.
    @discardableResult
    public func rekeyMemory(_ moves: [String: String], stamp: String) throws -> Int {
        try db.transaction {
            var moved = 0
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
