import GardenFoundation
import GardenLinking
import GardenLedger

/// Rows not posted yet and their posted twins (issue 20). A pending or scheduled row (Pluggy `status:
/// PENDING`, Open Finance `LANCAMENTO_FUTURO`) is recorded as it is, flagged, and listed in `unsettled_rows`
/// with its twin key (``LedgerRow/twinKey``: account, currency, direction, amount, merchant). When a posted
/// row with the same key, not recorded before, is dated from ``daysBefore`` days before to ``daysAfter``
/// days after it, the posted row takes the pending row's place: it is written under the pending row's id
/// (so corrections and links made on it stay), and its own id is kept as `posted_id`, so recording it
/// again updates the same row and the pending row read again (an older, overlapping export) is skipped.
/// The posted row is never counted twice; the pending row's own line is replaced. A pending row that arrives
/// after its posted twin was recorded (an older page read later, or two `resolve --record` runs racing, the
/// posted one committing first) is settled the other way round: the posted row stands, and the pending id
/// becomes another id of it (`row_aliases`, kind `pending`), so reading it again adds nothing.
///
/// A posted row with no such twin may still settle an unsettled row of an earlier write that differs as an
/// authorisation and its settlement differ (issue 33, B15: ``settlingScore(_:_:)``): the same merchant at another
/// amount (a tip, a fuel pre-authorisation), or the same amount under another text when either has no merchant
/// identity — never a pending row the same write still lists as pending. A late pending row is settled into such a
/// posted row the same way.
extension Store {
    /// Days a posted row may come before the pending one's date (a scheduled entry posted early).
    public static let daysBefore = 3
    /// Days a posted row may come after the pending one's date (a card authorisation settling).
    public static let daysAfter = 10

