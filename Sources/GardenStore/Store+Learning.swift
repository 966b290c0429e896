import GardenFoundation
import GardenLedger

extension Store {
    /// Records a correction in one transaction: the row's manual override, merchant memory (by
    /// merchant key and direction), the naive-Bayes counts (incrementally), and the row's new
    /// resolution when it is in the ledger; all journaled for `undo`. A row counts once: the same answer
    /// again adds no count, a changed one replaces the row's earlier correction (``earlierCorrection(of:)``).
    /// - Parameter rule: a rule to add in the same journal entry (`teach --apply`), so one `undo`
    ///   reverts the whole correction. A rule of the same text already stored is not added again (looked up
    ///   inside the write transaction, so two `teach --apply` at once add it once): teaching twice leaves one rule.
    /// - Returns: the rule, `isNew` when added now, false when a stored rule already said it; nil without `rule`.
    @discardableResult
    /// - Parameter replacing: a stored rule with the same conditions as `rule` and another answer (an earlier
    ///   `teach --apply` the user now corrects): deleted in the same journal entry as `rule` is added, so one `undo`
    ///   puts it back; without this the new rule would never fire (the first of equally specific rules wins).
    /// `rowAlone`: the correction is `garden row correct`'s (a manual override of the row alone, nothing learned): journaled
    /// as such, kind `row`, `correct row ID → C` (newuser36 item 12: `undo --list` called it a teach).
    public func teach(_ c: Correction, origin: String, rule: String? = nil, replacing: Int64? = nil, rowAlone: Bool = false,
                      updatedRow: (() throws -> LedgerRow?)? = nil) throws
        -> (rule: StoredRule, isNew: Bool)? {
        try db.transaction {
            let journal = try rowAlone ? beginJournal(kind: "row", summary: "correct row \(c.rowID) → \(c.category)" + (c.budget.map { ", budget \($0)" } ?? ""))
                : beginJournal(kind: "teach", summary: "row \(c.rowID) → \(c.category)")
            var added: (rule: StoredRule, isNew: Bool)?
            if let rule {
                added = try rules().first(where: { $0.text == rule }).map { ($0, false) }
                if added == nil, let inserted = try insertRules([rule], origin: "taught from row \(c.rowID)", journal: journal).first {
                    added = (inserted, true)
                    var summary = "row \(c.rowID) → \(c.category), rule \(inserted.ruleID)"
                    if let replacing, try ruleExists(id: replacing) {
                        try deleteRule(id: replacing, journal: journal)
                        summary += " replacing r\(replacing)"
                    }
                    try journal.setSummary(summary)
                }
            }
            // A row counts once (Store+Reteach): what its earlier correction counted is taken back first,
            // journaled before the override, so the counts this teach adds come after the override's row.
            let earlier = try earlierCorrection(of: c.rowID)
            let counts = earlier?.isRepeated(by: c) != true
            if counts, let earlier { try retract(earlier, journal) }
            try rememberOverride(c, origin: origin, journal)
            if counts {
                try rememberMerchant(c, journal)
                // A correction for its row alone has no features: nothing for the model to count.
                if !c.features.isEmpty { try countFeatures(c, journal) }
            }
            // The row's stored resolution, recomputed by the caller with the new state.
            if let updatedRow, let row = try updatedRow() { try updateResolution(row, journal: journal) }
            return added
        }
    }

    /// Accepts garden's category for several rows at once (`garden review accept`): each row gets a manual
    /// override holding the category it has (``Correction``s without a merchant key or features: nothing is
    /// learned about any merchant), and its stored resolution from `updatedRow`, all in one transaction and
    /// one journal entry, so one `undo` reverts the whole acceptance. A row accepted before counts once. The entry is of
    /// kind `review` (the command that made it; nothing is taught: newuser36 item 12).
    public func accept(_ corrections: [Correction], origin: String, summary: String, updatedRow: (Correction) throws -> LedgerRow?) throws {
        guard !corrections.isEmpty else { return }
        try db.transaction {
            let journal = try beginJournal(kind: "review", summary: summary)
            for c in corrections {
                if let earlier = try earlierCorrection(of: c.rowID), earlier.isRepeated(by: c) != true { try retract(earlier, journal) }
                try rememberOverride(c, origin: origin, journal)
                if let row = try updatedRow(c) { try updateResolution(row, journal: journal) }
            }
        }
    }

