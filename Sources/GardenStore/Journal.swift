import GardenFoundation
import GardenLedger
import GardenSQLite

/// One journaled change (a teach, a recategorize run, a rules change): before each write it records the
/// row's previous state, so ``Store/undoLast()`` can restore it exactly.
public final class Journal {
    public let id: Int64
    let store: Store
    var sequence = 0

    init(id: Int64, store: Store) {
        self.id = id
        self.store = store
    }

    /// Replaces the entry's summary (once what it did is known).
    func setSummary(_ summary: String) throws {
        let statement = try store.db.prepare("UPDATE journal SET summary = ?2 WHERE id = ?1")
        try statement.bind(.integer(id), .text(summary))
        try statement.run()
    }

    /// Records the state of what `change` names before it changes (`before` nil: it did not exist).
    package func remember(_ change: JournalChange, before: String?) throws {
        sequence += 1
        let (table, key) = change.stored
        let statement = try store.db.prepare("INSERT INTO journal_rows(journal_id, seq, tbl, key, before) VALUES (?1, ?2, ?3, ?4, ?5)")
        try statement.bind(.integer(id), .integer(Int64(sequence)), .text(table), .text(key), Store.value(before))
        try statement.run()
    }
}

/// A journal entry as listed by `garden undo` and `garden history`.
public struct JournalEntry: Sendable, Equatable {
    public var id: Int64
    public var kind: String
    public var summary: String
    public var createdAt: String
    public var undone: Bool
}

extension Store {
    /// Starts a journal entry; call inside the transaction that makes the change.
    package func beginJournal(kind: String, summary: String) throws -> Journal {
        let statement = try db.prepare("INSERT INTO journal(kind, summary, created_at) VALUES (?1, ?2, ?3)")
        try statement.bind(.text(kind), .text(summary), .text(now()))
        try statement.run()
        return Journal(id: db.lastInsertRowID, store: self)
    }

    /// Journal entries, newest first.
    public func history(limit: Int = 20) throws -> [JournalEntry] {
        let statement = try db.prepare("SELECT id, kind, summary, created_at, undone FROM journal ORDER BY id DESC LIMIT ?1")
        try statement.bind(.integer(Int64(limit)))
        return try statement.all { JournalEntry(id: $0.int(0), kind: $0.text(1) ?? "", summary: $0.text(2) ?? "", createdAt: $0.text(3) ?? "", undone: $0.int(4) != 0) }
    }

    /// Reverts the last change not yet undone, in one transaction; the entry stays in the history
    /// marked undone. Learned state and rules get their before-images back exactly; a ledger row gets
    /// its before-image when its input is still the one it had, else (re-recorded since) it is
    /// re-resolved from its current input by `reresolve`, which reads the restored state.
    /// Returns the entry, or nil when there is nothing to undo.
    @discardableResult
    public func undoLast(reresolve: (([LedgerRow]) throws -> [LedgerRow])? = nil) throws -> JournalEntry? {
        try db.transaction {
            let last = try db.prepare("SELECT id, kind, summary, created_at FROM journal WHERE undone = 0 ORDER BY id DESC LIMIT 1")
            guard try last.step() else { return nil }
            let entry = JournalEntry(id: last.int(0), kind: last.text(1) ?? "", summary: last.text(2) ?? "", createdAt: last.text(3) ?? "", undone: true)
            last.reset()
            let rows = try db.prepare("SELECT tbl, key, before FROM journal_rows WHERE journal_id = ?1 ORDER BY seq DESC")
            try rows.bind(.integer(entry.id))
            let changes = try rows.all { ($0.text(0) ?? "", $0.text(1) ?? "", $0.text(2)) }
            var stale: [LedgerRow] = []
            for (table, key, before) in changes {
                let change = try JournalChange(table: table, key: key)
                if case .ledger(let rowID) = change, let row = try staleRow(rowID, before) { stale.append(row); continue }
                try restore(change, before)
            }
            if let reresolve, !stale.isEmpty {
                for row in try reresolve(stale) { try writeResolution(row) }
            }
            let mark = try db.prepare("UPDATE journal SET undone = 1 WHERE id = ?1")
            try mark.bind(.integer(entry.id))
            try mark.run()
            return entry
        }
    }

    /// The ledger row `key` when its input changed since `before` was taken (nil: restore the image).
    private func staleRow(_ key: String, _ before: String?) throws -> LedgerRow? {
        guard let before, let fields = try? JSONScanner.parse(Array(before.utf8)),
              let node = fields.member("raw_hash", of: fields.root), let recorded = fields.scalarText(node),
              let row = try ledgerRow(id: key) else { return nil }
        var hasher = FNV1a()
        hasher.combine(row.raw)
        return hasher.hex == recorded ? nil : row
    }

    func writeResolution(_ row: LedgerRow) throws {
        guard let current = try ledgerRow(id: row.rowID) else { return }
        try writeResolution(of: current, resolution: row.resolution, category: row.category, source: row.source, rule: row.rule)
    }

