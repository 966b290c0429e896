import Testing
import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenResolvers

/// Issue 21, item 3, session 4: more brands that are not shops, each with its category and country scope:
/// point-of-sale financing and lease-to-own, credit builders, prepaid carriers and satellite internet, online
/// learning and software, Brazilian consignado lenders and the consórcios of banks and carmakers. Lines written for
/// these tests from the kinds of line such payees print (an ACH or boleto payment, a card subscription), none from
/// `../shared/dev`.
struct NotAShopBrandsTests {
    static func resolve(_ description: String, currency: String) -> Resolution {
        Fixture.resolve(Fixture.row(description, "-40", extra: ",\"currency\":\"\(currency)\""))
    }

    @Test(arguments: [
        ("SUNBIT INC PAYMENT 0412", "USD", "transfer.loan_payment"),
        ("ACIMA LEASING WEB PMT", "USD", "transfer.loan_payment"),
        ("PROGRESSIVE LEASING ACH PMT", "USD", "transfer.loan_payment"),
        ("KIKOFF LENDING 8774", "USD", "transfer.loan_payment"),
        ("FLEXITI FINANCIAL PMT", "CAD", "transfer.loan_payment"),
        ("TRACFONE WIRELESS 800-867-7183", "USD", "home.telecom"),
        ("HUGHESNET 866-347-3292 MD", "USD", "home.telecom"),
        ("PUBLIC MOBILE TORONTO ON", "CAD", "home.telecom"),
        ("SLING.COM 888-309-4719", "USD", "subscriptions.streaming"),
        ("BABBEL.COM BERLIN", "USD", "education"),
        ("BRADESCO CONSORCIOS PARCELA 12", "BRL", "transfer.loan_payment"),
        ("FACTA FINANCEIRA PARCELA", "BRL", "transfer.loan_payment"),
        ("CONTA AZUL ASSINATURA", "BRL", "subscriptions.software"),
        ("GRAN CURSOS ONLINE", "BRL", "education"),
    ])
    func aBrandThatIsNotAShopDecides(description: String, currency: String, category: String) {
        let r = Self.resolve(description, currency: currency)
        #expect(r.category == category, "\(description) → \(r.category)")
        #expect(!r.review, "\(description) flagged: \(r.reviewReasons)")
    }

    /// A consórcio of a bank is not the bank: the longer name wins over the bank's, whose fee it is not.
    @Test func aBanksConsorcioIsNotTheBanksFee() {
        #expect(Self.resolve("BRADESCO CONSORCIOS PARCELA 12", currency: "BRL").merchant.brand == "br_bradesco_consorcios")
        #expect(Self.resolve("BRADESCO TARIFA PACOTE", currency: "BRL").category == "fees.bank")
    }

    /// Every added brand carries its country scope: the Canadian lender is not read on a Brazilian line.
    @Test func theNewBrandsAreScopedToTheirCountries() {
        let flexiti = Fixture.catalog.brands.first { $0.id == "ca_flexiti" }
        #expect(flexiti?.countries == ["CA"])
        let consorcio = Fixture.catalog.brands.first { $0.id == "br_caixa_consorcio" }
        #expect(consorcio?.countries == ["BR"])
    }
}
