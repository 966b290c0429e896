import GardenFoundation
import GardenLedger
import GardenSQLite

/// The holder's accounts (issues 33 and 36): each known by its identity (``AccountKey``), called by one name that its
/// rows carry (`ledger.account`), of a type (``AccountType``). A name given later (`import --account` on a file that
/// states its account, `garden accounts rename`) renames the account on every row; it never makes it another account.
extension Store {
    /// One account as `garden accounts` lists it.
    public struct Account: Sendable, Equatable {
        public var key: String
        public var name: String
        public var type: AccountType?
        /// Rows recorded under it.
        public var rows: Int
        /// The first and last date of its rows (`YYYY-MM-DD`).
        public var first: String?
        public var last: String?
        /// The sum of its rows in minor units, by ISO 4217 currency (sorted by code).
        public var balances: [(currency: String, minorUnits: Int64)]

        public static func == (a: Account, b: Account) -> Bool {
            a.key == b.key && a.name == b.name && a.type == b.type && a.rows == b.rows && a.first == b.first && a.last == b.last
                && a.balances.map(\.currency) == b.balances.map(\.currency) && a.balances.map(\.minorUnits) == b.balances.map(\.minorUnits)
        }
    }

    /// Inside the write of a batch: each row's account is looked up by its key; a new one is recorded (under the row's
    /// name, or, when another account already has that name, the name with 8 hex digits of its key), a known one gives
    /// the row its name, and a name the user gave on the line (`account_label`) renames it first. A row whose line
    /// names its account otherwise than the store has its stored line's `account` set to the account's name.
    /// `identities`: each key with the identity it stands for (``Reconciled/identities``); a key not in it is its own.
    /// A pending row's twin key names its account as the store does, so its posted twin read under a label finds it.
    /// Returns each account name a row gave that the store records under another name (the name the rows went to: the
    /// closing line counts them there, newuser36 item 11).
    @discardableResult
    func nameAccounts(_ rows: inout [LedgerRow], identities: [String: String] = [:]) throws -> [String: String] {
        var renamed: [String: String] = [:]
        guard rows.contains(where: { $0.raw.utf8.count > 9 && $0.raw.contains("\"account") }) else { return renamed }
        let find = try db.prepare("SELECT name, type FROM accounts WHERE key = ?1")
        let insert = try db.prepare("INSERT INTO accounts(key, name, type, named_by) VALUES (?1, ?2, ?3, ?4)")
        var known: [String: String] = [:]        // key → name, for this batch
        var identities = identities              // a key a write of canonical lines names (`name:R`): looked up here
        for index in rows.indices {
            let input = (rows[index].entry ?? LedgerEntry(rows[index])).input
            guard let given = input.account, let stated = Self.accountKey(input) else { continue }
            let key: String
            if let identity = identities[stated] {
                key = identity
            } else {
                key = try accountIdentity(stated)
                identities[stated] = key
            }
            var name: String
            if let cached = known[key] {
                name = cached
            } else {
                try find.bind(.text(key))
                let stored = try find.step() ? (name: find.text(0) ?? given, type: find.text(1)) : nil
                find.reset()
                if let stored {
                    name = stored.name
                    if let label = input.accountLabel, AccountKey.fold(label) != AccountKey.fold(name), try holder(of: label) == nil {
                        try renameRows(from: name, to: label)
                        try db.prepare("UPDATE accounts SET name = ?1, named_by = 'user' WHERE key = ?2").bind(.text(label), .text(key)).run()
                        name = label
                    }
                    if stored.type == nil, let type = input.accountType {
                        try db.prepare("UPDATE accounts SET type = ?1 WHERE key = ?2").bind(.text(type.rawValue), .text(key)).run()
                    }
                } else {
                    name = given
                    if let other = try holder(of: name), other != key {
                        var hash = FNV1a()
                        hash.combine(key)
                        name += " #" + hash.hex.prefix(8)
                    }
                    let byUser = input.accountLabel != nil || (!AccountKey.isStated(key) && !AccountKey.isLayoutDefault(key))
                    try insert.bind(.text(key), .text(name), Self.value(input.accountType?.rawValue), .text(byUser ? "user" : "file")).run()
                }
                known[key] = name
            }
            if name != given {
                renamed[given] = name
                rows[index].renameAccount(name)
                if let twin = rows[index].twinKey, twin.hasPrefix(given + "|") { rows[index].twinKey = name + twin.dropFirst(given.count) }
            }
        }
        return renamed
    }

