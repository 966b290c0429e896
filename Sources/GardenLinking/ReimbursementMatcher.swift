import GardenCore

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
        // Expenses sorted by amount, per currency, for a range search per credit and share.
        let expenses = Dictionary(grouping: pool.rows.filter { $0.direction == "out" && $0.flow == "expense" && $0.nature == .purchase },
                                  by: { $0.currency }).mapValues { $0.sorted { $0.magnitude < $1.magnitude } }
        var found: [Link] = []
        let credits = pool.rows.filter { Self.isPersonCredit($0) && state.isFree($0.rowID) }.sorted { ($0.day, $0.rowID) < ($1.day, $1.rowID) }
        for credit in credits {
            guard let sorted = expenses[credit.currency],
                  let (expense, share, difference) = best(credit, sorted, pool, state) else { continue }
            let link = Link(kind: .reimbursement, status: .suggested, rows: [expense.rowID, credit.rowID], confidence: Confidence(perMille: 600),
                            evidence: ["\(credit.partyName ?? "a person") sent \(MoneyText.display(credit.magnitude, currency: credit.currency)) "
                                       + "\(credit.day - expense.day) day(s) after an expense of \(MoneyText.display(expense.magnitude, currency: expense.currency)) "
                                       + "≈ 1/\(share) of it (difference \(MoneyText.display(difference, currency: credit.currency)))"],
                            effect: credit.magnitude)
            found.append(link)
            state.claim(link)
        }
        return found
    }

    func best(_ credit: LinkFacts, _ sorted: [LinkFacts], _ pool: LinkPool, _ state: LinkState) -> (LinkFacts, Int, Int64)? {
        var best: (LinkFacts, Int, Int64)?
        for share in Self.shares {
            let target = credit.magnitude * Int64(share)
            let tolerance = max(Int64(share), target / 100)
            var index = lowerBound(sorted, target - tolerance)
            while index < sorted.count, sorted[index].magnitude <= target + tolerance {
                let expense = sorted[index]
                index += 1
                let difference = abs(expense.magnitude - target) / Int64(share)
                guard (0...Self.windowDays).contains(credit.day - expense.day), !state.paired.contains(expense.rowID),
                      expense.magnitude - (state.credited[expense.rowID] ?? 0) >= credit.magnitude,
                      pool.touchesExamined([expense.rowID, credit.rowID]) else { continue }
                if let current = best, (current.2, -current.0.day, current.0.rowID) <= (difference, -expense.day, expense.rowID) { continue }
                best = (expense, share, difference)
            }
        }
        return best
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
