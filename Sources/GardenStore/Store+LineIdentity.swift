import GardenFoundation
import GardenLedger
import GardenSQLite

/// One bank line, one row (issue 33): rows of bank files carry ids by ``BankLineKey`` (content and occurrence, no
/// account, no format), and the store keeps two accounts apart by the identity of the account each row holds
/// (``AccountKey``: what its file states, not what it is called).
///
/// A row whose `line:` id is recorded (or is another id of a recorded row: `row_aliases`, kind `line`, as
/// migration 13 gives the rows an older garden recorded) is that row when their accounts are one
/// (``AccountKey/sameAccount(_:_:)``): the same key, or one a layout's default (a CSV that names no account) and the
/// other stated by its file (the OFX of the same month). A row of a stated account re-attaches a recorded row of a
/// layout's default to it (the row is written with its line); a row of a layout's default leaves the recorded row of a
/// stated account as it is. A row of another account — another stated one, or one a user named on a file that names
/// none (two cards of one layout) — is another row, under `<id>@<8 hex>` (``BankLineKey/id(_:account:)``), as is every
/// later line of that account: no row is ever moved from one named account to another.
extension Store {
    /// What ``reconcile(_:)`` left out: rows that add nothing to the row they are, and how many of those are flagged;
    /// each account key of the batch with the identity it stands for (``accountIdentity(_:)``), and the keys attached
    /// to an account recorded before (``attachAccounts(_:)``).
    struct Reconciled {
        var kept = 0
        var flagged = 0
        var identities: [String: String] = [:]
        var attachments: [AccountAttachment] = []
        /// Keys left new accounts with too few shared lines to tell (``attachAccounts(_:lines:)``'s `undecided`).
        var undecided: [String: (key: String, name: String)] = [:]
        /// The rows recorded apart that may be rows of another account (``RowDoubt``), flagged.
        var doubts: [RowDoubt] = []
    }

    /// The account key of a row about to be recorded: the one its line states, else its account's name (``AccountKey``);
    /// nil for a row without an account.
    static func accountKey(_ input: LedgerInput) -> String? {
        input.accountKey ?? input.account.map(AccountKey.named)
    }

    /// The text a row's `@` tag hashes: a named account's name (as older gardens tagged), else its key.
    static func tag(_ key: String?) -> String {
        guard let key else { return "" }
        return key.hasPrefix("name:") ? String(key.dropFirst(5)) : key
    }

