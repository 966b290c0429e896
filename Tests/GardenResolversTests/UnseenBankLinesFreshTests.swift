import Testing
import GardenCatalog
import GardenResolvers

/// Issue 8, kinds of faults found by importing real exports of banks the dev set lacks
/// (`../shared/import-samples`): fresh lines per kind, Brazilian and US, none a dev row nor an import-sample line.
struct UnseenBankLinesFreshTests {
    /// A bill named by its type with no biller printed is the utility (a chain, unnamed); a biller printed after
    /// the type still names it.
    static let billTypes: [LineCase] = [
        LineCase("PAGTO CONTA DE TELEFONE 0412", "-89", category: "home.telecom", kind: .chain),
        LineCase("DEB AUT CONTA DE ENERGIA", "-230", category: "home.utilities", kind: .chain),
        LineCase("PAGAMENTO CONTA AGUA - RIB", "-64", category: "home.utilities", kind: .chain),
        LineCase("CONTA DE GAS CANALIZADO", "-51", category: "home.utilities"),
        LineCase("PAGTO CONTA CELULAR -IB", "-45", category: "home.telecom"),
        LineCase("CONTA DE LUZ CEMIG DISTRIBUICAO", "-180", merchant: "Cemig", category: "home.utilities"),
        LineCase("ONLINE PMT WATER BILL", "-38", "USD", category: "home.utilities", kind: .chain),
        LineCase("AUTOMATIC WITHDRAWAL, GAS BILL", "-72", "USD", category: "home.utilities", kind: .chain),
        LineCase("PHONE BILL AUTOPAY 0923", "-65", "USD", category: "home.telecom"),
        LineCase("UTILITY BILL PAYMENT WEB", "-120", "USD", category: "home.utilities"),
    ]

    @Test(arguments: billTypes) func aBillNamedByItsTypeIsThatUtility(_ line: LineCase) {
        let r = Fixture.resolve(line.json)
        #expect(line.mismatches(r) == [])
        #expect(!r.review)
    }

    /// US ACH credits: the company entry description after the originator's name says what was paid and is no
    /// part of the payer's name.
    static let achEntryDescriptions: [LineCase] = [
        LineCase("NORTHWIND TRADERS DDEPOSIT 552910", "2300", "USD", merchant: "Northwind Traders", category: "income.salary"),
        LineCase("CONTOSO LTD REG.SALARY", "3100", "USD", merchant: "Contoso", category: "income.salary"),
        LineCase("FABRIKAM SALARY PPD ID: 3344556677", "2800", "USD", merchant: "Fabrikam", category: "income.salary"),
        LineCase("TAILSPIN TOYS VENDOR PMT PPD ID: 1188", "640", "USD", merchant: "Tailspin Toys", category: "income.other"),
        LineCase("LITWARE INC VENDORPYMT 0099", "1200", "USD", merchant: "Litware", category: "income.other"),
        // A company's EDI credit to a person's account is pay (issue 35).
        LineCase("ADVENTURE WORKS EDI PYMNTS 7781", "910", "USD", merchant: "Adventure Works", category: "income.salary"),
        LineCase("WOODGROVE CORP EXP REIMB", "85", "USD", merchant: "Woodgrove", category: "income.other"),
    ]

    @Test(arguments: achEntryDescriptions) func anACHEntryDescriptionSaysWhatTheCreditIs(_ line: LineCase) {
        let r = Fixture.resolve(line.json)
        #expect(line.mismatches(r) == [])
        #expect(!r.review)
    }

    /// Insurance named by its product (SEGURO DE VIDA, AUTO INSURANCE) decides alone.
    static let insuranceProducts: [LineCase] = [
        LineCase("SEGURO VIDA GRUPO EMPRESARIAL", "-60", category: "insurance"),
        LineCase("DEB AUT SEGURO AUTO 07/12", "-210", category: "insurance"),
        LineCase("SEGURO RESIDENCIAL MENSAL", "-35", category: "insurance"),
        LineCase("PAGTO SEGURO VIAGEM EUROPA", "-180", category: "insurance"),
        LineCase("MIDWEST AUTO INSURANCE 8001234567", "-140", "USD", category: "insurance"),
        LineCase("LAKESIDE LIFE INSURANCE PREM", "-45", "USD", category: "insurance"),
    ]

    @Test(arguments: insuranceProducts) func anInsuranceProductDecidesAlone(_ line: LineCase) {
        let r = Fixture.resolve(line.json)
        #expect(line.mismatches(r) == [])
        #expect(!r.review)
    }

