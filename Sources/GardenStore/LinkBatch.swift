import GardenCore
import GardenLinking

/// One `garden link` run over the ledger: the rows recorded or changed since the last run (and, with
/// `since`, every row dated on or after it) are examined together with their candidate partners, the
/// matchers (``Linker``) run over them, and the links that differ from the stored ones are written as
/// one journal entry (`garden undo` restores the links and makes the rows count as unexamined again).
/// A run that finds nothing to change writes nothing, so linking again is a no-op.
public struct LinkBatch {
    /// What a run found and did.
    public struct Outcome: Sendable {
        public var examined = 0
        public var added: [Link] = []
        public var changed: [Link] = []
        public var removed: [Link] = []
        public var unchanged = 0
        /// The journal entry written; nil on a dry run or when nothing changed.
        public var journalID: Int64?
    }

    /// Days of history read for a recurring series (three yearly payments and some slack).
    static let seriesHistoryDays = 1_110
    let store: Store
    let reader: LinkFactsReader

    public init(store: Store, reader: LinkFactsReader) {
        self.store = store
        self.reader = reader
    }

    /// Runs the batch. `since` (`YYYY-MM-DD`) also re-examines every row dated on or after it; `dryRun`
    /// writes nothing.
    public func run(since: String? = nil, dryRun: Bool = false) throws -> Outcome {
        let previous = try store.linkedThrough()
        let (through, rows) = try store.changedRows(after: previous, orDatedFrom: since)
        let examined = rows.compactMap { try? reader.read(rowID: $0.rowID, raw: $0.raw, resolution: $0.resolution, merchantKey: $0.merchantKey) }
        var outcome = Outcome()
        outcome.examined = examined.count
        let examinedIDs = Set(examined.map(\.rowID))
        let (poolRows, seriesParties) = try partners(of: examined, skip: examinedIDs)
        let existing = try store.links(touching: examinedIDs.union(poolRows.map(\.rowID)))
        let kept = existing.filter { !$0.link.rows.contains(where: examinedIDs.contains) }
        let found = Linker().links(LinkPool(rows: examined + poolRows, examined: examinedIDs, kept: kept.map(\.link), seriesParties: seriesParties))
        var byKey = Dictionary(existing.map { ($0.link.key, $0) }, uniquingKeysWith: { first, _ in first })
        var writes: [(Int64?, Link)] = []
        for var link in found {
            guard let old = byKey.removeValue(forKey: link.key) else { outcome.added.append(link); writes.append((nil, link)); continue }
            if link.status == .suggested, old.link.status == .accepted || old.link.status == .rejected { link.status = old.link.status }
            if link == old.link { outcome.unchanged += 1; continue }
            outcome.changed.append(link)
            writes.append((old.id, link))
        }
        let removed = byKey.values.filter { $0.link.rows.contains(where: examinedIDs.contains) }.sorted { $0.id < $1.id }
        outcome.removed = removed.map(\.link)
        guard !dryRun else { return outcome }
        let cache = StatementCache(store.db)
        try store.db.transaction {
            try store.saveFacts(examined)
            guard !writes.isEmpty || !removed.isEmpty || through != previous else { return }
            let journal = try store.beginJournal(kind: "link", summary: summary(outcome))
            outcome.journalID = journal.id
            for stored in removed {
                try journal.remember("links", String(stored.id), before: Store.linkImage(stored))
                try store.deleteLink(id: stored.id, cache: cache)
            }
            for (id, link) in writes {
                if let id, let old = existing.first(where: { $0.id == id }) { try journal.remember("links", String(id), before: Store.linkImage(old)) }
                let written = try store.writeLink(link, id: id, cache: cache)
                if id == nil { try journal.remember("links", String(written), before: nil) }
            }
            try journal.remember("link_state", "linked_through", before: previous == 0 ? nil : Store.image([("value", .integer(previous))]))
            let state = try store.db.prepare("INSERT OR REPLACE INTO link_state(name, value) VALUES ('linked_through', ?1)")
            try state.bind(.integer(through))
            try state.run()
        }
        return outcome
    }

    func summary(_ o: Outcome) -> String {
        "\(o.examined) row(s) examined: \(o.added.count) link(s) added, \(o.changed.count) changed, \(o.removed.count) removed"
    }

    /// The candidate partners of the examined rows (their facts as stored): rows within a week of any
    /// examined day (transfers, IOF, racha), the same party's rows within 120 days (refunds) and its history
    /// for a series (when it has at most ``RecurringSeriesMatcher/maximumRows`` rows), the other parcels of
    /// the same plan, and rows with the same end-to-end id. Also the counterparties whose history was read.
    func partners(of examined: [LinkFacts], skip: Set<String>) throws -> ([LinkFacts], Set<String>) {
        var found: [LinkFacts] = []
        var seriesParties = Set<String>()
        let cache = StatementCache(store.db)
        var seen = skip
        func load(_ condition: String, _ values: [Statement.Value]) throws {
            for row in try store.facts(where: condition, values, skip: { seen.contains($0) }, cache: cache) where seen.insert(row.rowID).inserted { found.append(row) }
        }
        for range in Self.windows(examined.map(\.day), padding: 7) {
            try load("day BETWEEN ?1 AND ?2", [.integer(Int64(range.lowerBound)), .integer(Int64(range.upperBound))])
        }
        var parties: [String: (low: Int, high: Int, directions: Set<String>)] = [:]
        for row in examined {
            guard let party = row.party, let direction = row.direction else { continue }
            var entry = parties[party] ?? (row.day, row.day, [])
            entry = (min(entry.low, row.day), max(entry.high, row.day), entry.directions.union([direction]))
            parties[party] = entry
        }
        for (party, entry) in parties.sorted(by: { $0.key < $1.key }) {
            for direction in entry.directions.sorted() {
                let from = entry.low - Self.seriesHistoryDays
                if try store.factCount(party: party, direction: direction, from: from, through: entry.high, cache: cache) <= RecurringSeriesMatcher.maximumRows {
                    seriesParties.insert(party + "|" + direction)
                    try load("party = ?1 AND direction = ?2 AND day BETWEEN ?3 AND ?4", [.text(party), .text(direction), .integer(Int64(from)), .integer(Int64(entry.high))])
                }
                guard !party.hasPrefix("person:") else { continue }   // refunds come from merchants
                let window = RefundMatcher.windowDays
                let (other, low, high) = direction == "out" ? ("in", entry.low, entry.high + window) : ("out", entry.low - window, entry.high)
                try load("party = ?1 AND direction = ?2 AND day BETWEEN ?3 AND ?4", [.text(party), .text(other), .integer(Int64(low)), .integer(Int64(high))])
            }
        }
        for plan in Set(examined.compactMap(\.planKey)).sorted() { try load("plan = ?1", [.text(plan)]) }
        for id in Set(examined.compactMap(\.endToEndID)).sorted() { try load("e2e = ?1", [.text(id)]) }
        return (found, seriesParties)
    }

    /// The examined days merged into ranges, each widened by `padding` days.
    static func windows(_ days: [Int], padding: Int) -> [ClosedRange<Int>] {
        var ranges: [ClosedRange<Int>] = []
        for day in Set(days).sorted() {
            if let last = ranges.last, day - padding <= last.upperBound + 1 {
                ranges[ranges.count - 1] = last.lowerBound...(day + padding)
            } else {
                ranges.append((day - padding)...(day + padding))
            }
        }
        return ranges
    }
}
