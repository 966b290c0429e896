import GardenFoundation

/// Recurring payments (§9 contas a pagar): the same counterparty and direction, an amount within ±10 % of
/// the previous occurrence, about weekly, monthly or yearly, seen 3 or more times → a series with its
/// period, typical (median) amount and next expected date. A latest amount more than 5 % away from the
/// previous one is flagged ("rent went up 8 %: R$ 2.300,00 → R$ 2.484,00"). Parcels of a plan are left out
/// (the plan says when they come), and so is a counterparty with more than `maximumRows` rows in the pool:
/// paid that often, it is not a series.
public struct RecurringSeriesMatcher: Sendable {
    /// The most rows of one counterparty examined for a series.
    public static let maximumRows = 400
    /// Occurrences needed (issue 14: "seen 3 or more times").
    public static let minimumOccurrences = 3

    public init() {}

    public func links(_ pool: LinkPool, _ state: inout LinkState) -> [Link] {
        var groups: [String: [LinkFacts]] = [:]
        for row in pool.rows + pool.history where row.installmentTotal == nil && !state.paired.contains(row.rowID) {
            guard let party = row.party, let direction = row.direction, row.nature != .iof,
                  pool.seriesParties?.contains(party + "|" + direction) ?? true else { continue }
            groups[party + "|" + direction + "|" + row.currency, default: []].append(row)
        }
        var found: [Link] = []
        for (key, rows) in groups.sorted(by: { $0.key < $1.key }) where rows.count >= Self.minimumOccurrences && rows.count <= Self.maximumRows {
            guard pool.touchesExamined(rows.map(\.rowID)) else { continue }
            for chain in chains(rows.sorted { ($0.day, $0.rowID) < ($1.day, $1.rowID) }) where chain.count >= Self.minimumOccurrences {
                guard pool.touchesExamined(chain.map(\.rowID)), let series = series(chain) else { continue }
                var evidence = ["\(chain.count) payments \(series.period.rawValue) to \(series.counterparty), typically "
                                + "\(Money.display(series.typicalAmount, currency: series.currency)); next expected \(series.nextExpected)"]
                if let change = series.change { evidence.append(change) }
                found.append(Link(kind: .recurring, status: .applied, rows: chain.map(\.rowID), confidence: Confidence(perMille: 800),
                                  evidence: evidence, series: series, key: "recurring:\(key):\(chain[0].rowID)"))
            }
        }
        return found
    }

    /// Splits date-sorted rows into chains: each row joins the chain whose last amount is nearest and within
    /// ±10 % and whose last row is at least 5 days earlier, else starts a chain.
    func chains(_ rows: [LinkFacts]) -> [[LinkFacts]] {
        var chains: [[LinkFacts]] = []
        for row in rows {
            let fitting = chains.indices.filter { index in
                let last = chains[index][chains[index].count - 1]
                return row.day - last.day >= 5 && Self.within(row.magnitude, tenPercentOf: last.magnitude)
            }
            if let index = fitting.min(by: { abs(chains[$0].last!.magnitude - row.magnitude) < abs(chains[$1].last!.magnitude - row.magnitude) }) {
                chains[index].append(row)
            } else {
                chains.append([row])
            }
        }
        return chains
    }

    /// Whether `amount` is within ±10 % of `reference` (magnitudes, never negative): checked, so amounts
    /// near the limit of `Int64` compare instead of trapping.
    static func within(_ amount: Int64, tenPercentOf reference: Int64) -> Bool {
        let difference = amount > reference ? amount - reference : reference - amount
        guard let scaled = Money.multiplying(difference, 10) else { return false }
        return scaled <= reference
    }

    /// The change from `previous` to `last` (magnitudes) in basis points, rounded toward zero; held at
    /// ±`Int32.max` basis points when the exact figure does not fit (a change that large is reported anyway).
    static func basisPoints(from previous: Int64, to last: Int64) -> Int {
        let change = last - previous   // both in 0...Int64.max: the difference fits
        guard let scaled = Money.multiplying(change, 10_000) else { return change < 0 ? -Int(Int32.max) : Int(Int32.max) }
        return Int(scaled / max(1, previous))
    }

    /// The series of a chain when its gaps fit one period (a gap of two or three periods is a missed
    /// occurrence and still fits).
    func series(_ chain: [LinkFacts]) -> RecurringSeries? {
        let gaps = zip(chain.dropFirst(), chain).map { $0.day - $1.day }
        let candidates: [RecurringSeries.Period] = [.weekly, .monthly, .yearly]
        guard let period = candidates.first(where: { period in
            gaps.allSatisfy { gap in (1...3).contains { period.days.lowerBound * $0 <= gap && gap <= period.days.upperBound * $0 } }
                && gaps.contains { period.days.contains($0) }
        }) else { return nil }
        let amounts = chain.map(\.magnitude).sorted()
        let last = chain[chain.count - 1]
        let previous = chain[chain.count - 2]
        let name = last.partyName ?? last.party ?? "an unnamed counterparty"
        var series = RecurringSeries(period: period, typicalAmount: amounts[amounts.count / 2], lastAmount: last.magnitude,
                                     nextExpected: CivilDay.text(period.next(after: last.day)), currency: last.currency, counterparty: name)
        let basisPoints = Self.basisPoints(from: previous.magnitude, to: last.magnitude)
        if abs(basisPoints) > 500 {
            series.changeBasisPoints = basisPoints
            let percent = (abs(basisPoints) + 50) / 100
            series.change = "\(name) went \(basisPoints > 0 ? "up" : "down") \(percent) %: \(Money.display(previous.magnitude, currency: last.currency))"
                + " → \(Money.display(last.magnitude, currency: last.currency))"
        }
        return series
    }
}
