import GardenFoundation

/// Refunds (§6, estorno): a credit from the same merchant (the same brand, CNPJ root or merchant key),
/// not above the original amount, within 120 days after a purchase. A partial refund goes to the purchase
/// whose unrefunded rest it equals, else to the most recent purchase not already fully refunded. The
/// credit's amount lowers the purchase's net cost; the credit is never income.
///
/// A reversal (issue 37): a credit whose line says it reverses or refunds (flow `refund`: `ESTORNO COMPRA`, `… REV`,
/// `REFUND`) that names no merchant with a purchase, of exactly a purchase's amount (minor units, same currency) on the
/// same account within ``reversalWindowDays`` before it, is that purchase's refund: the card or the bank reversed it,
/// whatever merchant text it prints. The credit then takes the purchase's category (`StoreLearnedState`'s refunded
/// purchases), merchant taught or not.
public struct RefundMatcher: Sendable {
    /// Days a refund may come after its purchase (§6).
    public static let windowDays = 120
    /// Days a reversal matched by its amount alone (no same merchant) may come after its purchase: within the month
    /// (a card's billing cycle is at most 31 days), so an equal amount months apart is no reversal of it.
    public static let reversalWindowDays = 31

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
        found += reversals(pool, &state)
        return found
    }

    /// Reversals by amount: each free credit with reversal wording (flow `refund`) to the most recent free purchase of
    /// exactly its amount on its account, at most ``reversalWindowDays`` before it.
    func reversals(_ pool: LinkPool, _ state: inout LinkState) -> [Link] {
        var found: [Link] = []
        let credits = pool.rows.filter { Self.isReversal($0) && state.isFree($0.rowID) }.sorted { ($0.day, $0.rowID) < ($1.day, $1.rowID) }
        guard !credits.isEmpty else { return [] }
        let purchases = Dictionary(grouping: pool.rows.filter { Self.isPurchase($0) }, by: \.magnitude)
        for credit in credits {
            let candidates = (purchases[credit.magnitude] ?? []).filter { purchase in
                purchase.currency == credit.currency && purchase.account == credit.account && state.isFree(purchase.rowID)
                    && !state.paired.contains(purchase.rowID) && state.credited[purchase.rowID] == nil
                    && (0...Self.reversalWindowDays).contains(credit.day - purchase.day)
                    && pool.touchesExamined([purchase.rowID, credit.rowID])
            }
            guard let purchase = candidates.max(by: { ($0.day, $0.rowID) < ($1.day, $1.rowID) }) else { continue }
            let link = Link(kind: .refund, status: .applied, rows: [purchase.rowID, credit.rowID], confidence: Confidence(perMille: 800),
                            evidence: ["a reversal of exactly the purchase's amount (\(Money.display(credit.magnitude, currency: credit.currency))) "
                                       + "on the same account, \(credit.day - purchase.day) day(s) after it"],
                            effect: credit.magnitude)
            found.append(link)
            state.claim(link)
        }
        return found
    }

    /// Money in whose line says it reverses or refunds a purchase (the resolved flow `refund`), not from a person.
    package static func isReversal(_ row: LinkFacts) -> Bool {
        row.direction == "in" && row.flow == "refund" && !row.isPerson
    }

    /// Money out to a merchant that counts as spending.
    package static func isPurchase(_ row: LinkFacts) -> Bool {
        row.direction == "out" && row.flow == "expense" && row.party != nil && row.nature == .purchase && !row.isPerson
    }

    /// Money in from a merchant that is not income of its own (salary, interest, cashback) nor a transfer.
    static func isCredit(_ row: LinkFacts) -> Bool {
        row.direction == "in" && row.party != nil && !row.isPerson && (row.flow == "refund" || row.nature == .credit)
    }
}
