/// The rows flagged for review, grouped so each group is settled by one correction (``ReviewGroup``):
/// by merchant identity and direction, listed by kind of doubt (``ReviewDoubt``: the kind with the most rows
/// first) and within a kind largest group first (most rows, then the largest total, then the identity), each with its count, totals, two sample descriptors, garden's best guess and why it
/// was unsure. `garden review` prints it; the HTML report's "To review" section and rule suggestions
/// read it.
public struct ReviewQueue: Sendable, Equatable {
    /// Largest first.
    public var groups: [ReviewGroup]

    /// Rows flagged in all groups.
    public var rows: Int { groups.reduce(0) { $0 + $1.count } }

    public init(groups: [ReviewGroup]) {
        self.groups = groups
    }

    /// Groups the entries flagged for review (``LedgerResolution/review``); the others are left out.
    public init<S: Sequence>(_ entries: S) where S.Element == LedgerEntry {
        var byKey: [Key: [LedgerEntry]] = [:]
        var alone: [[LedgerEntry]] = []
        for entry in entries where entry.resolution.review {
            guard let identity = entry.merchantKey else {
                alone.append([entry])
                continue
            }
            byKey[Key(identity: identity, direction: entry.resolution.direction), default: []].append(entry)
        }
        let groups = (Array(byKey.values) + alone).map(Self.group)
        self.init(groups: Self.byDoubt(groups))
    }

    /// The groups by kind of doubt, the kind with the most rows first (ties: ``ReviewDoubt``'s order), and
    /// within a kind largest first (``largerFirst(_:_:)``).
    static func byDoubt(_ groups: [ReviewGroup]) -> [ReviewGroup] {
        var rows: [ReviewDoubt: Int] = [:]
        for group in groups { rows[group.doubt, default: 0] += group.count }
        return groups.sorted { a, b in
            let (da, db) = (a.doubt, b.doubt)
            if da != db { return rows[da]! != rows[db]! ? rows[da]! > rows[db]! : da < db }
            return largerFirst(a, b)
        }
    }

    /// The kinds of doubt in the queue's order, each with its groups' positions in ``groups``.
    public var sections: [(doubt: ReviewDoubt, groups: Range<Int>)] {
        var out: [(doubt: ReviewDoubt, groups: Range<Int>)] = []
        for (index, group) in groups.enumerated() {
            if let last = out.last, last.doubt == group.doubt { out[out.count - 1].groups = last.groups.lowerBound..<(index + 1) }
            else { out.append((group.doubt, index..<(index + 1))) }
        }
        return out
    }

    /// What groups rows: the identity and the direction.
    private struct Key: Hashable {
        var identity: String
        var direction: String?
    }

    /// The first `limit` groups (nil or 0: all).
    public func prefix(_ limit: Int?) -> ReviewQueue {
        guard let limit, limit > 0 else { return self }
        return ReviewQueue(groups: Array(groups.prefix(limit)))
    }

    static func group(_ entries: [LedgerEntry]) -> ReviewGroup {
        let rows = entries.sorted { ($0.date ?? "", $0.rowID) > ($1.date ?? "", $1.rowID) }
        var totals: [String: ReviewGroup.Total] = [:]
        for entry in rows {
            guard let amount = entry.input.amount else { continue }
            var total = totals[entry.input.currency] ?? ReviewGroup.Total(currency: entry.input.currency, minorUnits: 0, minorDigits: entry.input.minorDigits)
            total.sum += Int128(amount)          // 128 bits: a sum of Int64 amounts never overflows it (2^64 rows would be needed)
            totals[entry.input.currency] = total
        }
        var samples: [String] = []
        for entry in rows where !samples.contains(entry.input.description) && samples.count < 2 { samples.append(entry.input.description) }
        return ReviewGroup(identity: rows[0].merchantKey, direction: rows[0].resolution.direction,
                           merchant: mostFrequent(rows.compactMap(\.resolution.merchant)), rowIDs: rows.map(\.rowID),
                           totals: totals.values.sorted { $0.currency < $1.currency }, samples: samples, guess: guess(rows),
                           reasons: byFrequency(rows.flatMap(\.resolution.reviewReasons)))
    }

    /// The category most rows got (ties: the more confident, then the id), with its highest confidence.
    static func guess(_ rows: [LedgerEntry]) -> ReviewGroup.Guess {
        var byCategory: [String: (count: Int, best: LedgerResolution)] = [:]
        for row in rows {
            let r = row.resolution
            var slot = byCategory[r.category] ?? (0, r)
            slot.count += 1
            if r.confidence > slot.best.confidence { slot.best = r }
            byCategory[r.category] = slot
        }
        let best = byCategory.values.max { a, b in
            (a.count, a.best.confidence.perMille, b.best.category) < (b.count, b.best.confidence.perMille, a.best.category)
        }!.best
        return ReviewGroup.Guess(category: best.category, name: best.categoryName, confidence: best.confidence)
    }

    /// The value seen most often (ties: the one seen first).
    static func mostFrequent(_ values: [String]) -> String? {
        byFrequency(values).first
    }

    /// The distinct values, most frequent first (ties: the order first seen).
    static func byFrequency(_ values: [String]) -> [String] {
        var counts: [String: (count: Int, first: Int)] = [:]
        for (index, value) in values.enumerated() { counts[value, default: (0, index)].count += 1 }
        return counts.sorted { ($0.value.count, -$0.value.first) > ($1.value.count, -$1.value.first) }.map(\.key)
    }

    /// Most rows first, then the largest amount in any currency, then the identity (rows without one
    /// after, by row id).
    static func largerFirst(_ a: ReviewGroup, _ b: ReviewGroup) -> Bool {
        if a.count != b.count { return a.count > b.count }
        let (ma, mb) = (a.totals.map(\.sum.magnitude).max() ?? 0, b.totals.map(\.sum.magnitude).max() ?? 0)
        if ma != mb { return ma > mb }
        return (a.identity ?? "\u{10FFFF}", a.direction ?? "", a.teachRowID) < (b.identity ?? "\u{10FFFF}", b.direction ?? "", b.teachRowID)
    }
}
