import GardenFoundation
import GardenLedger
import GardenSQLite

/// One account under two identities (issue 33 items 1–3): the same month read again under another account key is the
/// account recorded before, not a second one, when the evidence says so — and only then.
///
/// A batch's rows of an account key the store does not know yet (``AccountKey``) are compared with the recorded rows
/// they are (their ``BankLineKey`` id, or an aggregator row's `line_id`). They are taken for the account those rows are
/// on when **all** of these hold (``attachAccounts(_:)``):
/// - at least ``attachMinimum`` of them are recorded rows, all of one account;
/// - they dominate the key's other lines dated inside that account's recorded dates: four recorded lines or more for
///   each line there that is not (``recordedLinesDominate(matched:unmatchedInside:)``) — a later export holds a late
///   purchase or a line printed otherwise, another card of the layout has purchases of its own in the same weeks; a
///   row the user deleted counts as recorded, pending rows are left out;
/// - the two keys may be one account: a file's label (`file:csv/nubank_card@Ana`) and the same layout's unnamed
///   account (`file:csv/nubank_card`), or the other way round; or two keys a file states in different formats
///   (`pluggy:<accountId>` and `ofx:…/<ACCTID>`, which share no number), or two Pluggy `accountId`s (a connection's
///   id, renewed by a reconnection: hostile10 F5). Two keys of one format that state the account's number (two OFX
///   `ACCTID`s, two Pluggy accounts read with the accounts page) are two accounts whatever their rows.
///
/// A key whose lines are no recorded rows is compared the same way with the keys of the same write that are new (two
/// exports of one month in one import: ``attachInWrite(_:_:rows:lines:to:)``).
///
/// The key is then another identity of that account (`account_aliases`), for this and every later batch, and a label
/// names the unnamed account it attached to (`matched 22 rows of the unnamed account "Nubank card CSV"; named it
/// "Nubank Ana"`). Both are journaled: `garden undo` takes them back. A label that is already the name of its layout's
/// unnamed account (`garden accounts rename` first) is that account without any evidence.
extension Store {
    /// What ``attachAccounts(_:)`` did for one key: `rows` of the batch were recorded rows of `account` (`unnamed`: a
    /// layout's default account, named by garden after the bank and file type; an account a file states, an OFX
    /// `ACCTID`, is no unnamed one, newuser36 item 11), and the label it `namedIt`, if any.
    public struct AccountAttachment: Sendable, Equatable, CustomStringConvertible {
        public var rows: Int
        public var account: String
        public var unnamed: Bool
        public var namedIt: String?

        /// `matched 22 row(s) of the unnamed account "Nubank card CSV"; named it "Nubank Ana"`; with no rows (a label
        /// that names the account, ``labelledAccount(_:_:)``): `the file's account is the account "Nu" (--account)`.
        public var description: String {
            if rows == 0 { return "the file's account is the account \"\(account)\" (--account)" }
            return "matched \(rows) row(s) of the \(unnamed ? "unnamed " : "")account \"\(account)\"" + (namedIt.map { "; named it \"\($0)\"" } ?? "; the file's account is that account")
        }
    }

    /// The fewest recorded rows a batch's lines must be before an unknown key is taken for their account: two cards of
    /// one layout may share a purchase or two (a subscription both pay, the same coffee), hardly three with nothing else
    /// in the same weeks.
    public static let attachMinimum = 3

    /// The account identity `key` stands for: itself, or the account it is another identity of (`account_aliases`),
    /// or — a key that names its account by a name (a `--account` label on a file that names no account,
    /// `file:csv/nubank_card@nubank`, compared as ``AccountKey/fold(_:)`` compares names; or a line's own `account`,
    /// `name:Nubank`, exactly) — the account the store calls by that name: the user sees and types accounts by their names, and
    /// the store holds one account a name (`garden row correct --account R`, then a file read with `--account R`;
    /// garden's own CSV export read again, whose `account` column is the name). The key becomes another identity of it.
    func accountIdentity(_ key: String) throws -> String {
        if let target = try accountAlias(key) { return target }
        guard try !accountExists(key) else { return key }
        if let spelled = try ofxAccountSpelledOtherwise(key) {
            try db.prepare("INSERT OR IGNORE INTO account_aliases(key, account) VALUES (?1, ?2)").bind(.text(key), .text(spelled)).run()
            return spelled
        }
        let name: String
        if key.hasPrefix("file:"), let at = key.firstIndex(of: "@") {
            name = AccountKey.fold(String(key[key.index(after: at)...]))      // a key an older garden made keeps its case
        } else if key.hasPrefix("name:") {
            // A line's own `account` is written by a file or a tool, not typed: its name exactly (`Nubank` and `nubank`
            // on canonical lines stay two accounts, as the exports keep them).
            guard let holder = try holder(of: String(key.dropFirst(5))), holder != key else { return key }
            try db.prepare("INSERT OR IGNORE INTO account_aliases(key, account) VALUES (?1, ?2)").bind(.text(key), .text(holder)).run()
            return holder
        } else {
            return key
        }
        guard let holder = try account(folded: name), holder != key else { return key }
        try db.prepare("INSERT OR IGNORE INTO account_aliases(key, account) VALUES (?1, ?2)").bind(.text(key), .text(holder)).run()
        return holder
    }

