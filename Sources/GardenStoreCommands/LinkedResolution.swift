import GardenFoundation
import GardenStore
import GardenLinking
import GardenCatalog
import GardenCommandKit
import GardenLedger

/// A row's resolution as the ledger keeps it, with what linking adds: `links` (each link's id, kind,
/// status and the other rows) and, for money out, `net_amount` (the amount plus the counting refunds,
/// accepted reimbursements and IOF, exact in the row's currency). The links live in their own tables, so
/// re-recording a row keeps them.
package enum LinkedResolution {
    /// `{"row_id":…,"resolution":{…,"links":[…],"net_amount":…}}`.
    package static func json(_ row: LedgerRow, links: [Link]) throws -> String {
        let resolution = try JSONScanner.parse(Array(row.resolution.utf8))
        var list = JSONWriter(capacity: 128)
        list.beginArray()
        for link in links {
            list.beginObject()
            list.member("kind", link.kind.rawValue)
            list.member("status", link.status.rawValue)
            list.key("rows"); list.beginArray(); for other in link.rows where other != row.rowID { list.string(other) }; list.endArray()
            list.endObject()
        }
        list.endArray()
        var withLinks: [UInt8] = []
        JSONSplice.replacingMember("links", in: resolution, with: list.bytes, into: &withLinks)
        var out = withLinks
        let (_, transaction) = try Session.transaction(row.raw)
        if let amount = transaction.amount, amount.minorUnits < 0 {
            let net = NetAmount.of(rowID: row.rowID, amount: amount.minorUnits, links: links)
            out = []
            JSONSplice.replacingMember("net_amount", in: try JSONScanner.parse(withLinks), with: Array(Money.decimal(net, currency: amount.currency.code).utf8), into: &out)
        }
        var w = JSONWriter(capacity: out.count + 64)
        w.beginObject()
        w.member("row_id", row.rowID)
        w.key("resolution"); w.rawBytes(out)
        w.endObject()
        return String(decoding: w.bytes, as: UTF8.self)
    }

    /// Lines for `explain --id`: each link of the row and its net amount.
    package static func text(_ row: LedgerRow, links: [Store.StoredLink], _ w: Phrasebook = Phrasebook(.english)) -> String {
        guard !links.isEmpty else { return w("links         none (garden link finds them)\n", "vínculos      nenhum (garden link os encontra)\n") }
        var out = ""
        for stored in links {
            let others = stored.link.rows.filter { $0 != row.rowID }
            out += w("link ", "vínculo ") + "\(stored.id)        " + w.linkKind(stored.link.kind.rawValue) + " " + w.status(stored.link.status.rawValue) + " " + ResolverWords.percent(stored.link.confidence, w.language)
            out += others.isEmpty ? "\n" : w(" with ", " com ") + others.joined(separator: ", ") + "\n"
            for sentence in stored.link.evidence { out += "              " + LinkEvidenceWords.text(sentence, w.language) + "\n" }
        }
        if let (_, transaction) = try? Session.transaction(row.raw), let amount = transaction.amount, amount.minorUnits < 0 {
            let net = NetAmount.of(rowID: row.rowID, amount: amount.minorUnits, links: links.map(\.link))
            out += w("net amount    ", "valor líquido ") + MoneyDisplay.text(net, currency: amount.currency.code, language: w.language)
                + w(" (amount ", " (valor ") + MoneyDisplay.text(amount.minorUnits, currency: amount.currency.code, language: w.language) + ")\n"
        }
        return out
    }
}