    /// Rewrites a batch about to be recorded (inside the write transaction): each `line:` row takes the id of the
    /// row it is; rows that add nothing to the row they are (read under a layout's default account, the recorded row
    /// has a stated one) are dropped and counted, with how many of the rows they name are flagged. An aggregator's row
    /// (`pluggy:<id>`) keeps its id unless its content (`line_id`) is a row a bank file recorded, of its account: then
    /// it is that row, and its id another id of it; a new one makes its `line_id` another id of it, so the OFX or CSV
    /// of the same month read later finds it.
    func reconcile(_ rows: inout [LedgerRow]) throws -> Reconciled {
        let lines = Self.lineIDs(rows)
        let attached = try attachAccounts(rows, lines: lines)
        var outcome = Reconciled(identities: attached.identities, attachments: attached.notes, undecided: attached.undecided)
        guard lines.contains(where: { $0 != nil }) else { return outcome }
        let lookup = try db.prepare("""
            SELECT l.account, a.key, l.review FROM ledger l LEFT JOIN accounts a ON a.name = l.account WHERE l.row_id = ?1
            """)
        /// The row `id` names, in this batch or the ledger: whether there is one, its account's key, whether it is flagged.
        func row(_ id: String) throws -> (exists: Bool, key: String?, flagged: Bool) {
            if let written = batch[id] { return (true, written.key, written.flagged) }
            try lookup.bind(.text(id))
            defer { lookup.reset() }
            guard try lookup.step() else { return (false, nil, false) }
            return (true, lookup.text(1) ?? lookup.text(0).map(AccountKey.named), lookup.int(2) != 0)
        }
        /// Whether a line of account key `key` may be the recorded row `id` of account key `recorded`: one account
        /// (``AccountKey/sameAccount(_:_:)``), or the row is one the user moved out of the line's account (`row correct
        /// --account`): still that line, kept where the user put it (hostile10 F13).
        func isLine(_ id: String, of recorded: String?, _ key: String?) throws -> Bool {
            if AccountKey.sameAccount(recorded, key) { return true }
            // A line naming no account, of a write whose every such line is a row of this account (``attachAccounts``).
            if key == nil, let recorded, outcome.identities[Self.noAccount] == recorded { return true }
            guard let from = try movedFrom(id) else { return false }
            return AccountKey.sameAccount(from, key)
        }
        var batch: [String: (key: String?, flagged: Bool)] = [:]   // ids this batch writes → their account's key
        var connections: [String: String] = [:]                     // aggregator ids this batch writes → their connection
        let deleted = try deletedRowIDs()
        var dropped = Set<Int>()
        /// Flags the row at `index` (recorded as `id`, of account key `given`) as maybe the row `other` of account key
        /// `otherKey`, when its key was left a new account with too few shared lines to tell (hostile10 F19, F24).
        func doubt(_ index: Int, _ id: String, _ given: String?, sameAs other: String, of otherKey: String?, kind: RowDoubt.Kind = .sharedLine) {
            guard let given, let near = outcome.undecided[given], near.key == otherKey else { return }
            let doubt = RowDoubt(kind: kind, rowID: id, otherID: other, account: Self.accountName(rows[index]), otherAccount: near.name)
            Self.flag(&rows[index], reason: doubt.reason)
            outcome.doubts.append(doubt)
        }
        for index in rows.indices {
            let entry = rows[index].entry ?? LedgerEntry(rows[index])
            let key = Self.accountKey(entry.input).map { outcome.identities[$0] ?? $0 }
            /// Drops the row at `index`, a line that is the recorded row `found` and adds nothing to it.
            func keep(_ found: (exists: Bool, key: String?, flagged: Bool)) {
                dropped.insert(index)
                outcome.kept += 1
                if found.flagged { outcome.flagged += 1 }
            }
            guard BankLineKey.isLineID(rows[index].rowID) else {
                guard let line = lines[index] else { continue }
                let own = rows[index].rowID
                if let target = try lineAlias(own) {
                    // Recorded before as the bank file's row it is: that row again.
                    let found = try row(target)
                    if found.exists, Self.leavesAccountAlone(recorded: found.key, incoming: key) { keep(found); continue }
                    rows[index].rename(target)
                    batch[target] = (key, entry.resolution.review)
                    continue
                }
                let recorded = try row(try aliasedRow(own) ?? own)
                if recorded.exists, Self.leavesAccountAlone(recorded: recorded.key, incoming: key) {
                    // The same aggregator's row read again from a page that names no account (a Pluggy page without
                    // `accountId`): the row keeps its account (hostile10 F15).
                    keep(recorded)
                    continue
                }
                if try aliasedRow(own) == nil, !recorded.exists {
                    let id = try aliasedRow(line) ?? line
                    let found = try row(id)
                    let connection = Self.accountSourceID(rows[index].raw)
                    if found.exists, try isLine(id, of: found.key, key),
                       try !Self.isAggregatorID(id) || Self.aggregator(id) != Self.aggregator(own) || anotherConnection(id, connection, batch: connections) {
                        // The bank file's row of the same line, or the other aggregator's (an Open Finance response and a
                        // Pluggy page of one month, hostile9 F11), or the same aggregator's through another connection of
                        // the account (a Pluggy reconnection: new account id, new transaction ids, ledger6 F10): this is
                        // it. The same aggregator's row of the same content under another id through the same connection
                        // stays a row of its own (two pages of one fetch number their lines apart).
                        try alias(own, to: id, kind: "line")
                        if Self.leavesAccountAlone(recorded: found.key, incoming: key) {
                            // Read under no account (an Open Finance response carries none, hostile10 F15): the recorded
                            // row and its account stay as they are.
                            keep(found)
                            continue
                        }
                        if found.key != key { doubt(index, id, Self.accountKey(entry.input), sameAs: id, of: found.key, kind: .movedLine) }
                        rows[index].rename(id)
                        batch[id] = (key, entry.resolution.review)
                        continue
                    }
                    if !found.exists, deleted.contains(id) {
                        // The bank file's row of the same line, which the user deleted: it stays deleted (hostile9 F2).
                        rows[index].rename(id)
                        continue
                    }
                    // Another account's row of the same content, of an account this one may be: recorded apart, flagged.
                    if found.exists { doubt(index, own, Self.accountKey(entry.input), sameAs: id, of: found.key) }
                    if !found.exists { try db.prepare("INSERT OR IGNORE INTO row_aliases(alias, row_id, kind) VALUES (?1, ?2, 'line')").bind(.text(line), .text(own)).run() }
                    if let connection { connections[own] = connection }
                }
                batch[own] = (key, entry.resolution.review)
                continue
            }
            let given = rows[index].rowID
            var id = try aliasedRow(given) ?? given
            var found = try row(id)
            if !found.exists, let cut = Self.cutLineID(given, entry.input, date: rows[index].date) {
                // The line recorded from an OFX whose NAME the format cut (and no MEMO gave the whole text): this is it.
                let cutID = try aliasedRow(cut) ?? cut
                let other = try row(cutID)
                if other.exists, AccountKey.sameAccount(other.key, key) {
                    try alias(given, to: cutID, kind: "line")
                    (id, found) = (cutID, other)
                }
            }
            if found.exists, !AccountKey.sameAccount(found.key, key), try isLine(id, of: found.key, key) {
                // The row the user moved out of this line's account: that row, kept as they left it (``editedRows(_:)``);
                // or a line naming no account that is a row of the account the write's lines all are: left as it is.
                if Self.leavesAccountAlone(recorded: found.key, incoming: key) { keep(found); continue }
                rows[index].rename(id)
                batch[id] = (found.key, found.flagged)
                continue
            }
            if found.exists, !AccountKey.sameAccount(found.key, key) {
                // Another account's line of the same content: a row of its own (flagged when the accounts may be one and
                // too few lines tell).
                let (other, otherKey) = (id, found.key)
                let tagged = BankLineKey.id(given, account: Self.tag(key))
                id = try aliasedRow(tagged) ?? tagged
                found = try row(id)
                if !found.exists { doubt(index, id, Self.accountKey(entry.input), sameAs: other, of: otherKey) }
            }
            if found.exists, Self.leavesAccountAlone(recorded: found.key, incoming: key) {
                keep(found)                     // the recorded row has an account; this line adds nothing
                continue
            }
            // A row of an unnamed layout's account this line takes as its own, where too few lines tell: moved, flagged.
            if found.exists, found.key != key { doubt(index, id, Self.accountKey(entry.input), sameAs: id, of: found.key, kind: .movedLine) }
            rows[index].rename(id)
            batch[id] = (key, entry.resolution.review)
        }
        if !dropped.isEmpty { rows = rows.indices.filter { !dropped.contains($0) }.map { rows[$0] } }
        return outcome
    }

