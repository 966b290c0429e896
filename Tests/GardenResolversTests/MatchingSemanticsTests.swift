import Testing
import GardenFoundation
import GardenResolvers

/// The matching rules of issue 2, end to end through the pipeline.
struct MatchingSemanticsTests {
    func brand(_ description: String, _ amount: String = "-10") -> String? {
        Fixture.resolve(Fixture.row(description, amount)).merchant.brand
    }

    @Test func wordEdges() {
        #expect(brand("TIM*44991237654") == "br_tim")
        #expect(brand("PAGAMENTO DA TIM SA") == "br_tim")
        #expect(brand("OTIMISTA MODAS") != "br_tim")
        #expect(brand("Timo Reboucas Restaura") == nil)
    }

    @Test func caseAccentsWidthAndSeparatorsDoNotMatter() {
        let a = Fixture.resolve(Fixture.row("PAGTO ELETRON  COBRANCA SABESP"))
        let b = Fixture.resolve(Fixture.row("pagto-eletron cobrança   sabesp"))
        let c = Fixture.resolve(Fixture.row("ＳＡＢＥＳＰ"))
        #expect(a.merchant.brand == b.merchant.brand)
        #expect(a.merchant.brand == c.merchant.brand)
        #expect(a.foldedName == b.foldedName)
    }

    @Test func theMostSpecificBrandWins() {
        #expect(brand("UBER EATS PENDING SF") == Fixture.resolve(Fixture.row("UBER EATS")).merchant.brand)
        #expect(Fixture.resolve(Fixture.row("UBER EATS PENDING SF")).category == "food.delivery")
        #expect(Fixture.resolve(Fixture.row("UBER *TRIP")).category == "transport.rideshare")
        #expect(Fixture.resolve(Fixture.row("COSTCO RX 123")).category == "health.pharmacy")
        #expect(Fixture.resolve(Fixture.row("COSTCO GAS #123")).category == "transport.fuel")
        #expect(Fixture.resolve(Fixture.row("KROGER FUEL #532")).category == "transport.fuel")
    }

    @Test func gluedDescriptors() {
        #expect(Fixture.resolve(Fixture.row("Dl*Uberrides")).category == "transport.rideshare")
        #expect(Fixture.resolve(Fixture.row("Compra no débito - Pag*Raiadrogasilsa")).category == "health.pharmacy")
        let posto = Fixture.resolve(Fixture.row("Postobeirarioi", "-240"))
        #expect(posto.category == "transport.fuel")
        // A keyword alone is never enough; the trade-name model, reading the glued name, may decide it.
        #expect(posto.review || posto.categorySourceName == "trade_name")
        #expect(Fixture.resolve(Fixture.row("IMPOSTOS DIVERSOS")).category != "transport.fuel")
    }

    @Test func aChannelSetsTheCategoryButNotTheMerchant() {
        let r = Fixture.resolve(Fixture.row("IFD*RESTAURANTE SABOR", "-40", extra: #","mcc":"5812""#))
        #expect(r.category == "food.delivery")
        #expect(r.merchant.name == "Restaurante Sabor")
        #expect(r.merchant.intermediary == "iFood")
        let chain = Fixture.resolve(Fixture.row("Ifd*Arcos Dourados Com", "-32.93"))
        #expect(chain.merchant.name == "McDonald's")
        #expect(chain.category == "food.delivery")
    }

    @Test func wrappersNeverBecomeTheMerchant() {
        for text in ["PAG*JOSEDASILVA", "SQ *BLUE BOTTLE", "TST* JOES PIZZA 412", "PAYPAL *STEAM GAMES", "DL*GOOGLE YOUTUB", "Zig* *Sombrinha"] {
            let r = Fixture.resolve(Fixture.row(text))
            let name = (r.merchant.name ?? "").lowercased()
            for wrapper in ["pag", "sq", "tst", "paypal", "dl", "zig"] {
                #expect(!name.split(separator: " ").contains(Substring(wrapper)), "\(text) → \(name)")
            }
            #expect(r.merchant.intermediary != nil, "\(text)")
        }
    }

    @Test func marketplaceIsTheMerchantAndTheSellerIsKept() {
        let r = Fixture.resolve(Fixture.row("Shopee *Parisfashionte - Parcela 1/2", "-90.45"))
        #expect(r.merchant.name == "Shopee")
        #expect(r.merchant.seller == "Parisfashionte")
        #expect(r.installment == Installment(number: 1, total: 2))
        #expect(r.category == "shopping.marketplace")
    }

    /// A wallet prefix that may be a transfer (`MP*`, `PICPAY*`) followed by a known brand is a purchase.
    @Test(arguments: [
        ("MP*BURGERKING", "food.restaurants"), ("MP *DROGASIL 0412", "health.pharmacy"),
        ("MERCADOPAGO*CENTAUROLOJA", "shopping.clothing"), ("PICPAY*DROGARAIA", "health.pharmacy"),
        ("MP*MCDONALDS SP", "food.restaurants"),
    ])
    func aBrandAfterAnAmbiguousWalletIsAPurchase(description: String, category: String) {
        let r = Fixture.resolve(Fixture.row(description, "-30"))
        #expect(r.category == category && !r.review, "\(description) → \(r.category) \(r.reviewReasons)")
        // Without a brand the same prefix stays flagged.
        let bare = Fixture.resolve(Fixture.row(description.prefix { $0 != "*" } + "*JOAOPEREIRA", "-30"))
        #expect(bare.review)
    }

    @Test func ambiguousEvidenceIsFlaggedNotGuessed() {
        let mp = Fixture.resolve(Fixture.row("MP*LOJADOZE"))
        #expect(mp.review)
        #expect(mp.reviewReasons.contains { $0.contains("MP*") })
        // A marketplace is a marketplace whatever was bought there; a store that sells everything is not.
        let amazon = Fixture.resolve(Fixture.row("AMAZON MKTPLACE PMTS", "-50"))
        #expect(amazon.category == "shopping.marketplace" && !amazon.review)
        let walmart = Fixture.resolve(Fixture.row("WAL-MART #1234", "-50"))
        #expect(walmart.review)
        let storesAndMarketplace = Fixture.resolve(Fixture.row("Compra no debito: LOJAS AMERICANAS", "-50"))
        #expect(storesAndMarketplace.review)
        let withMCC = Fixture.resolve(Fixture.row("WAL-MART #1234", "-50", extra: #","mcc":"5411""#))
        #expect(withMCC.category == "food.groceries")
    }

    @Test func documentsNameTheCounterparty() {
        let r = Fixture.resolve(Fixture.row("Transferência enviada pelo Pix - 99 TECNOLOGIA LTDA - 18.033.552/0001-61 - ADYEN DO BRASIL IP LTDA. Agência: 1 Conta: 100000015-8", "-6"))
        #expect(r.merchant.name == "99")
        #expect(r.merchant.document == "18.033.552/0001-61")
        #expect(r.category == "transport.rideshare")
        let person = Fixture.resolve(#"{"description":"PIX ENVIADO","amount":-50,"counterparty":{"document":"529.982.247-25","name":"Ana Souza"}}"#)
        #expect(person.merchant.kind == .person)
        #expect(person.merchant.document == "•••.982.247-••")
        #expect(person.category == "transfer.person")
    }
}
