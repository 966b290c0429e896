import Dispatch
import GardenEngine
import GardenLinking
import GardenLedger
import GardenSQLite
import GardenStore

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
        /// Examined rows whose recorded line could not be read (an amount beyond what garden reads, recorded
        /// by an older garden): left out of linking, with the reason, for the caller to report.
        public var leftOut: [(rowID: String, reason: String)] = []
    }

    /// Days of history read for a recurring series (three yearly payments and some slack).
    static let seriesHistoryDays = 1_110
    let store: Store
    let reader: LinkFactsReader
    /// Told the rows read so far while the run reads the rows to examine (a progress line), when set.
    public var onProgress: ((Int) -> Void)?

    public init(store: Store, reader: LinkFactsReader) {
        self.store = store
        self.reader = reader
    }

    /// Runs the batch. `since` (`YYYY-MM-DD`) also re-examines every row dated on or after it; `dryRun`
    /// writes nothing.
    public func run(since: String? = nil, dryRun: Bool = false) throws -> Outcome {
        // A run reads and writes scattered pages of the facts and link tables: a larger page cache (256 MB at
        // most, only for this connection) saves re-reading them.
        try store.db.execute("PRAGMA cache_size=-262144")
        let previous = try store.linkedThrough()
        let (through, examined, unreadable, fresh, leftOut) = try examine(since: since, after: previous)
        var outcome = Outcome()
        outcome.leftOut = leftOut
        outcome.examined = examined.count
        let examinedIDs = Set(examined.map(\.rowID))
        let partners = try partners(of: examined, skip: examinedIDs)
        // Rows first recorded since the last run are in no link yet: only the others are looked up.
        let probed = examined.lazy.map(\.rowID).filter { !fresh.contains($0) } + partners.rows.map(\.rowID)
        let existing = try store.links(touching: probed)
        let kept = existing.filter { !$0.link.rows.contains(where: examinedIDs.contains) }
        let pool = LinkPool(rows: examined + partners.rows, examined: examinedIDs, kept: kept.map(\.link), history: partners.history,
                            seriesParties: partners.seriesParties)
        // The matchers run on a second thread while the examined rows' facts are saved.
        nonisolated(unsafe) var found: [Link] = []
        let linking = DispatchGroup()
        DispatchQueue.global().async(group: linking) { found = Linker().links(pool) }
        if dryRun {
            linking.wait()
            _ = try diff(found, existing, examinedIDs, &outcome)
            return outcome
        }
        let cache = StatementCache(store.db)
        try store.db.transaction {
            // Rows without an amount or a date have no facts (any earlier ones are stale).
            for rowID in unreadable {
                let stale = try cache.prepare("DELETE FROM link_facts WHERE row_id = ?1")
                try stale.bind(.text(rowID))
                try stale.run()
            }
            try store.saveFacts(examined)
            linking.wait()
            let (writes, removed, replaced) = try diff(found, existing, examinedIDs, &outcome)
            guard !writes.isEmpty || !removed.isEmpty || through != previous else { return }
            let journal = try store.beginJournal(kind: "link", summary: summary(outcome))
            outcome.journalID = journal.id
            for stored in removed {
                try journal.remember(.link(id: stored.id), before: Store.linkImage(stored))
                try store.deleteLink(id: stored.id, cache: cache)
            }
            for (id, link) in writes {
                if let id, let old = replaced[id] { try journal.remember(.link(id: id), before: Store.linkImage(old)) }
                let written = try store.writeLink(link, id: id, cache: cache)
                if id == nil { try journal.remember(.link(id: written), before: nil) }
            }
            try journal.remember(.linkState(name: "linked_through"), before: previous == 0 ? nil : Store.image([("value", .integer(previous))]))
            let state = try store.db.prepare("INSERT OR REPLACE INTO link_state(name, value) VALUES ('linked_through', ?1)")
            try state.bind(.integer(through))
            try state.run()
        }
        return outcome
    }

    /// The links found against the stored ones: what to write (a stored id when it replaces a link), what to
    /// remove (stored links of examined rows found no more), and the stored links replaced; counted in `outcome`.
    func diff(_ found: [Link], _ existing: [Store.StoredLink], _ examinedIDs: Set<String>, _ outcome: inout Outcome) throws
        -> ([(Int64?, Link)], [Store.StoredLink], [Int64: Store.StoredLink]) {
        var byKey = Dictionary(existing.map { ($0.link.key, $0) }, uniquingKeysWith: { first, _ in first })
        var writes: [(Int64?, Link)] = []
        var replaced: [Int64: Store.StoredLink] = [:]
        for var link in found {
            // A plan or series that grew keeps its key: the stored one is found by it.
            guard let old = try byKey.removeValue(forKey: link.key) ?? store.link(key: link.key) else {
                outcome.added.append(link)
                writes.append((nil, link))
                continue
            }
            if link.status == .suggested, old.link.status == .accepted || old.link.status == .rejected { link.status = old.link.status }
            if link == old.link { outcome.unchanged += 1; continue }
            outcome.changed.append(link)
            writes.append((old.id, link))
            replaced[old.id] = old
        }
        let removed = byKey.values.filter { $0.link.rows.contains(where: examinedIDs.contains) }.sorted { $0.id < $1.id }
        outcome.removed = removed.map(\.link)
        return (writes, removed, replaced)
    }

    func summary(_ o: Outcome) -> String {
        "\(o.examined) row(s) examined: \(o.added.count) link(s) added, \(o.changed.count) changed, \(o.removed.count) removed"
    }

    /// Reads the facts of the rows to examine, in batches read on two threads: the highest `link_dirty`
    /// sequence seen, the facts, the rows without facts, and the rows first recorded since the last run.
    /// Rows whose line cannot be read are among the rows without facts, and listed with the reason.
    func examine(since: String?, after previous: Int64) throws -> (Int64, [LinkFacts], [String], Set<String>, [(rowID: String, reason: String)]) {
        var examined: [LinkFacts] = []
        var unreadable: [String] = []
        var leftOut: [(rowID: String, reason: String)] = []
        var fresh = Set<String>()
        var batch: [LedgerRow] = []
        func flush() {
            for (row, read) in zip(batch, readFacts(batch)) {
                switch read {
                case .success(let facts?): examined.append(facts)
                case .success(nil): unreadable.append(row.rowID)
                case .failure(let error):
                    unreadable.append(row.rowID)
                    leftOut.append((row.rowID, "\(error)"))
                }
            }
            batch.removeAll(keepingCapacity: true)
        }
        var read = 0
        let through = try store.forEachChangedRow(after: previous, orDatedFrom: since) { row, isNew in
            if isNew { fresh.insert(row.rowID) }
            read += 1
            onProgress?(read)
            batch.append(row)
            if batch.count == 16_384 { flush() }
        }
        flush()
        return (through, examined, unreadable, fresh, leftOut)
    }

    /// The facts of `rows` (nil where a row has none, the error where its line cannot be read), read on two threads.
    func readFacts(_ rows: [LedgerRow]) -> [Result<LinkFacts?, any Error>] {
        var results = [Result<LinkFacts?, any Error>](repeating: .success(nil), count: rows.count)
        let threads = rows.count < 2_048 ? 1 : 2
        results.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let out = buffer
            nonisolated(unsafe) let reader = self.reader
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                var index = thread
                while index < rows.count {
                    let row = rows[index]
                    out[index] = Result { try reader.read(rowID: row.rowID, raw: row.raw, resolution: row.resolution, merchantKey: row.merchantKey) }
                    index += threads
                }
            }
        }
        return results
    }

    /// The candidate partners of the examined rows (their facts as stored): rows within a week of any
    /// examined day (transfers, IOF, racha), the same party's rows within 120 days (refunds), the other
    /// parcels of the same plan, rows with the same end-to-end id, and reversals by amount within the month; apart, the history of each examined
    /// counterparty with at most ``RecurringSeriesMatcher/maximumRows`` rows (for a series), and those
    /// counterparties.
    func partners(of examined: [LinkFacts], skip: Set<String>) throws -> (rows: [LinkFacts], history: [LinkFacts], seriesParties: Set<String>) {
        var found: [LinkFacts] = []
        var history: [LinkFacts] = []
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
                    history += try store.seriesFacts(party: party, direction: direction, from: from, through: entry.high, skip: skip, cache: cache)
                }
                guard !party.hasPrefix("person:") else { continue }   // refunds come from merchants
                let window = RefundMatcher.windowDays
                let (other, low, high) = direction == "out" ? ("in", entry.low, entry.high + window) : ("out", entry.low - window, entry.high)
                try load("party = ?1 AND direction = ?2 AND day BETWEEN ?3 AND ?4", [.text(party), .text(other), .integer(Int64(low)), .integer(Int64(high))])
            }
        }
        // Reversals by amount (``RefundMatcher``): a reversal's purchases of its amount in the month before it, and the
        // reversals in the month after an examined purchase.
        let window = RefundMatcher.reversalWindowDays
        for row in examined where RefundMatcher.isReversal(row) {
            try load("direction = 'out' AND amount = ?1 AND day BETWEEN ?2 AND ?3", [.integer(-row.magnitude), .integer(Int64(row.day - window)), .integer(Int64(row.day))])
        }
        for range in Self.windows(examined.filter(RefundMatcher.isPurchase).map(\.day), padding: 0) {
            try load("direction = 'in' AND flow = 'refund' AND day BETWEEN ?1 AND ?2", [.integer(Int64(range.lowerBound)), .integer(Int64(range.upperBound + window))])
        }
        for plan in Set(examined.compactMap(\.planKey)).sorted() { try load("plan = ?1", [.text(plan)]) }
        for id in Set(examined.compactMap(\.endToEndID)).sorted() { try load("e2e = ?1", [.text(id)]) }
        return (found, history, seriesParties)
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