    /// Rewrites a batch about to be recorded (inside the write transaction): posted rows take their pending
    /// twin's id, pending rows already settled are dropped; returns the settlements to note once written.
    ///
    /// `doubts`: a posted row new in the write that no pending row settled, and a pending row also new in it that it
    /// would settle by ``settlingScore(_:_:)`` were the pending row of an earlier write: the posted row is flagged as maybe
    /// that pending row's posting (``RowDoubt/Kind/settlement``, hostile10 F7) — the write cannot tell two pages (the
    /// purchase pending, then posted with the tip) from one page listing two purchases.
    func settle(_ rows: inout [LedgerRow], doubts: inout [RowDoubt]) throws -> [(pendingID: String, postedID: String)] {
        // Most stores never see a pending row: then there is nothing to look up.
        guard try rows.contains(where: \.isUnsettled) || hasUnsettledRows() else { return [] }
        var late: Set<String> = []              // posted rows of the store a pending row of this batch settled into
        var settled: [(pendingID: String, postedID: String)] = []
        var open: [String: [Int]] = [:]          // twin key → unsettled rows of this batch not taken yet
        var posted: [String: [Int]] = [:]        // twin key → posted rows of this batch recorded as new rows
        var dropped = Set<Int>()
        var newPending = Set<Int>()               // unsettled rows of this batch the store did not hold before it
        for index in rows.indices {
            let row = rows[index]
            if let target = try settledRow(postedID: row.rowID) {
                rows[index].rename(target)
                continue
            }
            guard let key = row.twinKey else { continue }
            if row.isUnsettled {
                if try isSettled(pendingID: row.rowID) || aliasedRow(row.rowID) != nil { dropped.insert(index); continue }
                // The posted row came first in this batch (a newer page before an older one): it stands.
                if try !isRecorded(row.rowID),
                   let twin = posted[key]?.first(where: { Self.within(rows[$0].date, of: row.date) }) {
                    posted[key]?.removeAll { $0 == twin }
                    settled.append((row.rowID, rows[twin].rowID))
                    dropped.insert(index)
                    continue
                }
                // Its posted twin was recorded before it: the posted row stands, the pending id names it.
                if try !isRecorded(row.rowID), let date = row.date,
                   let twin = try recordedPostedTwin(key, pendingDate: date, taken: late) ?? recordedSettlingRow(key, pendingDate: date, taken: late) {
                    late.insert(twin)
                    try alias(row.rowID, to: twin, kind: "pending")
                    dropped.insert(index)
                    continue
                }
                open[key, default: []].append(index)
                if try !isRecorded(row.rowID) { newPending.insert(index) }
                continue
            }
            guard try !isRecorded(row.rowID) else { continue }
            if let twin = open[key]?.first(where: { Self.within(row.date, of: rows[$0].date) }) {
                open[key]?.removeAll { $0 == twin }
                settled.append((rows[twin].rowID, row.rowID))
                rows[index].rename(rows[twin].rowID)
                dropped.insert(twin)
            } else if let pendingID = try openTwin(key, date: row.date, taken: Set(settled.map(\.pendingID))) {
                settled.append((pendingID, row.rowID))
                rows[index].rename(pendingID)
            } else {
                posted[key, default: []].append(index)
            }
        }
        // A posted row no pending row matched exactly may still settle one of an earlier write that differs as an
        // authorisation and its settlement differ (``settlingTwin(_:date:taken:)``) — not one this write lists as
        // still pending (the newest page says it has not posted).
        var settledEarlier = Set<Int>()
        if !posted.isEmpty, try hasUnsettledRows() {
            var taken = Set(settled.map(\.pendingID))
            for index in rows.indices where rows[index].isUnsettled && !dropped.contains(index) { taken.insert(rows[index].rowID) }
            for index in posted.values.joined().sorted() {
                guard let key = rows[index].twinKey, let date = rows[index].date,
                      let pendingID = try settlingTwin(key, date: date, taken: taken) else { continue }
                taken.insert(pendingID)
                settled.append((pendingID, rows[index].rowID))
                rows[index].rename(pendingID)
                settledEarlier.insert(index)
            }
        }
        // A posted row and a pending row both new in this write that differ as an authorisation and its settlement
        // differ: said and flagged, not settled (``RowDoubt/Kind/settlement``).
        if !posted.isEmpty, !newPending.isEmpty {
            var doubted = Set<Int>()
            for index in posted.values.joined().sorted() where !settledEarlier.contains(index) {
                guard let parts = rows[index].twinKey.flatMap(Self.twinParts) else { continue }
                var best: (index: Int, score: Int64)?
                for pending in newPending.sorted() where !dropped.contains(pending) && !doubted.contains(pending) {
                    guard Self.within(rows[index].date, of: rows[pending].date), let other = rows[pending].twinKey.flatMap(Self.twinParts),
                          let score = Self.settlingScore(parts, other) else { continue }
                    if best == nil || score < best!.score { best = (pending, score) }
                }
                guard let best else { continue }
                doubted.insert(best.index)
                let doubt = RowDoubt(kind: .settlement, rowID: rows[index].rowID, otherID: rows[best.index].rowID,
                                     account: Self.accountName(rows[index]), otherAccount: Self.accountName(rows[best.index]))
                Self.flag(&rows[index], reason: doubt.reason)
                doubts.append(doubt)
            }
        }
        if !dropped.isEmpty { rows = rows.indices.filter { !dropped.contains($0) }.map { rows[$0] } }
        return settled
    }

    /// A twin key's parts: what must be equal (account, currency, direction), the amount's magnitude in minor units,
    /// and the merchant identity (`text:<folded descriptor>` when the row has none).
    static func twinParts(_ key: String) -> (scope: Substring, amount: Int64, merchant: Substring)? {
        guard let last = key.lastIndex(of: "|") else { return nil }
        let head = key[..<last]
        guard let previous = head.lastIndex(of: "|"), let amount = Int64(head[head.index(after: previous)...]) else { return nil }
        return (head[..<previous], amount, key[key.index(after: last)...])
    }

    /// How well a posted row (twin key parts `posted`) settles an unsettled one (`pending`) whose key is not equal to
    /// its own, or nil when it may not: the same account, currency and direction, and either the same merchant identity
    /// at any amount (a tip added to a restaurant's authorisation, a fuel pump's R$ 1 pre-authorisation, a hotel's
    /// estimate: card networks settle an authorisation at another amount, and Plaid documents that a posted
    /// transaction's amount may differ from its pending one's) or the same amount when either row has no merchant
    /// identity (a descriptor the bank rewrites between the two: `IFD*RESTAURANTE SP`, then `IFOOD *RESTAURANTE`).
    /// Lower is better: the same merchant first, then the nearest amount.
    static func settlingScore(_ posted: (scope: Substring, amount: Int64, merchant: Substring),
                              _ pending: (scope: Substring, amount: Int64, merchant: Substring)) -> Int64? {
        guard posted.scope == pending.scope else { return nil }
        if posted.merchant == pending.merchant { return max(posted.amount, pending.amount) - min(posted.amount, pending.amount) }
        if posted.amount == pending.amount, posted.merchant.hasPrefix("text:") || pending.merchant.hasPrefix("text:") { return Int64.max / 2 }
        return nil
    }