    /// The recorded OFX account of key `key` (`ofx:<BANKID>/<ACCTID>`) written with its `ACCTID` spelled otherwise: the
    /// same `BANKID` and the same number once punctuation and leading zeros are dropped (``ofxAccountNumber(_:)``) —
    /// bank exports of one account differ in zero padding and the check digit's dash (internet banking, app and
    /// accounting-software OFX: `12345-6`, `0012345-6`, `123456`; hostile9 F7). Nil when there is none.
    func ofxAccountSpelledOtherwise(_ key: String) throws -> String? {
        guard key.hasPrefix("ofx:"), let slash = key.firstIndex(of: "/") else { return nil }
        let bank = key[...slash], number = Self.ofxAccountNumber(String(key[key.index(after: slash)...]))
        guard let number else { return nil }
        let statement = try db.prepare("SELECT key FROM accounts WHERE substr(key, 1, ?1) = ?2 ORDER BY rowid")
            .bind(.integer(Int64(bank.count)), .text(String(bank)))
        defer { statement.reset() }
        while try statement.step() {
            guard let other = statement.text(0), other != key else { continue }
            if Self.ofxAccountNumber(String(other.dropFirst(bank.count))) == number { return other }
        }
        return nil
    }

    /// An OFX `ACCTID` as an account number: its digits without leading zeros, when it is made of digits and the
    /// separators banks print in account numbers (`-`, `.`, `/`, space) and holds at most 20 digits (Brazilian agency and
    /// account numbers, US account numbers); nil for any other (a UUID, a masked `****1234`), compared as written.
    static func ofxAccountNumber(_ acctid: String) -> String? {
        var digits = ""
        for character in acctid {
            if character.isASCII, character.isNumber { digits.append(character) } else if !"-./ ".contains(character) { return nil }
        }
        guard !digits.isEmpty, digits.count <= 20 else { return nil }
        let trimmed = digits.drop { $0 == "0" }
        return trimmed.isEmpty ? "0" : String(trimmed)
    }

    /// The key of the account whose name folds (``AccountKey/fold(_:)``) to `folded`: the one named exactly so first,
    /// else the first recorded (an older store may hold two names one fold apart).
    func account(folded: String) throws -> String? {
        let statement = try db.prepare("SELECT key, name FROM accounts ORDER BY rowid")
        defer { statement.reset() }
        var found: String?
        while try statement.step() {
            guard let name = statement.text(1), AccountKey.fold(name) == folded, let key = statement.text(0) else { continue }
            if name == folded { return key }
            if found == nil { found = key }
        }
        return found
    }

    private func accountAlias(_ key: String) throws -> String? {
        let statement = try db.prepare("SELECT account FROM account_aliases WHERE key = ?1").bind(.text(key))
        defer { statement.reset() }
        return try statement.step() ? statement.text(0) : nil
    }

    private func accountExists(_ key: String) throws -> Bool {
        let statement = try db.prepare("SELECT 1 FROM accounts WHERE key = ?1").bind(.text(key))
        defer { statement.reset() }
        return try statement.step()
    }