    /// Every row of account `old` under the name `new` (its column and its stored line's `account`), and the twin keys
    /// of its rows waiting for their posted twin (which name the account: ``LedgerRow/twinKey``).
    func renameRows(from old: String, to new: String) throws {
        try db.prepare("UPDATE ledger SET account = ?2, raw = json_set(raw, '$.account', ?2) WHERE account = ?1").bind(.text(old), .text(new)).run()
        try db.prepare("UPDATE unsettled_rows SET twin_key = ?2 || substr(twin_key, length(?1) + 1) WHERE substr(twin_key, 1, length(?1) + 1) = ?1 || '|'")
            .bind(.text(old), .text(new)).run()
    }

    /// The accounts, by name, with their rows, dates and balances.
    public func accounts() throws -> [Account] {
        let statement = try db.prepare("""
            SELECT a.key, a.name, a.type, COUNT(l.row_id), MIN(l.date), MAX(l.date) FROM accounts a LEFT JOIN ledger l ON l.account = a.name
            GROUP BY a.key ORDER BY a.name
            """)
        var accounts = try statement.all { s in
            Account(key: s.text(0) ?? "", name: s.text(1) ?? "", type: s.text(2).flatMap(AccountType.init(rawValue:)), rows: Int(s.int(3)),
                    first: s.text(4), last: s.text(5), balances: [])
        }
        let sums = try db.prepare("SELECT account, currency, SUM(amount) FROM ledger WHERE account IS NOT NULL AND amount IS NOT NULL GROUP BY account, currency ORDER BY currency")
        var balances: [String: [(currency: String, minorUnits: Int64)]] = [:]
        while try sums.step() { balances[sums.text(0) ?? "", default: []].append((sums.text(1) ?? "BRL", sums.int(2))) }
        sums.reset()
        for index in accounts.indices { accounts[index].balances = balances[accounts[index].name] ?? [] }
        return accounts.filter { $0.rows > 0 }      // an account whose rows all went to another (re-attached) lists nothing
    }

    /// Why an account could not be renamed or typed.
    public enum AccountRefusal: Error, Equatable, Sendable {
        /// No account has that name; the known names, for "did you mean".
        case unknown(names: [String])
        /// Another account has the new name already.
        case nameTaken
    }

    /// Renames the account called `old` to `new` on every row, inside one transaction; the rows keep their ids.
    public func renameAccount(_ old: String, to new: String) throws -> AccountRefusal? {
        try db.transaction {
            let names = try db.prepare("SELECT name FROM accounts ORDER BY name").all { $0.text(0) ?? "" }
            guard names.contains(old) else { return .unknown(names: names) }
            guard old != new else { return nil }
            // Another account's name in another case or spacing is that account's name as identity compares names
            // (``AccountKey/fold(_:)``: `rows --account nubank` would find both, hostile10 F18); the same account's own
            // name in another case is a rename.
            guard !names.contains(where: { $0 != old && AccountKey.fold($0) == AccountKey.fold(new) }) else { return .nameTaken }
            if let key = try holder(of: old) {
                try beginJournal(kind: "accounts", summary: "accounts rename \(old) \(new)").remember(.account(key: key), before: try accountImage(key))
            }
            try renameRows(from: old, to: new)
            try db.prepare("UPDATE accounts SET name = ?2, named_by = 'user' WHERE name = ?1").bind(.text(old), .text(new)).run()
            return nil
        }
    }

    /// Sets the type of the account called `name`.
    public func setAccountType(_ name: String, _ type: AccountType) throws -> AccountRefusal? {
        try db.transaction {
            let names = try db.prepare("SELECT name FROM accounts ORDER BY name").all { $0.text(0) ?? "" }
            guard names.contains(name) else { return .unknown(names: names) }
            if let key = try holder(of: name) {
                try beginJournal(kind: "accounts", summary: "accounts type \(name) \(type.rawValue)").remember(.account(key: key), before: try accountImage(key))
            }
            try db.prepare("UPDATE accounts SET type = ?2 WHERE name = ?1").bind(.text(name), .text(type.rawValue)).run()
            return nil
        }
    }

    /// The type of each account that has one, by name (what an export posts a credit card under).
    public func accountTypes() throws -> [String: AccountType] {
        // A store of an older schema, read as it is, has no accounts table: no types.
        guard (try? db.prepare("SELECT 1 FROM accounts LIMIT 1")) != nil else { return [:] }
        var out: [String: AccountType] = [:]
        for (name, type) in try db.prepare("SELECT name, type FROM accounts WHERE type IS NOT NULL").all({ ($0.text(0) ?? "", $0.text(1) ?? "") }) {
            out[name] = AccountType(rawValue: type)
        }
        return out
    }
}

