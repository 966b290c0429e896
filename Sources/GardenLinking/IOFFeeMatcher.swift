import GardenFoundation

/// IOF (§6 `fee`): an IOF line on a card within 3 days after a purchase in a foreign currency (or marked
/// international) on the same account links to it, and so does one the file printed under its purchase's own id
/// (Nubank's OFX gives an IOF line the `FITID` of the international purchase it taxes, `source_id`: the purchase,
/// in reais, says nothing foreign itself), within 3 days of it either way; its charge adds to the purchase's net cost. The
/// nearest earlier purchase without an IOF yet is taken. An IOF in another currency than the purchase
/// is linked but not added (the net amount stays in one currency).
public struct IOFFeeMatcher: Sendable {
    /// Days an IOF line may come after its purchase (§6).
    public static let windowDays = 3

    public init() {}

    public func links(_ pool: LinkPool, _ state: inout LinkState) -> [Link] {
        let purchases = pool.rows.filter { $0.foreign && $0.direction == "out" && $0.nature == .purchase }
        // Purchases by the file's own id, for IOF lines printed under it.
        var bySource: [String: [LinkFacts]] = [:]
        for row in pool.rows where row.direction == "out" && row.nature != .iof {
            if let source = row.sourceID { bySource[(row.account ?? "") + "\u{1F}" + source, default: []].append(row) }
        }
        let byAccount = Dictionary(grouping: purchases, by: { $0.account ?? "" })
        var found: [Link] = []
        let lines = pool.rows.filter { $0.nature == .iof && $0.direction == "out" && state.isFree($0.rowID) }.sorted { ($0.day, $0.rowID) < ($1.day, $1.rowID) }
        for iof in lines {
            func free(_ purchase: LinkFacts) -> Bool {
                !state.taxed.contains(purchase.rowID) && !state.paired.contains(purchase.rowID) && pool.touchesExamined([purchase.rowID, iof.rowID])
            }
            let named = iof.sourceID.flatMap { bySource[(iof.account ?? "") + "\u{1F}" + $0] }?.filter { purchase in
                abs(iof.day - purchase.day) <= Self.windowDays && free(purchase)
            } ?? []
            let candidates = (byAccount[iof.account ?? ""] ?? []).filter { purchase in
                (0...Self.windowDays).contains(iof.day - purchase.day) && free(purchase)
            }
            guard let purchase = named.min(by: { (abs(iof.day - $0.day), $0.rowID) < (abs(iof.day - $1.day), $1.rowID) })
                    ?? candidates.max(by: { ($0.day, $1.rowID) < ($1.day, $0.rowID) }) else { continue }
            let sameCurrency = purchase.currency == iof.currency
            var evidence = [named.contains { $0 === purchase }
                ? "an IOF line on \(iof.account ?? "the card") printed under the purchase's own id \(iof.sourceID ?? "")"
                : "an IOF line on \(iof.account ?? "the card") \(iof.day - purchase.day) day(s) after a foreign purchase"]
            if !sameCurrency { evidence.append("the IOF is in \(iof.currency), the purchase in \(purchase.currency): not added to its net amount") }
            let link = Link(kind: .fee, status: .applied, rows: [purchase.rowID, iof.rowID], confidence: Confidence(perMille: 900),
                            evidence: evidence, effect: sameCurrency ? -iof.magnitude : 0)
            found.append(link)
            state.claim(link)
        }
        return found
    }
}