    /// The id each row of a batch is known by as a bank line: its own when a `line:` id; for an aggregator's row
    /// (`pluggy:<id>`, `openfinance:<id>`) the ``BankLineKey`` form of its content (date, amount, currency, the
    /// descriptor as the bank printed it) and its occurrence among the batch's rows of that content and account, as
    /// an import numbers a file's lines; nil for any other row.
    static func lineIDs(_ rows: [LedgerRow]) -> [String?] {
        var occurrences: [String: Int] = [:]
        return rows.map { row in
            if BankLineKey.isLineID(row.rowID) { return row.rowID }
            guard isAggregatorID(row.rowID) else { return nil }
            let input = (row.entry ?? LedgerEntry(row)).input
            let descriptor = input.description.isEmpty ? (input.memo ?? "") : input.description
            let content = BankLineKey.content(date: row.date, minorUnits: input.amount, currency: input.currency, descriptor: descriptor)
            // Numbered among the rows of one account and, for an aggregator's, of one connection (`account_source_id`):
            // a Pluggy page and its reconnection's page in one write each number their lines from 1, as in two writes
            // (ledger6 F10), while two pages of one connection number theirs together.
            let group = (accountKey(input) ?? "") + "\u{1F}" + (accountSourceID(row.raw) ?? "") + "\u{1F}" + content
            occurrences[group, default: 0] += 1
            return BankLineKey.id(content: content, occurrence: occurrences[group]!)
        }
    }

    /// Whether rows of key `incoming` may be rows of the account of key `recorded` (see the type's notes).
    static func mayBeOneAccount(_ incoming: String, _ recorded: String, recordedNamedByFile: Bool) -> Bool {
        func layout(_ key: String) -> Substring? {
            key.hasPrefix("file:") ? key.split(separator: "@", maxSplits: 1).first : nil
        }
        if let a = layout(incoming), let b = layout(recorded) {
            guard a == b else { return false }
            // A label and the unnamed account (named by garden, not by the user), or the unnamed file and a label.
            if incoming.contains("@") { return !recorded.contains("@") && recordedNamedByFile }
            return recorded.contains("@")
        }
        // A file that states no account, named by `--account`, and a file that states one (the same month as a CSV the
        // user labelled and as an OFX or an aggregator's page): two formats, as below; the rows decide.
        if (layout(incoming) == nil) != (layout(recorded) == nil) {
            let file = layout(incoming) != nil ? incoming : recorded, other = layout(incoming) != nil ? recorded : incoming
            // An unnamed file read after the stated account's rows (a Pluggy page, then the bank's own CSV with a line
            // of its own: a purchase the page still had pending, hostile9 F12) is that account too when its rows say so;
            // a stated key read after the unnamed file's rows keeps its own identity (its rows are the unnamed rows) —
            // unless the user named that account (`accounts rename`/`type`, a label that named it): then the stated key
            // is another identity of the user's account, whose name and type stay (hostile9 F4: the OFX's ACCTID
            // replaced "Nubank Ana" and the card was exported as an asset).
            return (file.contains("@") || file == incoming || (file == recorded && !recordedNamedByFile)) && !other.hasPrefix("name:")
        }
        guard layout(incoming) == nil, layout(recorded) == nil, !incoming.hasPrefix("name:") else { return false }
        let format = { (key: String) in key.split(separator: ":", maxSplits: 1).first ?? "" }
        // Two Pluggy `accountId`s (`pluggy:<accountId>`, read without Pluggy's accounts page): an `accountId` names a
        // connection, not the bank account, and a reconnection gives the same account a new one (Pluggy's docs; ledger6
        // F10), so the two ids state nothing about whether the accounts differ — the rows decide, as across two formats
        // (hostile10 F5: the month's page through a reconnection doubled the month). Two accounts read with the accounts
        // page (`pluggy-account:` keys, made from the account's number) stay two whatever their rows.
        if format(incoming) == "pluggy", format(recorded) == "pluggy" { return true }
        return format(incoming) != format(recorded)
    }

