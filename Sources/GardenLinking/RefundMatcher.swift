import GardenFoundation

/// Refunds (§6, estorno): a credit from the same merchant (the same brand, CNPJ root or merchant key),
/// not above the original amount, within 120 days after a purchase. A partial refund goes to the purchase
/// whose unrefunded rest it equals, else to the most recent purchase not already fully refunded. The
/// credit's amount lowers the purchase's net cost; the credit is never income.
public struct RefundMatcher: Sendable {
    /// Days a refund may come after its purchase (§6).
    public static let windowDays = 120

    public init() {}

    public func links(_ pool: LinkPool, _ state: inout LinkState) -> [Link] {
        let purchases = Dictionary(grouping: pool.rows.filter { Self.isPurchase($0) }, by: { $0.party ?? "" })
        var found: [Link] = []
        let credits = pool.rows.filter { Self.isCredit($0) && state.isFree($0.rowID) }.sorted { ($0.day, $0.rowID) < ($1.day, $1.rowID) }
        for credit in credits {
            guard let party = credit.party else { continue }
            let candidates = (purchases[party] ?? []).filter { purchase in
                purchase.currency == credit.currency && state.isFree(purchase.rowID) && !state.paired.contains(purchase.rowID)
                    && (0...Self.windowDays).contains(credit.day - purchase.day)
                    && pool.touchesExamined([purchase.rowID, credit.rowID])
                    && purchase.magnitude - (state.credited[purchase.rowID] ?? 0) >= credit.magnitude
            }
            let exact = candidates.filter { $0.magnitude - (state.credited[$0.rowID] ?? 0) == credit.magnitude }
            guard let purchase = (exact.isEmpty ? candidates : exact).max(by: { ($0.day, $0.rowID) < ($1.day, $1.rowID) }) else { continue }
            let days = credit.day - purchase.day
            let strong = party.hasPrefix("brand:") || party.hasPrefix("cnpj:")
            let link = Link(kind: .refund, status: .applied, rows: [purchase.rowID, credit.rowID],
                            confidence: Confidence(perMille: strong ? 900 : 800),
                            evidence: ["a credit from the same merchant (\(party)), \(Money.display(credit.magnitude, currency: credit.currency)) "
                                       + "≤ \(Money.display(purchase.magnitude, currency: purchase.currency)), \(days) day(s) after the purchase"],
                            effect: credit.magnitude)
            found.append(link)
            state.claim(link)
        }
        return found
    }

    /// Money out to a merchant that counts as spending.
    static func isPurchase(_ row: LinkFacts) -> Bool {
        row.direction == "out" && row.flow == "expense" && row.party != nil && row.nature == .purchase && !row.isPerson
    }

    /// Money in from a merchant that is not income of its own (salary, interest, cashback) nor a transfer.
    static func isCredit(_ row: LinkFacts) -> Bool {
        row.direction == "in" && row.party != nil && !row.isPerson && (row.flow == "refund" || row.nature == .credit)
    }
}
