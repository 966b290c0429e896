import Foundation
import Testing
import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenResolvers

/// Issue 35: the merchant's kind from what a line says about who is paid. Each line is written from the fact the rule
/// rests on (made-up tickers of the B3 form, the banks' own collection wording as FEBRABAN names it), none is a row of
/// the dev set; every line read as a change reads otherwise on main ed10875.
struct MerchantKindEvidenceTests {
    static func resolve(_ description: String, amount: String, currency: String = "BRL", account: String) -> Resolution {
        Fixture.resolve(Fixture.row(description, amount, extra: ",\"currency\":\"\(currency)\",\"account\":\"\(account)\""))
    }

    /// A dividend or juros sobre capital próprio is the issuer's (ISO 20022 SECU/CORP/DVCA, a corporate action), a
    /// company, not the bank that credits it: the name the line prints, kind chain.
    @Test(arguments: [
        ("CRED JSCP PETR4", "Itaú"),
        ("DIVIDENDOS VALE3", "Bradesco"),
        ("JUROS SOBRE CAPITAL PROPRIO BBAS3", "Nubank"),
    ])
    func aDividendIsTheIssuers(line: String, account: String) {
        let r = Self.resolve(line, amount: "12.40", account: account)
        #expect(r.category == "income.interest", "\(line) → \(r.category)")
        #expect(r.merchant.kind == .chain, "\(line) → \(r.merchant.name ?? "-") \(r.merchant.kind)")
    }

    /// The bank's own interest and a credit union's share dividend stay the institution's own.
    @Test(arguments: [
        ("REND PAGO APLIC AUT MAIS", "BRL", "Itaú"),
        ("DIVIDEND EARNED", "USD", "Navy Federal Credit Union"),
    ])
    func theInstitutionsOwnInterestStaysTheBanks(line: String, currency: String, account: String) {
        let r = Self.resolve(line, amount: "3.20", currency: currency, account: account)
        #expect(r.category == "income.interest" && r.merchant.kind == .bank, "\(line) → \(r.category) \(r.merchant.kind)")
    }

    /// A bank crediting the boletos the holder issued (FEBRABAN CNAB 240 202, líquido de cobrança) acts as an acquirer
    /// does, a chain; its fee for the service is still its own.
    @Test(arguments: [
        ("LIQUIDO DE COBRANCA", "1520", "Banco do Brasil", MerchantKind.chain, "income.sales"),
        ("MOV TIT COBRANCA 12/05", "880", "Itaú", MerchantKind.chain, "income.sales"),
        ("TARIFA COBRANCA", "-9.50", "Itaú", MerchantKind.bank, "fees.bank"),
    ])
    func aBankCollectingForTheHolderIsAnAcquirer(line: String, amount: String, account: String, kind: MerchantKind, category: String) {
        let r = Self.resolve(line, amount: amount, account: account)
        #expect(r.category == category && r.merchant.kind == kind, "\(line) → \(r.category) \(r.merchant.kind)")
    }

    /// A name read alone that places in five or more cities bear whole is a chain's (`Rules/chain_names_places.tsv`: the
    /// names of the Who's On First venues and the USDA SNAP retailers, tools/orgs/chain_names.py); a made-up shop's name,
    /// and a name of common words that independent shops share ("CHINA KING", left out of the list), stay local.
    @Test(arguments: [
        ("PURCHASE AUTHORIZED ON 03/14 ARAMARK 0231 DENVER CO", MerchantKind.chain),
        ("WESTAFF 800-555-0100 CA", .chain),
        ("LENS CRAFTERS 0412 RENO NV", .chain),
        ("PURCHASE AUTHORIZED ON 03/14 CHINA KING RENO NV", .local),
        ("ZORBLAX NOODLE WORKS DENVER CO", .local),
    ])
    func aNameManyPlacesBearIsAChains(line: String, kind: MerchantKind) {
        let r = Self.resolve(line, amount: "-40.00", currency: "USD", account: "Chase")
        #expect(r.merchant.brand == nil && r.merchant.kind == kind, "\(line) → \(r.merchant.name ?? "-") \(r.merchant.kind)")
    }

    /// The list is asked for a whole folded name: a name it holds, not a part or a longer name.
    @Test func theChainListTakesWholeNames() {
        let names = ChainNames(text: "# header\naramark\tplaces\nlens crafters\tplaces\nwestaff\tplaces\n")
        #expect(names.contains("aramark") && names.contains("lens crafters") && names.contains("westaff"))
        #expect(!names.contains("aram") && !names.contains("lens") && !names.contains("aramark uniform") && !names.contains(""))
    }

    /// A business that prints its own web address as its name, or after its name in the location field a card-not-present
    /// line carries, sells there: `online`, though no list holds the domain (made-up sites). A bank's dotted abbreviations
    /// end in no top-level domain and name no site.
    @Test(arguments: [
        ("Transferência enviada pelo Pix - ZORBLAXCOMPRAS.COM - 12.345.678/0001-95 - ITAÚ UNIBANCO S.A. (0341)", "BRL", "-80.00", MerchantKind.online),
        ("QUIMBOLO TRAINING LTD QUIMBOLOGROUP.ORGIL", "USD", "-120.00", .online),
        ("ZORBLAXSHOP.COM.BR SAO PAULO", "BRL", "-35.00", .online),
        ("TRANSF.QUIMBOL.ENTRE C/C", "BRL", "-35.00", .local),
    ])
    func aMerchantsOwnSiteIsOnline(line: String, currency: String, amount: String, kind: MerchantKind) {
        let r = Self.resolve(line, amount: amount, currency: currency, account: "Itaú")
        #expect(r.merchant.kind == kind, "\(line) → \(r.merchant.name ?? "-") \(r.merchant.kind)")
    }
}