    /// Inside the write of a batch, before its rows are reconciled: each account key of the batch the store does not
    /// know is attached to the account its rows are, when they are one (see the type's notes). Returns each key of the
    /// batch with the identity it stands for, and what was attached (for the closing line).
    ///
    /// `undecided`: each unknown key left a new account whose lines are 1 or 2 rows (fewer than ``attachMinimum``) of one
    /// account it may be (``mayBeOneAccount(_:_:recordedNamedByFile:)``), with that account's key and name: too few shared
    /// lines to tell — ``reconcile(_:)`` flags those lines (``RowDoubt``).
    func attachAccounts(_ rows: [LedgerRow], lines: [String?]) throws
        -> (identities: [String: String], notes: [AccountAttachment], undecided: [String: (key: String, name: String)]) {
        var identities: [String: String] = [:]
        var undecided: [String: (key: String, name: String)] = [:]
        // Keys with another identity are keys of bank files and aggregators, whose rows all have a line id: a write
        // with none (canonical lines, `name:` accounts) has nothing to look up here (``nameAccounts(_:identities:)``
        // finds a name the store holds).
        guard lines.contains(where: { $0 != nil }) else { return (identities, [], [:]) }
        var groups: [String: [Int]] = [:]
        var notes: [AccountAttachment] = []
        var unknown: Set<String> = []       // keys the store knows under no identity
        for index in rows.indices {
            let input = (rows[index].entry ?? LedgerEntry(rows[index])).input
            guard let key = Self.accountKey(input) else {
                // A line that names no account at all (an Open Finance response, a Pluggy page without `accountId`):
                // grouped apart, to be found in the one account all such lines of the write are recorded in, if any.
                if lines[index] != nil { groups[Self.noAccount, default: []].append(index) }
                continue
            }
            if identities[key] == nil {
                var identity = try accountIdentity(key)
                if identity == key, try !accountExists(key), let label = input.accountLabel, let named = try labelledAccount(key, label) {
                    // `--account NAME` on a file that states its account, NAME the name of an account the store holds:
                    // the user says which account the file is (hostile10 F24: two accounts "Nu" and "Nu #…").
                    let journal = try beginJournal(kind: "accounts", summary: "")
                    try journal.remember(.accountAlias(key: key), before: nil)
                    try db.prepare("INSERT INTO account_aliases(key, account) VALUES (?1, ?2)").bind(.text(key), .text(named.key)).run()
                    let note = AccountAttachment(rows: 0, account: named.name, unnamed: false, namedIt: nil)
                    try journal.setSummary("the account \"\(named.name)\" is also \(key) (--account)")
                    notes.append(note)
                    identity = named.key
                }
                identities[key] = identity
                if identity == key, try !accountExists(key) { unknown.insert(key) }
            }
            // Only a row that may be a recorded bank line can tell which account its key is.
            if lines[index] != nil, unknown.contains(key) { groups[key, default: []].append(index) }
        }
        guard !groups.isEmpty else { return (identities, notes, [:]) }
        let lookup = try db.prepare("""
            SELECT a.key, a.name, a.named_by FROM ledger l JOIN accounts a ON a.name = l.account WHERE l.row_id = ?1
            """)
        let deleted = try deletedRowIDs()
        let moved = try movedRowIDs()
        // Keys of this write that stay new accounts, in the order the write holds them: their lines, their dates'
        // span, and the name their rows carry (two exports of one month in one import: hostile9 F14).
        var newInWrite: [(key: String, lines: Set<String>, first: String, last: String, name: String)] = []
        for (key, members) in groups.sorted(by: { $0.value[0] < $1.value[0] }) {
            var matched: [String: Int] = [:]
            var names: [String: (name: String, byFile: Bool)] = [:]
            var unmatchedDates: [String] = []
            for index in members {
                guard let given = lines[index] else { continue }
                var id = try aliasedRow(given) ?? given
                try lookup.bind(.text(id))
                var recorded = try lookup.step()
                if !recorded, let cut = Self.cutLineID(given, (rows[index].entry ?? LedgerEntry(rows[index])).input, date: rows[index].date) {
                    // The line recorded from an OFX whose NAME the format cut at 32 characters: a recorded line too (as
                    // ``reconcile(_:)`` finds it), not a line of the file's own (hostile10 F22: three such lines sank the
                    // share and the whole month was recorded again).
                    lookup.reset()
                    id = try aliasedRow(cut) ?? cut
                    try lookup.bind(.text(id))
                    recorded = try lookup.step()
                }
                if recorded, let account = lookup.text(0) {
                    // A row the user moved to another account (`row correct --account`) is a recorded line, as a deleted
                    // one is: no evidence of the account it is on now (hostile10 F13: the month's next file split in two
                    // accounts, all of it recorded again).
                    if !moved.contains(id) {
                        matched[account, default: 0] += 1
                        names[account] = (lookup.text(1) ?? "", lookup.text(2) == "file")
                    }
                } else if deleted.contains(id) || deleted.contains(given) {
                    // A row the user deleted is a recorded line all the same (`row_edits`): neither evidence against
                    // the account nor a new line (hostile9 F2).
                } else if !rows[index].isUnsettled, let date = rows[index].date {
                    unmatchedDates.append(date)
                }
                lookup.reset()
            }
            // Every line of the key is a recorded row (or one the user deleted or moved), all of one account: the file
            // is a rendering of lines that account holds, and nothing else (hostile10 F2, F3).
            let everyLine = unmatchedDates.isEmpty && matched.count == 1 && (matched.first?.value ?? 0) >= Self.attachMinimum
            if key == Self.noAccount {
                // Lines that name no account: the account they all are, for this write only (nothing to alias).
                if everyLine, let (account, count) = matched.first, let named = names[account] {
                    identities[Self.noAccount] = account
                    notes.append(AccountAttachment(rows: count, account: named.name, unnamed: named.byFile && AccountKey.isLayoutDefault(account), namedIt: nil))
                }
                continue
            }
            if matched.isEmpty, let earlier = try attachInWrite(key, members, rows: rows, lines: lines, to: newInWrite) {
                notes.append(earlier.note)
                for (other, identity) in identities where identity == key { identities[other] = earlier.identity }
                continue
            }
            var byEveryLine = false
            if everyLine, let account = matched.first?.key, let named = names[account] {
                byEveryLine = !Self.mayBeOneAccount(key, account, recordedNamedByFile: named.byFile) && Self.mayBeOneAccountByEveryLine(key, account)
            }
            guard matched.count == 1, let (account, count) = matched.first, count >= Self.attachMinimum, let named = names[account],
                  byEveryLine || Self.mayBeOneAccount(key, account, recordedNamedByFile: named.byFile) else {
                if matched.isEmpty, let near = Self.fewSharedLines(key, members, lines: lines, with: newInWrite) {
                    undecided[key] = near
                } else if matched.count == 1, let (account, count) = matched.first, count < Self.attachMinimum, let named = names[account],
                          Self.mayBeOneAccount(key, account, recordedNamedByFile: named.byFile) || AccountKey.sameAccount(account, key) {
                    // 1 or 2 lines of the file are rows of an account it may be — or rows of an unnamed layout's account,
                    // which a stated account's line takes as its own: too few to tell (hostile10 F19, F24).
                    undecided[key] = (account, named.name)
                }
                if matched.isEmpty {
                    let dates = members.compactMap { rows[$0].date }
                    let name = members.lazy.compactMap { (rows[$0].entry ?? LedgerEntry(rows[$0])).input.account }.first ?? key
                    newInWrite.append((key, Set(members.compactMap { lines[$0] }), dates.min() ?? "", dates.max() ?? "", name))
                }
                continue
            }
            let span = try db.prepare("SELECT MIN(date), MAX(date) FROM ledger WHERE account = ?1").bind(.text(named.name))
            _ = try span.step()
            let (first, last) = (span.text(0) ?? "", span.text(1) ?? "")
            span.reset()
            let inside = unmatchedDates.count(where: { $0 >= first && $0 <= last })
            guard Self.recordedLinesDominate(matched: count, unmatchedInside: inside) else { continue }
            if byEveryLine, !key.contains("@") {
                // An unnamed layout whose every line is a row of another layout's account (the same month as a generic
                // CSV after the bank's own): that account for this write — not for good: another bank's file of the
                // same generic layout is not this account.
                notes.append(AccountAttachment(rows: count, account: named.name, unnamed: named.byFile && AccountKey.isLayoutDefault(account), namedIt: nil))
                for (other, identity) in identities where identity == key { identities[other] = account }
                continue
            }
            // The same account: this key is another identity of it, journaled.
            // The label as the user typed it (the key holds it folded): the name the rows of the key carry.
            let label = key.hasPrefix("file:") && key.contains("@")
                ? members.lazy.compactMap { (rows[$0].entry ?? LedgerEntry(rows[$0])).input.account }.first : nil
            let renaming = label.flatMap { label in try? holder(of: label) == nil ? label : nil }
            let journal = try beginJournal(kind: "accounts", summary: "")
            try journal.remember(.accountAlias(key: key), before: nil)
            try db.prepare("INSERT INTO account_aliases(key, account) VALUES (?1, ?2)").bind(.text(key), .text(account)).run()
            let note = AccountAttachment(rows: count, account: named.name, unnamed: named.byFile && AccountKey.isLayoutDefault(account), namedIt: renaming)
            if let renaming {
                try journal.remember(.account(key: account), before: try accountImage(account))
                try renameRows(from: named.name, to: renaming)
                try db.prepare("UPDATE accounts SET name = ?1, named_by = 'user' WHERE key = ?2").bind(.text(renaming), .text(account)).run()
            }
            try journal.setSummary(note.description)
            notes.append(note)
            for (other, identity) in identities where identity == key { identities[other] = account }
        }
        return (identities, notes, undecided)
    }