    /// The row's manual override, journaled.
    private func rememberOverride(_ c: Correction, origin: String, _ journal: Journal) throws {
        let oldOverride = try db.prepare("SELECT category, merchant, budget, origin FROM overrides WHERE row_id = ?1")
        try oldOverride.bind(.text(c.rowID))
        let before = try oldOverride.step()
            ? Self.image([("category", Self.value(oldOverride.text(0))), ("merchant", Self.value(oldOverride.text(1))),
                          ("budget", Self.value(oldOverride.text(2))), ("origin", Self.value(oldOverride.text(3)))]) : nil
        oldOverride.reset()
        try journal.remember(.override(rowID: c.rowID), before: before)
        let upsert = try db.prepare("INSERT OR REPLACE INTO overrides(row_id, category, merchant, budget, origin) VALUES (?1, ?2, ?3, ?4, ?5)")
        try upsert.bind(.text(c.rowID), .text(c.category), Self.value(c.merchant), Self.value(c.budget), .text(origin))
        try upsert.run()
    }

    /// One more correction for the merchant in merchant memory (by merchant key, direction and
    /// category), journaled; nothing without a merchant identity.
    private func rememberMerchant(_ c: Correction, _ journal: Journal) throws {
        guard let key = c.merchantKey else { return }
        // The name's words, for its printed variants (derived from the key: not journaled, harmless once memory is gone).
        if let words = c.merchantWords, words.joined() == key.dropFirst("name:".count) {
            try run("INSERT OR REPLACE INTO merchant_names(merchant_key, words) VALUES (?1, ?2)", .text(key), .text(words.joined(separator: " ")))
        }
        let read = try db.prepare("SELECT merchant, count FROM memory WHERE merchant_key = ?1 AND direction = ?2 AND category = ?3")
        try read.bind(.text(key), .text(c.direction), .text(c.category))
        var count: Int64 = 0
        var merchant: String?
        var image: String?
        if try read.step() {
            merchant = read.text(0)
            count = read.int(1)
            image = Self.image([("merchant", Self.value(merchant)), ("count", .integer(count))])
    }
    read.reset()
    try journal.remember(.memory(merchantKey: key, direction: c.direction, category: c.category), before: image)
    let write = try db.prepare("INSERT OR REPLACE INTO memory(merchant_key, direction, category, merchant, count) VALUES (?1, ?2, ?3, ?4, ?5)")
    try write.bind(.text(key), .text(c.direction), .text(c.category), Self.value(c.merchant ?? merchant), .integer(count + 1))
    try write.run()
    }

    /// The naive-Bayes counts (features, category totals) and the example itself (for leave-one-out
    /// calibration), updated incrementally and journaled.
    private func countFeatures(_ c: Correction, _ journal: Journal) throws {
        let readFeature = try db.prepare("SELECT count FROM nb_feature WHERE feature = ?1 AND category = ?2")
        let writeFeature = try db.prepare("INSERT OR REPLACE INTO nb_feature(feature, category, count) VALUES (?1, ?2, ?3)")
        for feature in c.features {
            try readFeature.bind(.text(feature), .text(c.category))
            let existing: Int64? = try readFeature.step() ? readFeature.int(0) : nil
            readFeature.reset()
            try journal.remember(.naiveBayesFeature(feature: feature, category: c.category), before: existing.map { Self.image([("count", .integer($0))]) })
            try writeFeature.bind(.text(feature), .text(c.category), .integer((existing ?? 0) + 1))
            try writeFeature.run()
    }
    let readCategory = try db.prepare("SELECT documents, tokens FROM nb_category WHERE category = ?1")
    try readCategory.bind(.text(c.category))
    var documents: Int64 = 0, tokens: Int64 = 0
    var categoryImage: String?
    if try readCategory.step() {
        documents = readCategory.int(0)
        tokens = readCategory.int(1)
        categoryImage = Self.image([("documents", .integer(documents)), ("tokens", .integer(tokens))])
    }
    readCategory.reset()
    try journal.remember(.naiveBayesCategory(c.category), before: categoryImage)
    let writeCategory = try db.prepare("INSERT OR REPLACE INTO nb_category(category, documents, tokens) VALUES (?1, ?2, ?3)")
    try writeCategory.bind(.text(c.category), .integer(documents + 1), .integer(tokens + Int64(c.features.count)))
    try writeCategory.run()
    // The example itself, for leave-one-out calibration.
    let example = try db.prepare("INSERT INTO nb_example(row_id, category, features) VALUES (?1, ?2, ?3)")
    try example.bind(.text(c.rowID), .text(c.category), .text(c.features.joined(separator: "\t")))
    try example.run()
    try journal.remember(.naiveBayesExample(id: db.lastInsertRowID), before: nil)
    }

    /// The most recent `limit` corrections' features and categories, oldest first.
    public func naiveBayesExamples(limit: Int) throws -> [(features: [String], category: String)] {
        let statement = try db.prepare("SELECT category, features FROM nb_example ORDER BY id DESC LIMIT ?1")
        try statement.bind(.integer(Int64(limit)))
        let rows = try statement.all { (features: ($0.text(1) ?? "").split(separator: "\t").map(String.init), category: $0.text(0) ?? "") }
        return rows.reversed()
    }

