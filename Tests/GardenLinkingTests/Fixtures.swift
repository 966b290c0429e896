@testable import GardenLinking

/// Fresh rows for the matcher tests: every test builds its own.
enum Fixture {
    static func purchase(_ id: String, _ date: String, _ amount: Int64, party: String = "brand:br_netflix", account: String = "Nubank",
                         currency: String = "BRL", foreign: Bool = false) -> LinkFacts {
        LinkFacts(rowID: id, date: date, amount: -amount, currency: currency, account: account, direction: "out", flow: "expense",
                  category: "shopping.general", budget: "compras", budgetName: "Compras", party: party, partyName: party, nature: .purchase,
                  foreign: foreign)
    }

    static func credit(_ id: String, _ date: String, _ amount: Int64, party: String = "brand:br_netflix", account: String = "Nubank") -> LinkFacts {
        LinkFacts(rowID: id, date: date, amount: amount, account: account, direction: "in", flow: "refund", category: "shopping.general",
                  budget: "compras", budgetName: "Compras", party: party, nature: .credit)
    }

    static func iof(_ id: String, _ date: String, _ amount: Int64, account: String = "Nubank") -> LinkFacts {
        LinkFacts(rowID: id, date: date, amount: -amount, account: account, direction: "out", flow: "expense", category: "taxes.iof",
                  budget: "tarifas", budgetName: "Tarifas", nature: .iof)
    }

    static func transfer(_ id: String, _ date: String, _ amount: Int64, account: String, me: Bool = false, e2e: String? = nil,
                         nature: LinkFacts.Nature = .transfer, party: String? = nil) -> LinkFacts {
        LinkFacts(rowID: id, date: date, amount: amount, account: account, flow: "transfer", category: me ? "transfer.own" : "transfer.person",
                  party: party, isPerson: party?.hasPrefix("person:") ?? false, nature: nature, rail: "pix", endToEndID: e2e, counterpartyIsMe: me)
    }

    static func parcel(_ id: String, _ date: String, _ amount: Int64, _ number: Int, of total: Int, purchaseDate: String? = nil,
                       party: String = "desc:loja aurora") -> LinkFacts {
        LinkFacts(rowID: id, date: date, amount: -amount, account: "Nubank", direction: "out", flow: "expense", category: "shopping.general",
                  budget: "compras", budgetName: "Compras", party: party, nature: .purchase, installmentNumber: number, installmentTotal: total,
                  purchaseDate: purchaseDate)
    }

    /// Links over `rows`, all of them examined.
    static func link(_ rows: [LinkFacts], kept: [Link] = []) -> [Link] {
        Linker().links(LinkPool(rows: rows, examined: Set(rows.map(\.rowID)), kept: kept))
    }

    static func link(_ rows: [LinkFacts], kind: LinkKind) -> [Link] { link(rows).filter { $0.kind == kind } }
}
