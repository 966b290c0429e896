import Testing
@testable import GardenLinking

/// What linking reads of a recorded row: the input's extra fields and the resolution.
struct LinkFactsReaderTests {
    static let purchase = #"{"merchant":{"name":"Loja Aurora","kind":"local","brand":null,"document":null},"category":{"id":"shopping.general","source":"keyword"},"budget":{"id":"compras","name":"Compras"},"installment":{"number":3,"total":10},"direction":"out","flow":"expense"}"#

    @Test func readsAPluggyParcelWithItsPurchaseDateAndTotal() throws {
        let raw = #"{"id":"x","accountId":"a","date":"2026-10-15T12:00:00.000Z","description":"LOJA AURORA","type":"DEBIT","amount":100.00,"currencyCode":"BRL","#
            + #""creditCardMetadata":{"installmentNumber":3,"totalInstallments":10,"totalAmount":1000.00,"purchaseDate":"2026-08-02T10:00:00.000Z"}}"#
        let facts = try #require(try LinkFactsReader().read(rowID: "x", raw: raw, resolution: Self.purchase, merchantKey: "desc:loja aurora"))
        #expect(facts.amount == -10_000)
        #expect(facts.purchaseDate == "2026-08-02")
        #expect(facts.planTotal == 100_000)
        #expect(facts.installmentNumber == 3)
        #expect(facts.party == "desc:loja aurora")
        #expect(facts.nature == .purchase)
        #expect(facts.budget == "compras")
    }

    @Test func aParcelWithoutAPurchaseDateCountsBackOneMonthAParcel() throws {
        let raw = #"{"id":"x","date":"2026-10-15","description":"LOJA AURORA PARC 03/10","amount":-100.00}"#
        let facts = try #require(try LinkFactsReader().read(rowID: "x", raw: raw, resolution: Self.purchase, merchantKey: nil))
        #expect(facts.purchaseDate == "2026-08-15")
    }

    @Test func readsTheEndToEndIDTheHoldersAccountAndForeignMarkers() throws {
        let transfer = #"{"merchant":{"name":"Ana","kind":"person"},"category":{"id":"transfer.person"},"direction":"out","flow":"transfer"}"#
        let pluggy = #"{"id":"t","accountId":"a","date":"2026-10-05","description":"PIX ENVIADO","type":"DEBIT","amount":50,"currencyCode":"BRL","#
            + #""paymentData":{"paymentMethod":"PIX","referenceNumber":"E18236120202610051200s0123456789","receiver":{"accountNumber":"12345-6","branchNumber":"0001"}}}"#
        let reader = LinkFactsReader(holderAccounts: ["0001/12345-6"])
        let facts = try #require(try reader.read(rowID: "t", raw: pluggy, resolution: transfer, merchantKey: nil))
        #expect(facts.endToEndID == "E18236120202610051200s0123456789")
        #expect(facts.counterpartyIsMe)
        #expect(facts.party == "person:ana")
        #expect(facts.nature == .transfer)
        let foreign = #"{"id":"f","date":"2026-10-05","description":"AMAZON US","amount":-50,"original_currency":"USD"}"#
        #expect(try reader.read(rowID: "f", raw: foreign, resolution: Self.purchase, merchantKey: nil)?.foreign == true)
        let marked = #"{"id":"g","date":"2026-10-05","description":"COMPRA INTERNACIONAL STEAM","amount":-50}"#
        #expect(try reader.read(rowID: "g", raw: marked, resolution: Self.purchase, merchantKey: nil)?.foreign == true)
        let domestic = #"{"id":"h","date":"2026-10-05","description":"LOJA EXTERIORES","amount":-50}"#
        #expect(try reader.read(rowID: "h", raw: domestic, resolution: Self.purchase, merchantKey: nil)?.foreign == false)
    }
}