    /// Corrections of `merchantKey` (and direction) to `category`, minus those to other categories.
    public func consistentCorrections(merchantKey: String, direction: String, category: String) throws -> Int {
        let statement = try db.prepare("SELECT category, count FROM memory WHERE merchant_key = ?1 AND (direction = ?2 OR direction = 'any')")
        try statement.bind(.text(merchantKey), .text(direction))
        var agree = 0, disagree = 0
        while try statement.step() {
            if statement.text(0) == category { agree += Int(statement.int(1)) } else { disagree += Int(statement.int(1)) }
        }
        return agree - disagree
    }

    /// Replaces a ledger row's resolution, remembering the old one in `journal`.
    func updateResolution(_ row: LedgerRow, journal: Journal) throws {
        guard let old = try ledgerRow(id: row.rowID) else { return }
        try journal.remember(.ledger(rowID: row.rowID), before: Self.ledgerImage(raw: old.raw, resolution: old.resolution, category: old.category,
                                                                           source: old.source, rule: old.rule))
        try writeResolution(of: old, resolution: row.resolution, category: row.category, source: row.source, rule: row.rule)
    }

    /// Rows per transaction of a long write: the write lock is never held for long, so other writers
    /// (`resolve --record`, `teach`) get their turn between chunks.
    public static let chunkSize = 1_000

    /// Applies a recategorize run: every changed row's new resolution, in chunks of ``chunkSize`` rows
    /// per transaction, all in one journal entry. A row is written only if its input and resolution are
    /// still those the run read (compared inside the write transaction): a row taught or re-recorded
    /// meanwhile keeps what was written after the run read it.
    ///
    /// Each chunk's transaction also sets the entry's summary to what is committed so far, so a run cut
    /// short (killed, the disk full, a chunk failing) leaves an entry that says it was interrupted and
    /// how many rows it wrote — `recategorize interrupted: 2000 of 23878 changed row(s) written …` — and
    /// `undo` reverts exactly those; the last chunk's transaction writes `summary` (with the rows left
    /// because they changed meanwhile).
    /// - Returns: the journal id and the ids of rows skipped because they changed meanwhile.
    @discardableResult
    /// - Parameter progress: told the rows written so far after each chunk.
    public func applyRecategorization(_ changes: [(read: LedgerRow, new: LedgerRow)], summary: String,
                                      progress: ((Int) -> Void)? = nil) throws -> (journal: Int64, skipped: [String]) {
        // The journal entry is begun with the first row written: a run that writes no row (nothing changed, or every
        // changed row changed meanwhile) leaves no entry, so the next undo reverts the change before it (ledger6 item 5).
        var journal: Journal?
        var skipped: [String] = []
        var start = 0
        while start < changes.count {
            let end = min(start + Self.chunkSize, changes.count)
            let chunk = changes[start..<end]
            try db.transaction {
                skipped += try writeRecategorized(chunk, journal: &journal, summary: summary)
                guard let entry = journal else { return }
                if end < changes.count {
                    try entry.setSummary("interrupted: \(end - skipped.count) of \(changes.count) changed row(s) written before the run was cut short "
                        + "(\(summary.components(separatedBy: ",").first ?? summary)); garden undo reverts those")
                } else if !skipped.isEmpty {
                    try entry.setSummary(summary + "; \(skipped.count) row(s) left as changed meanwhile")
                } else if start > 0 {
                    try entry.setSummary(summary)
                }
            }
            start += Self.chunkSize
            progress?(end)
        }
        return (journal?.id ?? 0, skipped)
    }

    /// Writes one chunk of a recategorize run inside the caller's transaction, beginning `journal` at the first row
    /// written; returns the skipped ids.
    private func writeRecategorized(_ chunk: ArraySlice<(read: LedgerRow, new: LedgerRow)>, journal: inout Journal?, summary: String) throws -> [String] {
        var skipped: [String] = []
        for (old, row) in chunk {
            guard let current = try ledgerRow(id: row.rowID), current.raw == old.raw, current.resolution == old.resolution else {
                skipped.append(row.rowID)
                continue
            }
            let entry = try journal ?? beginJournal(kind: "recategorize", summary: summary)
            journal = entry
            let image = Self.ledgerImage(raw: old.raw, resolution: current.resolution, category: current.category, source: current.source, rule: current.rule)
            try entry.remember(.ledger(rowID: row.rowID), before: image)
            try writeResolution(of: current, resolution: row.resolution, category: row.category, source: row.source, rule: row.rule)
        }
        return skipped
    }

    /// A ledger row's before-image: its resolution columns and a hash of the input it was resolved
    /// from, so `undo` can tell whether the row's input changed since.
    static func ledgerImage(raw: String, resolution: String?, category: String?, source: String?, rule: String?) -> String {
        var hasher = FNV1a()
        hasher.combine(raw)
        return image([("resolution", value(resolution)), ("category", value(category)), ("source", value(source)),
                      ("rule", value(rule)), ("raw_hash", .text(hasher.hex))])
    }
}
