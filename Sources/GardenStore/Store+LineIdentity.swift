import GardenFoundation
import GardenLedger
import GardenSQLite

/// One bank line, one row (issue 33): rows of bank files carry ids by ``BankLineKey`` (content and occurrence, no
/// account, no format), and the store keeps two accounts apart by the account each row holds.
///
/// A row whose `line:` id is recorded (or is another id of a recorded row: `row_aliases`, kind `line`, as
/// migration 13 gives the rows an older garden recorded) is that row when their accounts agree: the same account,
/// or one of them without an account (a CSV read before `--account`, or without the `ACCTID` its OFX twin
/// states). A row read with an account re-attaches the recorded row to it (the row is written with its line); a
/// row read without one leaves the recorded row as it is. A row of another account is another row, under
/// `<id>@<8 hex>` (``BankLineKey/id(_:account:)``), as is every later line of that account.
extension Store {
    /// Rewrites a batch about to be recorded (inside the write transaction): each `line:` row takes the id of the
    /// row it is; rows that add nothing to the row they are (read without an account, the recorded row has one)
    /// are dropped and returned as the count of rows left unchanged.
    func reconcile(_ rows: inout [LedgerRow]) throws -> Int {
        guard rows.contains(where: { BankLineKey.isLineID($0.rowID) }) else { return 0 }
        let lookup = try db.prepare("SELECT account FROM ledger WHERE row_id = ?1")
        /// The row `id` names, in this batch or the ledger: whether there is one, and its account.
        func row(_ id: String) throws -> (exists: Bool, account: String?) {
            if let written = batch[id] { return (true, written) }
            try lookup.bind(.text(id))
            defer { lookup.reset() }
            return try lookup.step() ? (true, lookup.text(0)) : (false, nil)
        }
        var batch: [String: String?] = [:]          // ids this batch writes → their account
        var dropped = Set<Int>()
        for index in rows.indices where BankLineKey.isLineID(rows[index].rowID) {
            let given = rows[index].rowID
            let account = rows[index].entry?.input.account ?? LedgerEntry(rows[index]).input.account
            var id = try aliasedRow(given) ?? given
            var found = try row(id)
            if found.exists, let account, let other = found.account, other != account {
                // Another account's line of the same content: a row of its own.
                let tagged = BankLineKey.id(given, account: account)
                id = try aliasedRow(tagged) ?? tagged
                found = try row(id)
            }
            if found.exists, found.account != nil, account == nil {
                dropped.insert(index)           // the recorded row states its account; this line adds nothing
                continue
            }
            rows[index].rename(id)
            batch[id] = account ?? found.account
        }
        if !dropped.isEmpty { rows = rows.indices.filter { !dropped.contains($0) }.map { rows[$0] } }
        return dropped.count
    }
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