    /// Puts back the before-image of `change` (nil `before`: the row did not exist, so it is removed).
    private func restore(_ change: JournalChange, _ before: String?) throws {
        let image = BeforeImage(before)
        switch change {
        case .ledger(let rowID):
            guard let current = try ledgerRow(id: rowID) else { return }
            func text(_ value: Statement.Value) -> String? { if case .text(let text) = value { text } else { nil } }
            try writeResolution(of: current, resolution: text(image["resolution"]) ?? "", category: text(image["category"]) ?? "",
                                source: text(image["source"]) ?? "", rule: text(image["rule"]))
        case .ledgerRow(let rowID):
            try restoreLedgerRow(rowID, before)
        case .rowEdit(let rowID):
            if before == nil { return try run("DELETE FROM row_edits WHERE row_id = ?1", .text(rowID)) }
            try run("INSERT OR REPLACE INTO row_edits(row_id, kind, moved_from) VALUES (?1, ?2, ?3)", .text(rowID), image["kind"], image["moved_from"])
        case .override(let rowID):
            if before == nil { return try run("DELETE FROM overrides WHERE row_id = ?1", .text(rowID)) }
            try run("INSERT OR REPLACE INTO overrides(row_id, category, merchant, budget, origin) VALUES (?1, ?2, ?3, ?4, ?5)",
                    .text(rowID), image["category"], image["merchant"], image["budget"], image["origin"])
        case .memory(let key, let direction, let category):
            if before == nil {
                return try run("DELETE FROM memory WHERE merchant_key = ?1 AND direction = ?2 AND category = ?3", .text(key), .text(direction), .text(category))
            }
            try run("INSERT OR REPLACE INTO memory(merchant_key, direction, category, merchant, count) VALUES (?1, ?2, ?3, ?4, ?5)",
                    .text(key), .text(direction), .text(category), image["merchant"], image["count"])
        case .naiveBayesFeature(let feature, let category):
            if before == nil { return try run("DELETE FROM nb_feature WHERE feature = ?1 AND category = ?2", .text(feature), .text(category)) }
            try run("INSERT OR REPLACE INTO nb_feature(feature, category, count) VALUES (?1, ?2, ?3)", .text(feature), .text(category), image["count"])
        case .naiveBayesCategory(let category):
            if before == nil { return try run("DELETE FROM nb_category WHERE category = ?1", .text(category)) }
            try run("INSERT OR REPLACE INTO nb_category(category, documents, tokens) VALUES (?1, ?2, ?3)", .text(category), image["documents"], image["tokens"])
        case .naiveBayesExample(let id):
            // Added by a teach (no image): removed; taken back by a later teach of the row: put back.
            if before == nil { return try run("DELETE FROM nb_example WHERE id = ?1", .integer(id)) }
            try run("INSERT OR REPLACE INTO nb_example(id, row_id, category, features) VALUES (?1, ?2, ?3, ?4)",
                    .integer(id), image["row_id"], image["category"], image["features"])
        case .rule(let id):
            if before == nil { return try run("DELETE FROM rules WHERE id = ?1", .integer(id)) }
            try run("INSERT OR REPLACE INTO rules(id, text, origin, created_at) VALUES (?1, ?2, ?3, ?4)",
                    .integer(id), image["text"], image["origin"], image["created_at"])
        case .accountHolder(let id):
            // Undoing `me add` removes the identity; undoing `me remove` puts it back as it was.
            if before == nil { return try run("DELETE FROM me WHERE id = ?1", .integer(id)) }
            try run("INSERT OR REPLACE INTO me(id, name, document_hmac, document_mask, account) VALUES (?1, ?2, ?3, ?4, ?5)",
                    .integer(id), image["name"], image["document_hmac"], image["document_mask"], image["account"])
        case .link, .linkState:
            try restoreLinking(change, before)
        case .budget, .budgetMerchant, .setting:
            try restoreBudgets(change, image, existed: before != nil)
        case .merchantLink(let key):
            try restoreMerchantLink(key, image, existed: before != nil)
        case .account, .accountAlias:
            try restoreAccount(change, before)
        }
    }

    /// Runs one statement with `values`.
    func run(_ sql: String, _ values: Statement.Value...) throws {
        let statement = try db.prepare(sql)
        try statement.bind(values)
        try statement.run()
    }

    /// A JSON object of fields, for before-images.
    package static func image(_ fields: [(String, Statement.Value)]) -> String {
        var w = JSONWriter(capacity: 128)
        w.beginObject()
        for (name, value) in fields {
            w.key(name)
            switch value {
            case .null: w.null()
            case .integer(let v): w.raw(String(v))
            case .text(let t): w.string(t)
            case .blob: w.null()    // images hold the ledger's text as read (LedgerText), never packed bytes
            }
        }
        w.endObject()
        return String(decoding: w.bytes, as: UTF8.self)
    }
}