    /// A card issuer's industry of the merchant in the memo (American Express OFX) names the category; a brand in
    /// the descriptor still decides, and the same word in a descriptor is not read as the issuer's industry.
    static let memoIndustries: [(description: String, memo: String, category: String)] = [
        ("BLUE HILL           NEW YORK", "8812345     RESTAURANT", "food.restaurants"),
        ("LA COLOMBE ROASTERS CHICAGO", "0044211     BAR & CAFE", "food.restaurants"),
        ("FAIRWAY #12         BROOKLYN", "3301122     GROCERY STORE", "food.groceries"),
        ("DUANE READE #14355  NEW YORK", "5512001     DRUG STORE", "health.pharmacy"),
        ("ACE HOTEL           PORTLAND", "7700112     LODGING", "travel.lodging"),
        ("STARBUCKS STORE 0421 SEATTLE", "1200455     RESTAURANT", "food.restaurants"),
    ]

    @Test(arguments: 0..<memoIndustries.count) func theIssuersIndustryInTheMemoNamesTheCategory(_ index: Int) {
        let line = Self.memoIndustries[index]
        let r = Fixture.resolve(Fixture.row(line.description, "-30", extra: #","currency":"USD","memo":"\#(line.memo)""#))
        #expect(Taxonomy.id(r.category, isWithin: line.category))
        #expect(!r.review)
    }

    @Test func anIndustryWordInTheDescriptorIsNotTheMemoRule() {
        for description in ["ZEPHYR LODGING 0042", "NORTHGATE FUEL 7", "KESTREL PARKING"] {
            let r = Fixture.resolve(Fixture.row(description, "-30", extra: #","currency":"USD""#))
            #expect(r.categoryResolver != .bankLine, "\(description)")
        }
    }

    /// A letter lost as several U+FFFD (each byte of its UTF-8 replaced) is still one letter.
    static let replacementRuns: [LineCase] = [
        LineCase("P\u{FFFD}\u{FFFD}O DE A\u{FFFD}\u{FFFD}UCAR 1123", "-90", merchant: "Pão de Açúcar", category: "food.groceries"),
        LineCase("DROGARIA S\u{FFFD}\u{FFFD}O PAULO 0441", "-25", merchant: "Drogaria São Paulo", category: "health.pharmacy"),
        LineCase("A\u{FFFD}\u{FFFD}OUGUE BOM CORTE", "-70", category: "food.groceries"),
        LineCase("CAF\u{FFFD}\u{FFFD} DA ESQUINA", "-8", category: "food.restaurants"),
        LineCase("PADARIA S\u{FFFD}\u{FFFD}O JORGE", "-14", category: "food.groceries"),
    ]

    @Test(arguments: replacementRuns) func aRunOfReplacementCharactersIsOneLetter(_ line: LineCase) {
        #expect(line.mismatches(Fixture.resolve(line.json)) == [])
    }

    /// A city that is also a brand, right before its own state code and after a name, is a place
    /// (`Rules/brand_places.tsv`, GeoNames); the brand printed after the trade alone stays the brand.
    static let brandNamedCities: [LineCase] = [
        LineCase("ACAITERIA TROPICAL PORTO SEGURO BA", "-18", merchant: "Acaiteria Tropical", category: "food.restaurants", kind: .local),
        LineCase("PADARIA NOVA ERA ASSAI PR", "-9", merchant: "Padaria Nova Era", category: "food.groceries", kind: .local),
        LineCase("LANCHONETE DO BETO IPIRANGA PR", "-22", merchant: "Lanchonete do Beto", category: "food.restaurants"),
        LineCase("HARBOR BAIT SHOP MARATHON FL", "-31", "USD", merchant: "Harbor Bait Shop", kind: .local),
        LineCase("KEYS COFFEE CO MARATHON FL", "-6", "USD", category: "food.restaurants", kind: .local),
        LineCase("OLD TOWN PIZZA AVON CT", "-24", "USD", merchant: "Old Town Pizza", category: "food.restaurants", kind: .local),
        LineCase("POSTO IPIRANGA SP", "-150", merchant: "Ipiranga", category: "transport.fuel", kind: .chain),
        LineCase("AUTO POSTO IPIRANGA SP", "-150", merchant: "Ipiranga", category: "transport.fuel", kind: .chain),
    ]

    @Test(arguments: brandNamedCities) func aCityNamedAsABrandBeforeItsStateIsAPlace(_ line: LineCase) {
        #expect(line.mismatches(Fixture.resolve(line.json)) == [])
    }

    /// A check line names no payee: the word and its number are the rail.
    @Test(arguments: ["CHECK 4471", "Check - 0000000318", "CHEQUE 000912", "Cheque", "COMPENSACAO INTERNA DE CHEQUE"])
    func aCheckNamesNoPayee(_ description: String) {
        let r = Fixture.resolve(Fixture.row(description, "-140", extra: #","currency":"USD""#))
        #expect(r.merchant.name == nil)
    }

    /// An account number with a few letters in it is no bank name.
    @Test(arguments: ["999-12345-0055666-EOP", "0001-22-334455-CHQ"]) func anAccountNumberIsNoBankName(_ account: String) {
        let r = Fixture.resolve(Fixture.row("PAGAMENTO FATURA CARTAO", "-300", extra: #","account":"\#(account)""#))
        #expect(r.category == "transfer.card_payment")
        #expect(r.merchant.name == nil)
    }

    /// Municipal water and power bodies and electric co-ops are utilities; a Canadian chequing account paying the
    /// bank's own card pays a card bill; payroll and monthly-fee words are no part of the payer's or payee's name;
    /// a cash deposit is the holder's own money.
    static let utilitiesCardsAndWording: [LineCase] = [
        LineCase("CITY OF DENTON UTILITIES WEB PMT", "-95", "USD", category: "home.utilities"),
        LineCase("PEDERNALES ELECTRIC COOP", "-130", "USD", category: "home.utilities"),
        LineCase("TOWN OF CARY WATER DEPT", "-48", "USD", category: "home.utilities"),
        LineCase("SAAE SOROCABA", "-61", category: "home.utilities"),
        LineCase("PAGTO SEMAE PIRACICABA", "-54", category: "home.utilities"),
        LineCase("MISC PAYMENT RBC CREDIT CARD", "-420", "CAD", category: "transfer.card_payment"),
        LineCase("TD VISA PREAUTH PYMT", "-380", "CAD", category: "transfer.card_payment"),
        LineCase("CIBC VISA 4500", "-200", "CAD", category: "transfer.card_payment"),
        LineCase("PAYROLL DEP NORTHWIND LTD", "2200", "CAD", merchant: "Northwind", category: "income.salary"),
        LineCase("MENSALIDADE COLEGIO SANTA MARIA", "-950", merchant: "Colegio Santa Maria", category: "education"),
        LineCase("MENSALIDADE ACADEMIA FORMA FISICA", "-120", merchant: "Academia Forma Fisica", category: "health.fitness"),
        LineCase("DEP DINHEIRO ATM 0412", "300", category: "transfer.own"),
        LineCase("ATM CASH DEPOSIT 0412 MAIN ST", "200", "USD", category: "transfer.own"),
    ]

    @Test(arguments: utilitiesCardsAndWording) func utilitiesCardBillsAndWording(_ line: LineCase) {
        let r = Fixture.resolve(line.json)
        #expect(line.mismatches(r) == [])
        #expect(!r.review)
    }

    /// Head nouns that name a trade alone (TACOS, NAILS, DENTAL, a church), point-of-sale and giving processors
    /// (Clover, Tithe.ly) unwrapped, and the bank spellings of a brand the name-suggestion-index lacks.
    static let tradeNounsAndProcessors: [LineCase] = [
        LineCase("TACOS LA CHIQUITA 3", "-11", "USD", category: "food.restaurants", kind: .local),
        LineCase("GOLDEN NAILS & SPA", "-45", "USD", category: "personal.care"),
        LineCase("BRIGHT SMILE DENTAL", "-160", "USD", category: "health.care"),
        LineCase("GRACE BAPTIST CHURCH", "-100", "USD", category: "donations"),
        LineCase("IGREJA BATISTA DO CALVARIO", "-150", category: "donations"),
        LineCase("PARÓQUIA SÃO JUDAS TADEU", "-50", category: "donations"),
        LineCase("CLOVER*BELLA PIZZERIA", "-28", "USD", merchant: "Bella Pizzeria", category: "food.restaurants"),
        LineCase("TITHE.LY*NEW LIFE CHURCH", "-80", "USD", merchant: "New Life Church", category: "donations"),
        LineCase("GOFNDME*MEDICAL BILLS", "-40", "USD", merchant: "GoFundMe", category: "donations"),
        LineCase("CHURCHS CHICKEN #1234", "-9", "USD", merchant: "Church's Chicken", category: "food.restaurants"),
    ]

    @Test(arguments: tradeNounsAndProcessors) func tradeNounsAndProcessorsDecide(_ line: LineCase) {
        let r = Fixture.resolve(line.json)
        #expect(line.mismatches(r) == [])
        #expect(!r.review)
    }

    /// A Pix sent back is the transfer reversed (flow refund); listed funds and shares bought or sold are
    /// investment moves.
    static let reversalsAndInvestments: [LineCase] = [
        LineCase("PIX DEVOLVIDO 14/03", "75", category: "transfer", flow: .refund),
        LineCase("DEVOLUCAO DE PIX RECEBIDO", "20", category: "transfer", flow: .refund),
        LineCase("ESTORNO DE PIX", "12", category: "transfer", flow: .refund),
        LineCase("Devolução Pix - RENATA ALVES COSTA", "45", merchant: "Renata Alves Costa", category: "transfer", flow: .refund),
        LineCase("DEVOLUCAO PIX RECEBIDA CARLOS EDUARDO PINTO", "60", merchant: "Carlos Eduardo Pinto", category: "transfer", flow: .refund),
        LineCase("Estorno de Pix - MERCEARIA BOA SORTE", "18", merchant: "Mercearia Boa Sorte", category: "transfer", flow: .refund),
        LineCase("ESTORNO PIX BETA COMERCIO DE PECAS LTDA", "75", merchant: "Beta Comercio de Pecas", category: "transfer", flow: .refund),
        LineCase("COMPRA DE FII HGLG11", "-1500", category: "transfer.investment"),
        LineCase("Venda de ações PETR4", "2300", category: "transfer.investment"),
        LineCase("COMPRA DE ETF BOVA11", "-800", category: "transfer.investment"),
        LineCase("VENDA ACOES VALE3", "2300", category: "transfer.investment"),
        LineCase("COMPRA FII KNRI11", "-900", category: "transfer.investment"),
    ]

    @Test(arguments: reversalsAndInvestments) func reversalsAndInvestmentMoves(_ line: LineCase) {
        let r = Fixture.resolve(line.json)
        #expect(line.mismatches(r) == [])
        #expect(!r.review)
    }

    /// A name the exporter masked with x's names no one; a date glued by a dash to a name (Itaú's
    /// `RSHOP-NAME-DD/MM`) leaves the name's last word (DIA) in place.
    static let maskedAndGluedDates: [LineCase] = [
        LineCase("Compra com Cartão - 03/12 18:22 XXXXXXXXXXXXX", "-10", merchant: nil),
        LineCase("Pagamento de Título - XXXXXXXXXXXXXXX", "-100", merchant: nil),
        LineCase("RSHOP-SUPERMERCADO DIA-21/05", "-64", merchant: "Dia Supermercado", category: "food.groceries"),
        LineCase("RSHOP-PADARIA BOM DIA-02/11", "-9", category: "food.groceries"),
    ]

    @Test(arguments: maskedAndGluedDates) func maskedNamesAndGluedDates(_ line: LineCase) {
        let r = Fixture.resolve(line.json)
        #expect(line.mismatches(r) == [])
        if line.merchant == nil && line.category == nil { #expect(r.merchant.name == nil) }
        if line.description.contains("BOM DIA") { #expect(r.merchant.name?.hasSuffix("Dia") == true) }
    }

    /// US head nouns that name a trade alone decide without review.
    static let usHeadNouns: [LineCase] = [
        LineCase("PHO HOA 7", "-14", "USD", category: "food.restaurants"),
        LineCase("SMOKEY JOE BBQ", "-26", "USD", category: "food.restaurants"),
        LineCase("LAKESIDE BREWING CO", "-18", "USD", category: "food.restaurants"),
        LineCase("GOLDEN DONUTS #2", "-6", "USD", category: "food.restaurants"),
        LineCase("ELM STREET BARBER SHOP", "-25", "USD", category: "personal.care"),
        LineCase("SPOTLESS CLEANERS", "-19", "USD", category: "services.general"),
        LineCase("TIGER KARATE ACADEMY", "-90", "USD", category: "health.fitness"),
        LineCase("VALLEY EYE CARE", "-75", "USD", category: "health.care"),
    ]

    @Test(arguments: usHeadNouns) func usHeadNounsDecideAlone(_ line: LineCase) {
        let r = Fixture.resolve(line.json)
        #expect(line.mismatches(r) == [])
        #expect(!r.review)
    }
}
