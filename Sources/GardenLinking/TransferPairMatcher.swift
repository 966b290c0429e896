import GardenFoundation

/// Transfer pairs (§8), checked in order, the first hit decides: the same Pix end-to-end id on two rows;
/// a mirrored row (opposite direction, same amount and currency, another account, within 3 days) of a
/// row whose counterparty is the holder (`garden me`), of an application/redemption (`APLICACAO`,
/// `RESGATE`), or of a card bill payment matched by the card's "Pagamento recebido" credit; a withdrawal
/// (`SAQUE`) alone is a transfer to cash. All of these are certain and applied. A mirrored amount with
/// none of that evidence is only suggested, and only between transfer-like rows (transfers, Pix/TED/DOC,
/// money in from a company).
public struct TransferPairMatcher: Sendable {
    /// Days a mirrored side may be away (§8: "within 3 days").
    public static let windowDays = 3

    public init() {}

    public func links(_ pool: LinkPool, _ state: inout LinkState) -> [Link] {
        var found: [Link] = []
        func add(_ link: Link) {
            found.append(link)
            state.claim(link)
        }
        for link in endToEndPairs(pool, state) where state.isFree(link.rows[0]) && state.isFree(link.rows[1]) { add(link) }
        let incoming = Dictionary(grouping: pool.rows.filter { $0.direction == "in" }, by: { MirrorKey($0) })
        let outgoing = Dictionary(grouping: pool.rows.filter { $0.direction == "out" }, by: { MirrorKey($0) })
        for row in pool.rows where pool.examined.contains(row.rowID) && state.isFree(row.rowID) {
            if row.nature == .withdrawal, row.direction == "out" {
                add(Link(kind: .transferPair, status: .applied, rows: [row.rowID], confidence: .certain,
                         evidence: ["withdrawal (SAQUE): a transfer to cash (Carteira)"], key: "transfer_pair:\(row.rowID):cash"))
                continue
            }
            let others = (row.direction == "out" ? incoming : outgoing)[MirrorKey(row)] ?? []
            guard let (partner, evidence) = certainPartner(row, others, state) else { continue }
            add(pair(row, partner, status: .applied, confidence: .certain, evidence: evidence))
        }
        for row in pool.rows where pool.examined.contains(row.rowID) && state.isFree(row.rowID) && Self.transferLike(row) {
            let others = (row.direction == "out" ? incoming : outgoing)[MirrorKey(row)] ?? []
            guard let partner = nearest(row, others.filter { Self.transferLike($0) && $0.nature != .withdrawal }, state) else { continue }
            let days = abs(partner.day - row.day)
            add(pair(row, partner, status: .suggested, confidence: Confidence(perMille: 500),
                     evidence: ["mirrored amount \(Money.display(row.magnitude, currency: row.currency)) on \(row.account ?? "a row without account") and "
                                + "\(partner.account ?? "a row without account") \(days) day(s) apart; no end-to-end id, own account, document or bill evidence"]))
        }
        return found
    }

    /// Pairs sharing a Pix end-to-end id: one row out, one in.
    func endToEndPairs(_ pool: LinkPool, _ state: LinkState) -> [Link] {
        var byID: [String: [LinkFacts]] = [:]
        for row in pool.rows { if let id = row.endToEndID { byID[id, default: []].append(row) } }
        var links: [Link] = []
        for (id, rows) in byID.sorted(by: { $0.key < $1.key }) {
            guard let out = rows.first(where: { $0.direction == "out" }), let into = rows.first(where: { $0.direction == "in" }),
                  pool.touchesExamined([out.rowID, into.rowID]) else { continue }
            links.append(pair(out, into, status: .applied, confidence: .certain, evidence: ["the same Pix end-to-end id \(id) on both rows"]))
        }
        return links
    }

    /// The mirrored row that certain evidence on either side makes a transfer between the holder's accounts.
    func certainPartner(_ row: LinkFacts, _ others: [LinkFacts], _ state: LinkState) -> (LinkFacts, [String])? {
        let bill: Set<LinkFacts.Nature> = [.cardBillPayment, .cardBillCredit]
        if bill.contains(row.nature) {
            let match = nearest(row, others.filter { bill.contains($0.nature) && $0.nature != row.nature }, state)
            return match.map { ($0, ["a card bill payment and the card's \"Pagamento recebido\" credit of the same amount"]) }
        }
        if row.nature == .investment {
            let match = nearest(row, others.filter { $0.nature == .investment || $0.nature == .transfer }, state)
            return match.map { ($0, ["an application/redemption (APLICACAO/RESGATE) between an account and its investment"]) }
        }
        if row.counterpartyIsMe {
            return nearest(row, others, state).map { ($0, ["the counterparty's document or account is the holder's (garden me)"]) }
        }
        let match = nearest(row, others.filter { $0.counterpartyIsMe }, state)
        return match.map { ($0, ["the other side's counterparty document or account is the holder's (garden me)"]) }
    }

    /// The free mirrored row nearest in time within the window, on another account; ties by row id.
    func nearest(_ row: LinkFacts, _ others: [LinkFacts], _ state: LinkState) -> LinkFacts? {
        others.filter { other in
            other.rowID != row.rowID && state.isFree(other.rowID) && abs(other.day - row.day) <= Self.windowDays
                && (other.account == nil || row.account == nil || other.account != row.account)
        }.min { (abs($0.day - row.day), $0.rowID) < (abs($1.day - row.day), $1.rowID) }
    }

    func pair(_ a: LinkFacts, _ b: LinkFacts, status: LinkStatus, confidence: Confidence, evidence: [String]) -> Link {
        let rows = a.direction == "out" ? [a.rowID, b.rowID] : [b.rowID, a.rowID]
        return Link(kind: .transferPair, status: status, rows: rows, confidence: confidence, evidence: evidence)
    }

    /// Rows a mirrored amount may pair: transfers, Pix/TED/DOC, and money in from a company.
    static func transferLike(_ row: LinkFacts) -> Bool {
        row.flow == "transfer" || row.category == "income.other" || ["pix", "ted", "doc"].contains(row.rail ?? "")
    }

    /// Amount and currency: what a mirrored side must share.
    struct MirrorKey: Hashable {
        var magnitude: Int64
        var currency: String
        init(_ row: LinkFacts) {
            magnitude = row.magnitude
            currency = row.currency
        }
    }
}