    /// The first key of the same write that is a new account (`earlier`) of which 1 or 2 lines (fewer than
    /// ``attachMinimum``) of key `key` are lines, when the two may be one account
    /// (``mayBeOneAccount(_:_:recordedNamedByFile:)``): its key and the name its rows carry. Nil when there is none.
    static func fewSharedLines(_ key: String, _ members: [Int], lines: [String?],
                               with earlier: [(key: String, lines: Set<String>, first: String, last: String, name: String)]) -> (key: String, name: String)? {
        for candidate in earlier {
            let count = members.count { lines[$0].map(candidate.lines.contains) ?? false }
            let byFile = !(candidate.key.hasPrefix("file:") && candidate.key.contains("@"))
            if count > 0, count < attachMinimum, mayBeOneAccount(key, candidate.key, recordedNamedByFile: byFile) { return (candidate.key, candidate.name) }
        }
        return nil
    }

    /// A key of a write whose lines are no recorded rows, compared with the keys of the same write that are new accounts
    /// (`earlier`, in the write's order): the same month exported twice and read in one import (`garden import --account
    /// Ana a.csv a.ofx`, an OFX and a Pluggy page) is one account by the same evidence as across writes — at least
    /// ``attachMinimum`` of its lines are lines of one earlier key, they dominate its lines inside that key's dates
    /// (``recordedLinesDominate(matched:unmatchedInside:)``), and the two keys may be one account
    /// (``mayBeOneAccount(_:_:recordedNamedByFile:)``). The key is then another identity of that key (journaled).
    func attachInWrite(_ key: String, _ members: [Int], rows: [LedgerRow], lines: [String?],
                       to earlier: [(key: String, lines: Set<String>, first: String, last: String, name: String)])
        throws -> (identity: String, note: AccountAttachment)? {
        for candidate in earlier {
            var count = 0, inside = 0
            for index in members {
                guard let line = lines[index] else { continue }
                if candidate.lines.contains(line) {
                    count += 1
                } else if !rows[index].isUnsettled, let date = rows[index].date, date >= candidate.first, date <= candidate.last {
                    inside += 1
                }
            }
            let byFile = !(candidate.key.hasPrefix("file:") && candidate.key.contains("@"))
            guard Self.recordedLinesDominate(matched: count, unmatchedInside: inside),
                  Self.mayBeOneAccount(key, candidate.key, recordedNamedByFile: byFile) else { continue }
            let journal = try beginJournal(kind: "accounts", summary: "")
            try journal.remember(.accountAlias(key: key), before: nil)
            try db.prepare("INSERT INTO account_aliases(key, account) VALUES (?1, ?2)").bind(.text(key), .text(candidate.key)).run()
            let note = AccountAttachment(rows: count, account: candidate.name, unnamed: false, namedIt: nil)
            try journal.setSummary(note.description)
            return (candidate.key, note)
        }
        return nil
    }