    /// Whether a line read under account key `incoming` that is the recorded row of key `recorded` (one account by
    /// ``AccountKey/sameAccount(_:_:)``) adds nothing to it: the line states no account of its own — no account at all
    /// (an Open Finance response, a Pluggy page without `accountId`) or a layout's default (a CSV that names none) —
    /// and the row has another one. Written, the line would take the row's account away (hostile10 F15: an Open
    /// Finance response read after the OFX left 22 rows in no account, and the OFX read again doubled the month); so it
    /// is left as it is, as docs/IMPORT.md says of a line read without an account.
    static func leavesAccountAlone(recorded: String?, incoming: String?) -> Bool {
        recorded != nil && recorded != incoming && AccountKey.isLayoutDefault(incoming)
    }

    /// The id line `id` (read with `input`, dated `date`) would have if its descriptor were cut where OFX cuts `NAME`
    /// (32 characters, OFX 1.6 and 2.1.1 "NAME A-32"), when it is longer: the same line recorded from such an OFX.
    static func cutLineID(_ id: String, _ input: LedgerInput, date: String?) -> String? {
        let descriptor = input.description.isEmpty ? (input.memo ?? "") : input.description
        guard descriptor.count > 32, let dash = id.lastIndex(of: "-"), !id.contains("@"),
              let occurrence = Int(id[id.index(after: dash)...]) else { return nil }
        let content = BankLineKey.content(date: date, minorUnits: input.amount, currency: input.currency, descriptor: String(descriptor.prefix(32)))
        return BankLineKey.id(content: content, occurrence: occurrence)
    }

    /// The row an aggregator's id `id` was found to be by its content (`row_aliases`, kind `line`), if any.
    func lineAlias(_ id: String) throws -> String? {
        let statement = try db.prepare("SELECT row_id FROM row_aliases WHERE alias = ?1 AND kind = 'line'").bind(.text(id))
        defer { statement.reset() }
        return try statement.step() ? statement.text(0) : nil
    }

    /// The aggregator's connection-scoped id of the account of the line `raw` (`account_source_id`: Pluggy's `accountId`),
    /// when the line states one.
    static func accountSourceID(_ raw: String) -> String? {
        guard raw.contains("\"account_source_id\""), let doc = try? JSONScanner.parse(Array(raw.utf8)) else { return nil }
        return doc.string(doc.member("account_source_id", of: doc.root))
    }

    /// Whether the recorded aggregator row `id` came through another connection of its account than `connection`: both
    /// state theirs and they differ (ledger6, F10). A row recorded without one (an older garden) is never taken so.
    func anotherConnection(_ id: String, _ connection: String?, batch: [String: String]) throws -> Bool {
        guard let connection else { return false }
        if let written = batch[id] { return written != connection }
        let statement = try db.prepare("SELECT json_extract(raw, '$.account_source_id') FROM ledger WHERE row_id = ?1").bind(.text(id))
        defer { statement.reset() }
        guard try statement.step(), let recorded = statement.text(0) else { return false }
        return recorded != connection
    }

