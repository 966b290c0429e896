extension Store {
    /// Stored rules, oldest first.
    public func rules() throws -> [StoredRule] {
        let statement = try db.prepare("SELECT id, text, origin, created_at FROM rules ORDER BY id")
        return try statement.all { StoredRule(id: $0.int(0), text: $0.text(1) ?? "", origin: $0.text(2) ?? "", createdAt: $0.text(3) ?? "") }
    }

    /// Adds rules in one journaled transaction; returns them with their ids.
    @discardableResult
    public func addRules(_ texts: [String], origin: String) throws -> [StoredRule] {
        try db.transaction {
            let journal = try beginJournal(kind: "rules", summary: "add \(texts.count) rule(s) (\(origin))")
            let added = try insertRules(texts, origin: origin, journal: journal)
            try journal.setSummary("add " + added.map { "\($0.ruleID): \($0.text)" }.joined(separator: "; ") + " (\(origin))")
            return added
        }
    }

    func insertRules(_ texts: [String], origin: String, journal: Journal) throws -> [StoredRule] {
        let insert = try db.prepare("INSERT INTO rules(text, origin, created_at) VALUES (?1, ?2, ?3)")
        var added: [StoredRule] = []
        let stamp = now()
        for text in texts {
            try insert.bind(.text(text), .text(origin), .text(stamp))
            try insert.run()
            let id = db.lastInsertRowID
            try journal.remember(.rule(id: id), before: nil)
            added.append(StoredRule(id: id, text: text, origin: origin, createdAt: stamp))
        }
        return added
    }

    /// Removes a rule (journaled); false when there is no such rule.
    @discardableResult
    /// Whether stored rule `id` exists.
    func ruleExists(id: Int64) throws -> Bool {
        let read = try db.prepare("SELECT 1 FROM rules WHERE id = ?1")
        try read.bind(.integer(id))
        return try read.step()
    }

    /// Deletes stored rule `id` inside the caller's transaction, its row journaled under `journal` (undo puts it back).
    func deleteRule(id: Int64, journal: Journal) throws {
        let read = try db.prepare("SELECT text, origin, created_at FROM rules WHERE id = ?1")
        try read.bind(.integer(id))
        guard try read.step() else { return }
        let image = Self.image([("text", Self.value(read.text(0))), ("origin", Self.value(read.text(1))), ("created_at", Self.value(read.text(2)))])
        read.reset()
        try journal.remember(.rule(id: id), before: image)
        let delete = try db.prepare("DELETE FROM rules WHERE id = ?1")
        try delete.bind(.integer(id))
        try delete.run()
    }

    public func removeRule(id: Int64) throws -> Bool {
        try db.transaction {
            guard try ruleExists(id: id) else { return false }
            try deleteRule(id: id, journal: try beginJournal(kind: "rules", summary: "remove rule r\(id)"))
            return true
        }
    }
}
