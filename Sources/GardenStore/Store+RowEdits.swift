import GardenFoundation
import GardenEngine
import GardenLedger

extension Store {
    /// Deletes recorded rows, in one journaled transaction (`undo` puts them back exactly): each row's whole
    /// image, then the links it is part of (removed with it; undo restores them). Returns the ids deleted (ids
    /// not in the ledger are left out).
    public func deleteLedgerRows(_ rowIDs: [String]) throws -> [String] {
        try db.transaction {
            var deleted: [String] = []
            var journal: Journal?
            var gone = Set<String>()
            for given in rowIDs {
                guard let row = try ledgerRow(id: given) else { continue }
                let id = row.rowID
                if !gone.insert(id).inserted { deleted.append(given); continue }
                let entry = try journal ?? beginJournal(kind: "row", summary: "delete " + rowIDs.joined(separator: " "))
                journal = entry
                try entry.remember(.ledgerRow(rowID: id), before: Self.rowImage(row))
                for stored in try links(row: id) {
                    try entry.remember(.link(id: stored.id), before: Self.linkImage(stored))
                    try deleteLink(id: stored.id)
                }
                try db.prepare("DELETE FROM ledger WHERE row_id = ?1").bind(.text(id)).run()
                try db.prepare("DELETE FROM link_facts WHERE row_id = ?1").bind(.text(id)).run()
                try markEdited(id, .deleted, entry)
                deleted.append(given)
            }
            try journal?.setSummary("delete " + deleted.joined(separator: " "))
            return deleted
        }
    }

    /// Replaces a recorded row with `row` (its input corrected and resolved again; the same row id), journaled
    /// with the whole row before (`undo` puts it back exactly).
    public func correctLedgerRow(_ row: LedgerRow, summary: String) throws {
        var row = row
        try db.transaction {
            guard let old = try ledgerRow(id: row.rowID) else { throw StoreFailure.invalid("no ledger row with id \(row.rowID)") }
            let journal = try beginJournal(kind: "row", summary: summary)
            try journal.remember(.ledgerRow(rowID: row.rowID), before: Self.rowImage(old))
            let movedFrom = try moveToNamedAccount(&row, from: old, journal)
            try writeWholeRow(row)
            try markEdited(row.rowID, .corrected, journal, movedFrom: movedFrom)
        }
    }

    /// A row the user moved to another account (`row correct --account R`) is a row of the account called `R`
    /// (names compared as ``AccountKey/fold(_:)`` does), or, when none is, of a new account of that name
    /// (`name:R`, journaled): its line's `account_key` says so, so a file read later under `--account R` finds the row
    /// in it (issue 33, B24) instead of recording the file's lines again beside it. Returns the key of the account the
    /// row was on (``accountKey(ofName:)``), when it moved: ``markEdited(_:_:_:movedFrom:)`` keeps it, so the row is
    /// still a recorded line of that account for every later file of it (hostile10 F13).
    func moveToNamedAccount(_ row: inout LedgerRow, from old: LedgerRow, _ journal: Journal) throws -> String? {
        let given = LedgerEntry(row).input, before = LedgerEntry(old).input
        guard let name = given.account, name != before.account else { return nil }
        let from = try before.account.flatMap { try accountKey(ofName: $0) } ?? Self.accountKey(before)
        var key: String
        var stored = name
        if let holder = try account(folded: AccountKey.fold(name)) {
            key = holder
            stored = try db.prepare("SELECT name FROM accounts WHERE key = ?1").bind(.text(holder)).all { $0.text(0) }.first.flatMap { $0 } ?? name
        } else {
            key = AccountKey.named(name)
            if try holder(of: name) != nil { return nil }
            try journal.remember(.account(key: key), before: try accountImage(key))
            try db.prepare("INSERT OR REPLACE INTO accounts(key, name, type, named_by) VALUES (?1, ?2, ?3, 'user')")
                .bind(.text(key), .text(name), Self.value(given.accountType?.rawValue)).run()
        }
        row.setAccount(key: key, name: stored)
        return from
    }

    /// The key (``AccountKey``) of the account called `name` exactly, if any.
    func accountKey(ofName name: String) throws -> String? {
        let statement = try db.prepare("SELECT key FROM accounts WHERE name = ?1").bind(.text(name))
        defer { statement.reset() }
        return try statement.step() ? statement.text(0) : nil
    }

    /// The key of the account row `rowID` was on before the user moved it (`row correct --account`), if they did.
    func movedFrom(_ rowID: String) throws -> String? {
        let statement = try db.prepare("SELECT moved_from FROM row_edits WHERE row_id = ?1").bind(.text(rowID))
        defer { statement.reset() }
        return try statement.step() ? statement.text(0) : nil
    }

    /// What the user did to a row by hand (`row_edits`).
    public enum RowEdit: String, Sendable {
        /// `garden row correct` changed its input (amount, date, description...).
        case corrected
        /// `garden row delete` removed it.
        case deleted
    }

