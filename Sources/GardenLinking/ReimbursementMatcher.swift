import GardenFoundation

/// Racha (§6 `reimbursement`): a Pix received from a person within 7 days after an expense whose amount it
/// divides evenly — the credit ≈ expense ÷ k for k = 2…6, within 1 % of the expense or k minor units —
/// is suggested as a reimbursement of it (review). Accepted, it lowers the expense's net cost. The best
/// fit wins (the smallest difference, then the most recent expense).
public struct ReimbursementMatcher: Sendable {
    /// Days a reimbursement may come after the expense (§6).
    public static let windowDays = 7
    /// The split sizes tried (§6: "≈ expense ÷ k").
    public static let shares = 2...6

    public init() {}

    public func links(_ pool: LinkPool, _ state: inout LinkState) -> [Link] {
        // Expenses per currency and day, sorted by amount: a range search per credit, day and share.
        var expenses: [DayKey: [LinkFacts]] = [:]
        for row in pool.rows where row.direction == "out" && row.flow == "expense" && row.nature == .purchase {
            expenses[DayKey(currency: row.currency, day: row.day), default: []].append(row)
        }
        for key in expenses.keys { expenses[key]!.sort { $0.magnitude < $1.magnitude } }
        var found: [Link] = []
        let credits = pool.rows.filter { Self.isPersonCredit($0) && state.isFree($0.rowID) }.sorted { ($0.day, $0.rowID) < ($1.day, $1.rowID) }
        for credit in credits {
            guard let (expense, share, difference) = best(credit, expenses, pool, state) else { continue }
            let link = Link(kind: .reimbursement, status: .suggested, rows: [expense.rowID, credit.rowID], confidence: Confidence(perMille: 600),
                            evidence: ["\(credit.partyName ?? "a person") sent \(Money.display(credit.magnitude, currency: credit.currency)) "
                                       + "\(credit.day - expense.day) day(s) after an expense of \(Money.display(expense.magnitude, currency: expense.currency)) "
                                       + "≈ 1/\(share) of it (difference \(Money.display(difference, currency: credit.currency)))"],
                            effect: credit.magnitude)
            found.append(link)
            state.claim(link)
        }
        return found
    }

    /// The best-fitting expense for a credit: the smallest difference, then the most recent, then the row id.
    func best(_ credit: LinkFacts, _ expenses: [DayKey: [LinkFacts]], _ pool: LinkPool, _ state: LinkState) -> (LinkFacts, Int, Int64)? {
        var best: (LinkFacts, Int, Int64)?
        for day in (credit.day - Self.windowDays)...credit.day {
            guard let sorted = expenses[DayKey(currency: credit.currency, day: day)] else { continue }
            for share in Self.shares {
                // Checked: a share of an amount near the limit of Int64 matches nothing rather than trapping.
                guard let target = Money.multiplying(credit.magnitude, Int64(share)) else { continue }
                let tolerance = max(Int64(share), target / 100)
                guard let high = Money.adding(target, tolerance) else { continue }
                var index = lowerBound(sorted, target - tolerance)
                while index < sorted.count, sorted[index].magnitude <= high {
                    let expense = sorted[index]
                    index += 1
                    let difference = abs(expense.magnitude - target) / Int64(share)
                    guard !state.paired.contains(expense.rowID), expense.magnitude - (state.credited[expense.rowID] ?? 0) >= credit.magnitude,
                          pool.touchesExamined([expense.rowID, credit.rowID]) else { continue }
                    if let current = best, (current.2, -current.0.day, current.0.rowID) <= (difference, -expense.day, expense.rowID) { continue }
                    best = (expense, share, difference)
                }
            }
        }
        return best
    }

    struct DayKey: Hashable {
        var currency: String
        var day: Int
    }

    func lowerBound(_ sorted: [LinkFacts], _ value: Int64) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid].magnitude < value { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Money in from a person over Pix (or any transfer from a person).
    static func isPersonCredit(_ row: LinkFacts) -> Bool {
        row.direction == "in" && row.isPerson && !row.counterpartyIsMe && (row.rail == "pix" || row.flow == "transfer")
    }
}
