import GardenSQLite

/// Teaching a row again: a correction counts once per row. Repeating the same answer (same category and
/// merchant identity) adds nothing to merchant memory or the naive-Bayes counts; a changed answer first
/// takes back what the row's earlier correction added, then counts the new one. Every change is journaled,
/// so `undo` restores the earlier correction exactly.
extension Store {
    /// What a row's standing correction added to the learned state: the merchant-memory entry it counted
    /// (nil: the row had no merchant identity) and its naive-Bayes examples (id, category, features).
    struct EarlierCorrection {
        var rowID: String
        var memory: JournalChange?
        var examples: [(id: Int64, category: String, features: [String])]

        /// Whether `c` gives the same answer: the same memory entry and the same category.
        func isRepeated(by c: Correction) -> Bool {
            let entry = c.merchantKey.map { JournalChange.memory(merchantKey: $0, direction: c.direction, category: c.category) }
            return memory == entry && examples.last?.category == c.category
        }
    }

    /// The row's standing correction, nil when the row was never taught (or its teaching was undone):
    /// the memory entry added by the newest teach of the row that counted, and the row's examples.
    func earlierCorrection(of rowID: String) throws -> EarlierCorrection? {
        let override = try db.prepare("SELECT 1 FROM overrides WHERE row_id = ?1")
        try override.bind(.text(rowID))
        guard try override.step() else { return nil }
        let examples = try db.prepare("SELECT id, category, features FROM nb_example WHERE row_id = ?1 ORDER BY id")
        try examples.bind(.text(rowID))
        let found = try examples.all { (id: $0.int(0), category: $0.text(1) ?? "", features: ($0.text(2) ?? "").split(separator: "\t").map(String.init)) }
        // The newest teach of the row that counted (it added a naive-Bayes example), newest first through
        // the journal's own key; the memory entry it added is journaled after its override row.
        let memory = try db.prepare("""
            SELECT (SELECT m.key FROM journal_rows m WHERE m.journal_id = j.id AND m.tbl = 'memory' AND m.seq >
                       (SELECT o.seq FROM journal_rows o WHERE o.journal_id = j.id AND o.tbl = 'overrides' AND o.key = ?1))
            FROM journal j
            WHERE j.kind = 'teach' AND j.undone = 0
              AND EXISTS (SELECT 1 FROM journal_rows o WHERE o.journal_id = j.id AND o.tbl = 'overrides' AND o.key = ?1)
              AND EXISTS (SELECT 1 FROM journal_rows e WHERE e.journal_id = j.id AND e.tbl = 'nb_example' AND e.before IS NULL)
            ORDER BY j.id DESC LIMIT 1
            """)
        try memory.bind(.text(rowID))
        let key = try memory.step() ? memory.text(0) : nil
        let entry = try key.map { try JournalChange(table: "memory", key: $0) }
        guard entry != nil || !found.isEmpty else { return nil }
        return EarlierCorrection(rowID: rowID, memory: entry, examples: found)
    }

    /// Takes back what `earlier` added: one count of its memory entry and its naive-Bayes examples with
    /// their feature and category counts, each change journaled with its before-image.
    func retract(_ earlier: EarlierCorrection, _ journal: Journal) throws {
        if case .memory(let key, let direction, let category)? = earlier.memory {
            try decrement("memory", where: "merchant_key = ?1 AND direction = ?2 AND category = ?3", [.text(key), .text(direction), .text(category)],
                          change: earlier.memory!, columns: ["merchant", "count"], journal)
        }
        for example in earlier.examples {
            try journal.remember(.naiveBayesExample(id: example.id), before: Self.image([
                ("row_id", .text(earlier.rowID)), ("category", .text(example.category)), ("features", .text(example.features.joined(separator: "\t"))),
            ]))
            let delete = try db.prepare("DELETE FROM nb_example WHERE id = ?1")
            try delete.bind(.integer(example.id))
            try delete.run()
            for feature in example.features {
                try decrement("nb_feature", where: "feature = ?1 AND category = ?2", [.text(feature), .text(example.category)],
                              change: .naiveBayesFeature(feature: feature, category: example.category), columns: ["count"], journal)
            }
            try decrement("nb_category", where: "category = ?1", [.text(example.category)], change: .naiveBayesCategory(example.category),
                          columns: ["documents", "tokens"], journal, by: [1, Int64(example.features.count)])
        }
    }

    /// Lowers the counting `columns` (the last `by.count` of them) of one row by `by`, deleting the row
    /// when its first count reaches 0; journaled under `change` with the row's before-image.
    private func decrement(_ table: String, where condition: String, _ key: [Statement.Value], change: JournalChange, columns: [String],
                           _ journal: Journal, by amounts: [Int64] = [1]) throws {
        let read = try db.prepare("SELECT \(columns.joined(separator: ", ")) FROM \(table) WHERE \(condition)")
        try read.bind(key)
        guard try read.step() else { return }
        let values: [Statement.Value] = columns.indices.map { i in
            i < columns.count - amounts.count ? (read.text(Int32(i)).map { .text($0) } ?? .null) : .integer(read.int(Int32(i)))
        }
        read.reset()
        try journal.remember(change, before: Self.image(Array(zip(columns, values))))
        let counts = values.suffix(amounts.count).enumerated().map { (i, value) -> Int64 in
            if case .integer(let n) = value { return n - amounts[i] }
            return 0
        }
        if counts[0] <= 0 {
            let delete = try db.prepare("DELETE FROM \(table) WHERE \(condition)")
            try delete.bind(key)
            return try delete.run()
        }
        let assignments = columns.suffix(amounts.count).enumerated().map { "\($1) = ?\(key.count + $0 + 1)" }.joined(separator: ", ")
        let update = try db.prepare("UPDATE \(table) SET \(assignments) WHERE \(condition)")
        try update.bind(key + counts.map { .integer($0) })
        try update.run()
    }
}
