import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenLedger

extension Store {
    /// What the user set about budgets (``UserBudgets``): empty in a store made before the tables existed.
    public func userBudgets() throws -> UserBudgets {
        guard (try? db.prepare("SELECT 1 FROM user_budgets LIMIT 0")) != nil else { return UserBudgets() }
        let entries = try db.prepare("""
            SELECT id, name, limit_minor, currency, categories, rollover, rollover_from, removed FROM user_budgets ORDER BY id
            """).all { s in
            UserBudgets.Entry(id: s.text(0) ?? "", name: s.text(1), limit: s.isNull(2) ? nil : s.int(2), currency: s.text(3),
                              categories: s.text(4).map { $0.split(separator: ",").map(String.init) }, rollover: s.int(5) != 0,
                              rolloverFrom: s.text(6), removed: s.int(7) != 0)
        }
        let merchants = try db.prepare("SELECT merchant_key, budget, label FROM budget_merchants ORDER BY merchant_key").all { s in
            UserBudgets.MerchantAssignment(merchantKey: s.text(0) ?? "", budget: s.text(1) ?? "", label: s.text(2) ?? "")
        }
        let cycle = try db.prepare("SELECT value FROM settings WHERE name = 'cycle_start'")
        let start = try cycle.step() ? Int(cycle.text(0) ?? "") ?? 1 : 1
        cycle.reset()
        return UserBudgets(entries: entries, merchants: merchants, cycleStart: start)
    }

    /// A ledger row given a new budget by ``saveUserBudgets(_:replacing:summary:rebudget:)``: the row with
    /// its new resolution, and the budget id and name it now has.
    public typealias Rebudgeted = (row: LedgerRow, budget: String?, budgetName: String?)

    /// Replaces the user's budgets `old` (what the caller read) by `new`, and gives every recorded row the
    /// budget `rebudget` says (nil: it keeps its own), in one transaction and one journal entry
    /// (`garden undo` restores both exactly). A row whose only change is its budget changes no link, so
    /// it is not left for `garden link` to examine again; linking's copy of its budget follows.
    /// - Returns: the journal entry and how many rows changed budget.
    /// - Throws: ``StoreFailure/invalid(_:)`` when the budgets are no longer `old` (another
    ///   command changed them since they were read); ``StoreError`` when SQLite fails.
    @discardableResult
    public func saveUserBudgets(_ new: UserBudgets, replacing old: UserBudgets, summary: String,
                                rebudget: (LedgerRow) throws -> Rebudgeted?) throws -> (journal: Int64, rows: Int) {
        try db.transaction {
            guard try userBudgets() == old else { throw StoreFailure.invalid("the budgets changed since they were read; run the command again") }
            let journal = try beginJournal(kind: "budgets", summary: summary)
            try writeEntries(new.entries, old.entries, journal)
            try writeMerchants(new.merchants, old.merchants, journal)
            if new.cycleStart != old.cycleStart {
                let current = try db.prepare("SELECT value FROM settings WHERE name = 'cycle_start'")
                let before = try current.step() ? Self.image([("value", Self.value(current.text(0)))]) : nil
                current.reset()
                try journal.remember(.setting(name: "cycle_start"), before: before)
                try run("INSERT OR REPLACE INTO settings(name, value) VALUES ('cycle_start', ?1)", .text(String(new.cycleStart)))
            }
            var changed: [Rebudgeted] = []
            try forEachLedgerRow { row in if let moved = try rebudget(row) { changed.append(moved) } }
            let last = try db.prepare("SELECT COALESCE(MAX(seq), 0) FROM link_dirty")
            _ = try last.step()
            let watermark = last.int(0)
            last.reset()
            for moved in changed {
                try updateResolution(moved.row, journal: journal)
                try run("UPDATE link_facts SET budget = ?2, budget_name = ?3 WHERE row_id = ?1",
                        .text(moved.row.rowID), Self.value(moved.budget), Self.value(moved.budgetName))
            }
            try run("DELETE FROM link_dirty WHERE seq > ?1", .integer(watermark))
            return (journal.id, changed.count)
        }
    }