    /// The aggregator whose id `id` is (`pluggy`, `openfinance`): the text before its first colon.
    static func aggregator(_ id: String) -> Substring { id.prefix { $0 != ":" } }

    /// Whether `id` is an aggregator's own id of a row (`pluggy:`, `openfinance:`), not a bank file's line.
    static func isAggregatorID(_ id: String) -> Bool { id.hasPrefix("pluggy:") || id.hasPrefix("openfinance:") }
}

extension Store {
    /// Migration 13: each row an older garden recorded from a bank file (an id `ofx:…` or `csv:…`) becomes known by
    /// its ``BankLineKey`` id: its date, amount, currency and descriptor as recorded, and its occurrence among the rows
    /// of the same format, account and content, in the order they were recorded (the order of their file). When a row
    /// of another account took that id, the account's form (``BankLineKey/id(_:account:)``); when a row of the same
    /// account did (the same line recorded twice by the older garden, as CSV and as OFX), none: the row stays as it
    /// is, and nothing is merged or removed.
    static func aliasLineIdentities(_ db: Database) throws {
        let read = try db.prepare("""
            SELECT row_id, date, amount, currency, COALESCE(NULLIF(description, ''), memo, ''), account FROM ledger
            WHERE row_id LIKE 'ofx:%' OR row_id LIKE 'csv:%' ORDER BY rowid
            """)
        let insert = try db.prepare("INSERT OR IGNORE INTO row_aliases(alias, row_id, kind) VALUES (?1, ?2, 'line')")
        var occurrences: [String: Int] = [:]
        var taken: [String: String?] = [:]      // alias → the account of the row it names
        while try read.step() {
            guard let rowID = read.text(0) else { continue }
            let content = BankLineKey.content(date: read.text(1), minorUnits: read.isNull(2) ? nil : read.int(2),
                                              currency: read.text(3) ?? "", descriptor: read.text(4) ?? "")
            let account = read.text(5)
            let group = String(rowID.prefix(3)) + "\u{1F}" + (account ?? "") + "\u{1F}" + content
            occurrences[group, default: 0] += 1
            var alias = BankLineKey.id(content: content, occurrence: occurrences[group]!)
            if let holder = taken[alias] {
                guard let account, let other = holder, other != account else { continue }
                alias = BankLineKey.id(alias, account: account)
                guard taken[alias] == nil else { continue }
            }
            taken[alias] = account
            try insert.bind(.text(alias), .text(rowID))
            try insert.run()
        }
        read.reset()
    }
}

extension Store {
    /// Migration 19: `row_edits.moved_from` (the account a row was on before `row correct --account` moved it, hostile10
    /// F13), added unless the table has it; then ``aliasRepairedLineIdentities(_:)``.
    static func moveRowsAndRepairIDs(_ db: Database) throws {
        let columns = try db.prepare("SELECT name FROM pragma_table_info('row_edits')").all { $0.text(0) }
        if !columns.contains("moved_from") { try db.execute("ALTER TABLE row_edits ADD COLUMN moved_from TEXT") }
        try aliasRepairedLineIdentities(db)
    }

    /// Migration 19, its second part: each `line:` row whose descriptor holds UTF-8 read as Windows-1252 (`CrÃ©dito`) is also known by
    /// the id of its repaired text (``TextRepair/repairingEncoding(_:)``), the id `garden import` gives that line now
    /// (hostile10 F26), with the same occurrence and account tag; a row whose id is not its stored content's (corrected
    /// since) is left alone. Nothing is changed or removed.
    static func aliasRepairedLineIdentities(_ db: Database) throws {
        let read = try db.prepare("""
            SELECT row_id, date, amount, currency, COALESCE(NULLIF(description, ''), memo, '') FROM ledger WHERE row_id LIKE 'line:%'
            """)
        let insert = try db.prepare("INSERT OR IGNORE INTO row_aliases(alias, row_id, kind) VALUES (?1, ?2, 'line')")
        while try read.step() {
            guard let rowID = read.text(0), let descriptor = read.text(4) else { continue }
            let repaired = TextRepair.repairingEncoding(descriptor)
            guard repaired != descriptor else { continue }
            let date = read.text(1), minor: Int64? = read.isNull(2) ? nil : read.int(2), currency = read.text(3) ?? ""
            let damaged = BankLineKey.content(date: date, minorUnits: minor, currency: currency, descriptor: descriptor)
            let body = rowID.dropFirst(BankLineKey.prefix.count)
            guard body.hasPrefix(damaged) else { continue }
            let alias = BankLineKey.prefix + BankLineKey.content(date: date, minorUnits: minor, currency: currency, descriptor: repaired)
                + body.dropFirst(damaged.count)
            try insert.bind(.text(alias), .text(rowID))
            try insert.run()
        }
        read.reset()
    }
}