    /// The account a label (`--account NAME`) names when given on a file that states its account (key `key`, not known
    /// yet): the account the store calls NAME (compared folded, ``AccountKey/fold(_:)``) — unless that account is
    /// stated by another file of the same format (two OFX `ACCTID`s, two Pluggy ids: the files say they are two
    /// accounts, and a label does not merge them). Nil when there is none.
    func labelledAccount(_ key: String, _ label: String) throws -> (key: String, name: String)? {
        guard AccountKey.isStated(key), !key.hasPrefix("name:"), let holder = try account(folded: AccountKey.fold(label)), holder != key else { return nil }
        let format = { (key: String) in key.split(separator: ":", maxSplits: 1).first ?? "" }
        let identities = [holder] + (try db.prepare("SELECT key FROM account_aliases WHERE account = ?1").bind(.text(holder)).all { $0.text(0) }.compactMap { $0 })
        if identities.contains(where: { AccountKey.isStated($0) && !$0.hasPrefix("name:") && format($0) == format(key) }) { return nil }
        let name = try db.prepare("SELECT name FROM accounts WHERE key = ?1").bind(.text(holder)).all { $0.text(0) }.first.flatMap { $0 }
        return name.map { (holder, $0) }
    }

    /// The group ``attachAccounts(_:lines:)`` gives lines that name no account at all (and its identity, when found).
    static let noAccount = ""