extension Store {
    /// Migration 18: each account key holding a `--account` label (`file:csv/nubank_card@Nubank`) takes the label folded
    /// (``AccountKey/fold(_:)``) in the accounts, their other identities and the stored lines; a row tagged by the old
    /// key (`line:…@<8 hex>`, ``BankLineKey/id(_:account:)``) is also known by the tag of the new one, so a file read
    /// again finds it. When two accounts' keys fold to one (`@Nubank` and `@nubank` recorded by an older garden), the
    /// first keeps the folded key and the other its own: two accounts stay two, nothing is merged.
    static func foldAccountLabels(_ db: Database) throws {
        let keys = try db.prepare("SELECT key FROM accounts WHERE key LIKE 'file:%@%' ORDER BY rowid").all { $0.text(0) ?? "" }
        var taken = Set(try db.prepare("SELECT key FROM accounts").all { $0.text(0) ?? "" })
        let tagged = try db.prepare("SELECT row_id FROM ledger WHERE substr(row_id, -9) = ?1")
        let alias = try db.prepare("INSERT OR IGNORE INTO row_aliases(alias, row_id, kind) VALUES (?1, ?2, 'line')")
        for key in keys {
            guard let at = key.firstIndex(of: "@") else { continue }
            let folded = String(key[...at]) + AccountKey.fold(String(key[key.index(after: at)...]))
            guard folded != key, !taken.contains(folded) else { continue }
            taken.insert(folded)
            try db.prepare("UPDATE accounts SET key = ?2 WHERE key = ?1").bind(.text(key), .text(folded)).run()
            try db.prepare("UPDATE account_aliases SET account = ?2 WHERE account = ?1").bind(.text(key), .text(folded)).run()
            try db.prepare("UPDATE ledger SET raw = json_set(raw, '$.account_key', ?2) WHERE json_extract(raw, '$.account_key') = ?1")
                .bind(.text(key), .text(folded)).run()
            let oldTag = BankLineKey.id("", account: key), newTag = BankLineKey.id("", account: folded)
            let rows = try tagged.bind(.text(oldTag)).all { $0.text(0) ?? "" }
            tagged.reset()
            for row in rows {
                try alias.bind(.text(String(row.dropLast(oldTag.count)) + newTag), .text(row))
                try alias.run()
            }
        }
        let aliases = try db.prepare("SELECT key FROM account_aliases WHERE key LIKE 'file:%@%'").all { $0.text(0) ?? "" }
        for key in aliases {
            guard let at = key.firstIndex(of: "@") else { continue }
            let folded = String(key[...at]) + AccountKey.fold(String(key[key.index(after: at)...]))
            guard folded != key, !taken.contains(folded) else { continue }
            try db.prepare("UPDATE OR IGNORE account_aliases SET key = ?2 WHERE key = ?1").bind(.text(key), .text(folded)).run()
        }
    }
}

extension LedgerRow {
    /// The row with its stored line naming account `name` of key `key` (and no file default or label, which named the
    /// account it left).
    mutating func setAccount(key: String, name: String) {
        guard var doc = try? JSONScanner.parse(Array(raw.utf8)), doc[doc.root].kind == .object else { return }
        var out: [UInt8] = []
        for member in ["account_default", "account_label"] as [StaticString] {
            JSONSplice.replacingMember(member, in: doc, with: nil, into: &out)
            guard let next = try? JSONScanner.parse(out) else { return }
            doc = next
            out = []
        }
        var value: [UInt8] = []
        JSONWriter.appendEscaped(key, to: &value)
        JSONSplice.replacingMember("account_key", in: doc, with: value, into: &out)
        raw = String(decoding: out, as: UTF8.self)
        renameAccount(name)
    }

    /// The row with its stored line's `account` set to `name` (the name its account has in the store).
    mutating func renameAccount(_ name: String) {
        guard let doc = try? JSONScanner.parse(Array(raw.utf8)), doc[doc.root].kind == .object else { return }
        var value: [UInt8] = []
        JSONWriter.appendEscaped(name, to: &value)
        var out: [UInt8] = []
        JSONSplice.replacingMember("account", in: doc, with: value, into: &out)
        raw = String(decoding: out, as: UTF8.self)
    }
}