    /// The recorded unsettled row a posted row of twin key `key` dated `date` settles by ``settlingScore(_:_:)``
    /// (dated as ``within(_:of:)`` allows), not in `taken`; the best, then the earliest.
    private func settlingTwin(_ key: String, date: String, taken: Set<String>) throws -> String? {
        guard let parts = Self.twinParts(key) else { return nil }
        let statement = try db.prepare("""
            SELECT row_id, twin_key, date FROM unsettled_rows
            WHERE posted_id IS NULL AND substr(twin_key, 1, length(?1)) = ?1 ORDER BY date, row_id
            """)
        try statement.bind(.text(parts.scope + "|"))
        defer { statement.reset() }
        var best: (id: String, score: Int64)?
        while try statement.step() {
            guard let id = statement.text(0), !taken.contains(id), Self.within(date, of: statement.text(2)),
                  let other = statement.text(1).flatMap(Self.twinParts), let score = Self.settlingScore(parts, other) else { continue }
            if best == nil || score < best!.score { best = (id, score) }
        }
        return best?.id
    }

    /// The recorded posted row a pending row of twin key `key` dated `pendingDate`, read after it, was the
    /// authorisation of by ``settlingScore(_:_:)`` (its exact twin is ``recordedPostedTwin(_:pendingDate:taken:)``).
    private func recordedSettlingRow(_ key: String, pendingDate: String, taken: Set<String>) throws -> String? {
        guard let parts = Self.twinParts(key) else { return nil }
        let statement = try db.prepare("""
            SELECT row_id, COALESCE(account, '') || '|' || currency || '|' || COALESCE(direction, '') || '|' || abs(amount) || '|'
                    || COALESCE(merchant_key, 'text:' || folded)
            FROM ledger
            WHERE date BETWEEN date(?2, '-\(Self.daysBefore) days') AND date(?2, '+\(Self.daysAfter) days')
                AND COALESCE(account, '') || '|' || currency || '|' || COALESCE(direction, '') = ?1
                AND row_id NOT IN (SELECT row_id FROM unsettled_rows)
                AND row_id NOT IN (SELECT row_id FROM row_aliases WHERE kind = 'pending')
            ORDER BY date, row_id
            """)
        try statement.bind(.text(String(parts.scope)), .text(pendingDate))
        defer { statement.reset() }
        var best: (id: String, score: Int64)?
        while try statement.step() {
            guard let id = statement.text(0), !taken.contains(id), let other = statement.text(1).flatMap(Self.twinParts),
                  let score = Self.settlingScore(other, parts) else { continue }
            if best == nil || score < best!.score { best = (id, score) }
        }
        return best?.id
    }

    /// The earliest recorded posted row with twin key `key` dated from ``daysBefore`` days before to ``daysAfter``
    /// days after `pendingDate` that settled no pending row yet (none of this batch's either: `taken`).
    private func recordedPostedTwin(_ key: String, pendingDate: String, taken: Set<String>) throws -> String? {
        let statement = try db.prepare("""
            SELECT row_id FROM ledger
            WHERE date BETWEEN date(?2, '-\(Self.daysBefore) days') AND date(?2, '+\(Self.daysAfter) days')
                AND COALESCE(account, '') || '|' || currency || '|' || COALESCE(direction, '') || '|' || abs(amount) || '|'
                    || COALESCE(merchant_key, 'text:' || folded) = ?1
                AND row_id NOT IN (SELECT row_id FROM unsettled_rows)
                AND row_id NOT IN (SELECT row_id FROM row_aliases WHERE kind = 'pending')
            ORDER BY date, row_id
            """)
        try statement.bind(.text(key), .text(pendingDate))
        defer { statement.reset() }
        while try statement.step() {
            if let id = statement.text(0), !taken.contains(id) { return id }
        }
        return nil
    }