    /// Marks row `rowID` as the user left it (journaled: `undo` removes the mark with the edit), so the same line
    /// recorded again keeps the correction or stays deleted (``recordRows(_:generation:reresolve:)``). `movedFrom`: the
    /// key of the account the row was on, when the edit moved it; a row moved twice keeps the account it was first on
    /// (the one its file's lines are lines of).
    func markEdited(_ rowID: String, _ edit: RowEdit, _ journal: Journal, movedFrom: String? = nil) throws {
        let old = try db.prepare("SELECT kind, moved_from FROM row_edits WHERE row_id = ?1")
        try old.bind(.text(rowID))
        var before: String?
        var from = movedFrom
        if try old.step() {
            before = Self.image([("kind", .text(old.text(0) ?? "")), ("moved_from", Self.value(old.text(1)))])
            from = old.text(1) ?? from
        }
        old.reset()
        try journal.remember(.rowEdit(rowID: rowID), before: before)
        try db.prepare("INSERT OR REPLACE INTO row_edits(row_id, kind, moved_from) VALUES (?1, ?2, ?3)")
            .bind(.text(rowID), .text(edit.rawValue), Self.value(from)).run()
    }

    /// The rows of `rows` the user corrected or deleted by hand, by id (``markEdited(_:_:_:)``). The marks are read
    /// once per write (rows edited by hand are few; an empty table, the common case, costs one query a write).
    func editedRows(_ rows: [LedgerRow]) throws -> [String: RowEdit] {
        let statement = try db.prepare("SELECT row_id, kind FROM row_edits")
        defer { statement.reset() }
        var marks: [String: RowEdit] = [:]
        while try statement.step() {
            if let id = statement.text(0), let kind = statement.text(1).flatMap(RowEdit.init(rawValue:)) { marks[id] = kind }
        }
        guard !marks.isEmpty else { return [:] }
        // The other ids an edited row is known by: a settled pending row's posted id (`unsettled_rows.posted_id`: the
        // posted line read again is that row, hostile10 F14 — deleted, it came back; corrected, the correction was
        // written over) and its aliases (a pending id settled into a posted row, another file's line).
        let others = try db.prepare("""
            SELECT posted_id, row_id FROM unsettled_rows WHERE posted_id IS NOT NULL AND row_id IN (SELECT row_id FROM row_edits)
            UNION ALL SELECT alias, row_id FROM row_aliases WHERE row_id IN (SELECT row_id FROM row_edits)
            """)
        defer { others.reset() }
        var named: [String: RowEdit] = [:]
        while try others.step() {
            if let other = others.text(0), let id = others.text(1), let kind = marks[id], marks[other] == nil { named[other] = kind }
        }
        marks.merge(named) { own, _ in own }
        var edited: [String: RowEdit] = [:]
        for row in rows { if let kind = marks[row.rowID] { edited[row.rowID] = kind } }
        return edited
    }

    /// A whole ledger row as a before-image (its texts and the columns it is found by).
    static func rowImage(_ row: LedgerRow) -> String {
        image([("raw", .text(row.raw)), ("folded", .text(row.folded)), ("merchant_key", value(row.merchantKey)), ("direction", value(row.direction)),
               ("date", value(row.date)), ("resolution", .text(row.resolution)), ("category", .text(row.category)), ("source", .text(row.source)),
               ("rule", value(row.rule))])
    }

    /// Puts back a whole row's before-image (nil: the row did not exist, so it is removed).
    func restoreLedgerRow(_ rowID: String, _ before: String?) throws {
        guard let before else {
            try db.prepare("DELETE FROM ledger WHERE row_id = ?1").bind(.text(rowID)).run()
            return
        }
        let image = BeforeImage(before)
        func text(_ name: StaticString) -> String? { if case .text(let text) = image[name] { text } else { nil } }
        try writeWholeRow(LedgerRow(rowID: rowID, raw: text("raw") ?? "", folded: text("folded") ?? "", merchantKey: text("merchant_key"),
                                    direction: text("direction"), date: text("date"), resolution: text("resolution") ?? "",
                                    category: text("category") ?? "", source: text("source") ?? "", rule: text("rule")))
    }

    /// Writes a whole row inside the caller's transaction: updated in place, or inserted (and added to the
    /// full-text index, which an update keeps up by its trigger).
    func writeWholeRow(_ row: LedgerRow) throws {
        let existed = try ledgerRow(id: row.rowID) != nil
        try db.prepare("INSERT INTO ledger_batch(recorded_at) VALUES (?1)").bind(.text(now())).run()
        let statement = try ledgerStatements.prepare(Self.upsertSQL)
        let batch = db.lastInsertRowID
        try Self.runLedgerColumns(statement, row) { try $0.bindInteger(Int32(LedgerColumns.names.count + 1), batch) }
        if !existed {
            try db.prepare("INSERT INTO ledger_fts(rowid, folded) SELECT rowid, folded FROM ledger WHERE row_id = ?1").bind(.text(row.rowID)).run()
        }
    }
}