    /// Whether a key of a file that states no account (`file:<layout>`, with or without a label) whose every line is a
    /// recorded row of the account of key `recorded` may be that account although ``mayBeOneAccount(_:_:recordedNamedByFile:)``
    /// does not say so from the keys alone: two layouts of one month (the bank's CSV and a generic `Data;Descrição;Valor`
    /// export of it, hostile10 F2), a label on one file only (hostile10 F3). Never two labels the user gave (two names,
    /// two accounts), nor a stated account's key (its file says which account it is), nor a name a line gave.
    static func mayBeOneAccountByEveryLine(_ incoming: String, _ recorded: String) -> Bool {
        guard incoming.hasPrefix("file:"), !recorded.hasPrefix("name:") else { return false }
        return !(incoming.contains("@") && recorded.hasPrefix("file:") && recorded.contains("@"))
    }

    /// Whether `matched` lines of a key that are recorded rows of one account outweigh the `unmatchedInside` lines of the
    /// key dated inside that account's recorded dates enough to call the key that account (hostile9 F1): at least
    /// ``attachMinimum`` recorded lines, and at least four recorded lines for each line inside the dates that is not
    /// recorded (80 % of the lines in those dates). A later export of the same card holds the earlier one's lines and
    /// a few more — a purchase that posted late, a line the two exports print differently, a bill's edge that the
    /// other bill also holds — so a line or two of its own inside the dates is what a re-export looks like; another card
    /// of one layout shares a purchase or two by chance, and has purchases of its own in the same weeks.
    static func recordedLinesDominate(matched: Int, unmatchedInside: Int) -> Bool {
        matched >= attachMinimum && unmatchedInside * 4 <= matched
    }

    /// The ids of the rows the user deleted (`row delete`, ``RowEdit/deleted``): recorded lines for the attach rule.
    func deletedRowIDs() throws -> Set<String> { try editedRowIDs(where: "kind = 'deleted'") }

    /// The ids of the rows the user moved to another account (`row correct --account`, `row_edits.moved_from`).
    func movedRowIDs() throws -> Set<String> { try editedRowIDs(where: "moved_from IS NOT NULL") }

    /// The ids of the rows of `row_edits` that meet `condition` (SQL).
    private func editedRowIDs(where condition: String) throws -> Set<String> {
        Set(try db.prepare("SELECT row_id FROM row_edits WHERE " + condition).all { $0.text(0) }.compactMap { $0 })
    }

    /// The key of the account called `name`, if any.
    func holder(of name: String) throws -> String? {
        let statement = try db.prepare("SELECT key FROM accounts WHERE name = ?1").bind(.text(name))
        defer { statement.reset() }
        return try statement.step() ? statement.text(0) : nil
    }

    /// The before-image of the account of key `key` (nil: there is none).
    func accountImage(_ key: String) throws -> String? {
        let statement = try db.prepare("SELECT name, type, named_by FROM accounts WHERE key = ?1").bind(.text(key))
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return Self.image([("name", .text(statement.text(0) ?? "")), ("type", Self.value(statement.text(1))),
                           ("named_by", .text(statement.text(2) ?? "file"))])
    }

    /// Puts back an account journaled by ``attachAccounts(_:)``, `garden accounts rename` or `type`: its name on every
    /// row, its type; an alias added is removed.
    func restoreAccount(_ change: JournalChange, _ before: String?) throws {
        let image = BeforeImage(before)
        switch change {
        case .account(let key):
            guard before != nil, case .text(let name) = image["name"] else { return try run("DELETE FROM accounts WHERE key = ?1", .text(key)) }
            if let current = try db.prepare("SELECT name FROM accounts WHERE key = ?1").bind(.text(key)).all({ $0.text(0) }).first ?? nil,
               current != name {
                try renameRows(from: current, to: name)
            }
            try run("UPDATE accounts SET name = ?2, type = ?3, named_by = ?4 WHERE key = ?1", .text(key), .text(name), image["type"], image["named_by"])
        case .accountAlias(let key):
            if before == nil { return try run("DELETE FROM account_aliases WHERE key = ?1", .text(key)) }
            try run("INSERT OR REPLACE INTO account_aliases(key, account) VALUES (?1, ?2)", .text(key), image["account"])
        default:
            return
        }
    }
}