    private func writeEntries(_ new: [UserBudgets.Entry], _ old: [UserBudgets.Entry], _ journal: Journal) throws {
        let before = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let after = Dictionary(new.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for id in Set(before.keys).union(after.keys).sorted() where before[id] != after[id] {
            try journal.remember(.budget(id: id), before: before[id].map(Self.image(of:)))
            try run("DELETE FROM user_budgets WHERE id = ?1", .text(id))
            if let entry = after[id] { try insert(entry) }
        }
    }

    private func writeMerchants(_ new: [UserBudgets.MerchantAssignment], _ old: [UserBudgets.MerchantAssignment], _ journal: Journal) throws {
        let before = Dictionary(old.map { ($0.merchantKey, $0) }, uniquingKeysWith: { a, _ in a })
        let after = Dictionary(new.map { ($0.merchantKey, $0) }, uniquingKeysWith: { a, _ in a })
        for key in Set(before.keys).union(after.keys).sorted() where before[key] != after[key] {
            let image = before[key].map { Self.image([("budget", .text($0.budget)), ("label", .text($0.label))]) }
            try journal.remember(.budgetMerchant(key: key), before: image)
            try run("DELETE FROM budget_merchants WHERE merchant_key = ?1", .text(key))
            if let assignment = after[key] {
                try run("INSERT INTO budget_merchants(merchant_key, budget, label) VALUES (?1, ?2, ?3)",
                        .text(key), .text(assignment.budget), .text(assignment.label))
            }
        }
    }

    private func insert(_ entry: UserBudgets.Entry) throws {
        try run("""
            INSERT INTO user_budgets(id, name, limit_minor, currency, categories, rollover, rollover_from, removed)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
            """, .text(entry.id), Self.value(entry.name), entry.limit.map { .integer($0) } ?? .null, Self.value(entry.currency),
                Self.value(entry.categories?.joined(separator: ",")), .integer(entry.rollover ? 1 : 0), Self.value(entry.rolloverFrom),
                .integer(entry.removed ? 1 : 0))
    }

    static func image(of entry: UserBudgets.Entry) -> String {
        image([("name", value(entry.name)), ("limit_minor", entry.limit.map { .integer($0) } ?? .null), ("currency", value(entry.currency)),
               ("categories", value(entry.categories?.joined(separator: ","))), ("rollover", .integer(entry.rollover ? 1 : 0)),
               ("rollover_from", value(entry.rolloverFrom)), ("removed", .integer(entry.removed ? 1 : 0))])
    }

    /// Puts back a budget, merchant assignment or setting as it was before a journaled change
    /// (`existed` false: it did not exist, so it is removed).
    func restoreBudgets(_ change: JournalChange, _ image: BeforeImage, existed: Bool) throws {
        switch change {
        case .budget(let id):
            try run("DELETE FROM user_budgets WHERE id = ?1", .text(id))
            guard existed else { return }
            try run("""
                INSERT INTO user_budgets(id, name, limit_minor, currency, categories, rollover, rollover_from, removed)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
                """, .text(id), image["name"], image["limit_minor"], image["currency"], image["categories"], image["rollover"],
                    image["rollover_from"], image["removed"])
        case .budgetMerchant(let key):
            try run("DELETE FROM budget_merchants WHERE merchant_key = ?1", .text(key))
            guard existed else { return }
            try run("INSERT INTO budget_merchants(merchant_key, budget, label) VALUES (?1, ?2, ?3)", .text(key), image["budget"], image["label"])
        case .setting(let name):
            try run("DELETE FROM settings WHERE name = ?1", .text(name))
            guard existed else { return }
            try run("INSERT INTO settings(name, value) VALUES (?1, ?2)", .text(name), image["value"])
        default:
            let (table, key) = change.stored
            throw StoreFailure.unknownJournalChange(table: table, key: key)
        }
    }
}

extension Store {
    /// The currency most linked rows are in (`link_facts`), nil before any `garden link`.
    public func mainCurrency() throws -> String? {
        let statement = try db.prepare("SELECT currency FROM link_facts GROUP BY currency ORDER BY COUNT(*) DESC, currency LIMIT 1")
        defer { statement.reset() }
        return try statement.step() ? statement.text(0) : nil
    }
}