    /// Records `alias` as another id of ledger row `rowID` (``ledgerRow(id:)`` finds the row by it).
    func alias(_ alias: String, to rowID: String, kind: String) throws {
        try db.prepare("INSERT INTO row_aliases(alias, row_id, kind) VALUES (?1, ?2, ?3) ON CONFLICT(alias) DO UPDATE SET row_id = excluded.row_id, kind = excluded.kind")
            .bind(.text(alias), .text(rowID), .text(kind)).run()
    }

    /// The ledger row another id of it names (``alias(_:to:kind:)``), if any.
    public func aliasedRow(_ alias: String) throws -> String? {
        let statement = try db.prepare("SELECT row_id FROM row_aliases WHERE alias = ?1")
        try statement.bind(.text(alias))
        defer { statement.reset() }
        return try statement.step() ? statement.text(0) : nil
    }

    /// Lists the batch's unsettled rows and marks the settled ones, after the batch is written.
    func noteSettlements(_ rows: [LedgerRow], _ settled: [(pendingID: String, postedID: String)]) throws {
        let list = try db.prepare("INSERT INTO unsettled_rows(row_id, twin_key, date) VALUES (?1, ?2, ?3) "
                                  + "ON CONFLICT(row_id) DO UPDATE SET twin_key = excluded.twin_key, date = excluded.date WHERE posted_id IS NULL")
        for row in rows where row.isUnsettled {
            guard let key = row.twinKey else { continue }
            try list.bind(.text(row.rowID), .text(key), Self.value(row.date))
            try list.run()
        }
        let mark = try db.prepare("INSERT INTO unsettled_rows(row_id, twin_key, date, posted_id) VALUES (?1, '', NULL, ?2) "
                                  + "ON CONFLICT(row_id) DO UPDATE SET posted_id = excluded.posted_id")
        for (pendingID, postedID) in settled {
            try mark.bind(.text(pendingID), .text(postedID))
            try mark.run()
        }
    }

    /// The ledger row a posted row's own id settled into, if it did.
    public func settledRow(postedID: String) throws -> String? {
        let statement = try db.prepare("SELECT row_id FROM unsettled_rows WHERE posted_id = ?1")
        try statement.bind(.text(postedID))
        defer { statement.reset() }
        return try statement.step() ? statement.text(0) : nil
    }

    private func hasUnsettledRows() throws -> Bool {
        let statement = try db.prepare("SELECT EXISTS(SELECT 1 FROM unsettled_rows)")
        defer { statement.reset() }
        _ = try statement.step()
        return statement.int(0) != 0
    }

    private func isRecorded(_ rowID: String) throws -> Bool {
        let statement = try db.prepare("SELECT 1 FROM ledger WHERE row_id = ?1")
        try statement.bind(.text(rowID))
        defer { statement.reset() }
        return try statement.step()
    }

    private func isSettled(pendingID: String) throws -> Bool {
        let statement = try db.prepare("SELECT 1 FROM unsettled_rows WHERE row_id = ?1 AND posted_id IS NOT NULL")
        try statement.bind(.text(pendingID))
        defer { statement.reset() }
        return try statement.step()
    }

    /// The earliest recorded unsettled row with `key` whose date allows a posted row dated `date`, and that no
    /// other row of this batch took (`taken`).
    private func openTwin(_ key: String, date: String?, taken: Set<String>) throws -> String? {
        let statement = try db.prepare("""
            SELECT row_id FROM unsettled_rows WHERE twin_key = ?1 AND posted_id IS NULL
                AND (?2 IS NULL OR date IS NULL OR julianday(?2) - julianday(date) BETWEEN -\(Self.daysBefore) AND \(Self.daysAfter))
            ORDER BY date, row_id
            """)
        try statement.bind(.text(key), Self.value(date))
        defer { statement.reset() }
        while try statement.step() {
            if let id = statement.text(0), !taken.contains(id) { return id }
        }
        return nil
    }

    /// Whether a posted row dated `posted` may be the twin of an unsettled one dated `pending`.
    static func within(_ posted: String?, of pending: String?) -> Bool {
        guard let posted, let pending, let a = CivilDay.number(posted), let b = CivilDay.number(pending) else { return true }
        return (-daysBefore...daysAfter).contains(a - b)
    }
}
