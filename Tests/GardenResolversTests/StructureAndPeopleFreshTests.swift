import Testing
import GardenResolvers

/// Issue 8 §2 (a company's number beside a name), §4, §5 and §6, a second set of fresh lines per kind (none is a dev
/// row nor a line of `BankGrammarTests` or `DamagedTextAndPeopleTests`).
struct StructureAndPeopleFreshTests {
    /// A Pix, TED, Zelle or Venmo to or from a person whose surname is a brand is a transfer to that person.
    static let brandSurnames: [LineCase] = [
        LineCase("ZELLE PAYMENT TO JESSICA KROGER", "-60", "USD", merchant: "Jessica Kroger", category: "transfer.person", kind: .person),
        LineCase("ZELLE FROM DANIEL HILTON", "150", "USD", merchant: "Daniel Hilton", category: "transfer.person", kind: .person),
        LineCase("VENMO PAYMENT TO ALEX MACY 1029384756", "-25", "USD", category: "transfer.person"),
        LineCase("PIX ENVIADO ANA RENNER DIAS", "-80", merchant: "Ana Renner Dias", category: "transfer.person", kind: .person),
        LineCase("PIX RECEBIDO ROBERTA MARISA LOPES", "45", merchant: "Roberta Marisa Lopes", category: "transfer.person", kind: .person),
        LineCase("TED ENVIADA CARLOS EXTRA SOUZA", "-1000", merchant: "Carlos Extra Souza", category: "transfer.person", kind: .person),
        LineCase("Transferência enviada pelo Pix - Paulo Ipiranga Mota", "-30", merchant: "Paulo Ipiranga Mota", category: "transfer.person", kind: .person),
    ]

    @Test(arguments: brandSurnames) func aPersonWithABrandSurnameIsAPerson(_ line: LineCase) {
        #expect(line.mismatches(Fixture.resolve(line.json)) == [])
    }

    /// An ATM inside a store is a withdrawal; a card bill naming the card's bank or network is a card payment.
    static let atmsAndCardBills: [LineCase] = [
        LineCase("ATM WITHDRAWAL WALGREENS #5521 TAMPA FL", "-100", "USD", category: "cash.withdrawal"),
        LineCase("WITHDRAWAL AT ATM 7-ELEVEN 33912 AUSTIN TX", "-60", "USD", category: "cash.withdrawal"),
        LineCase("ATM CASH WITHDRAWAL KROGER #455 COLUMBUS OH", "-40", "USD", category: "cash.withdrawal"),
        LineCase("SAQUE BANCO24HORAS SUPERMERCADO DIA", "-100", category: "cash.withdrawal"),
        LineCase("SAQUE ATM CARREFOUR BARUERI", "-200", category: "cash.withdrawal"),
        LineCase("SAQUE 24H POSTO SHELL", "-50", category: "cash.withdrawal"),
        LineCase("PAGTO FATURA CARTAO BRADESCO VISA", "-700", category: "transfer.card_payment"),
        LineCase("DEBITO AUT FATURA CARTAO SANTANDER", "-900", category: "transfer.card_payment"),
        LineCase("PAGAMENTO FATURA NUBANK MASTERCARD", "-450", category: "transfer.card_payment"),
        LineCase("CHASE CREDIT CRD AUTOPAY PPD ID: 4760039224", "-300", "USD", category: "transfer.card_payment"),
        LineCase("AMERICAN EXPRESS ACH PMT W4332", "-1200", "USD", category: "transfer.card_payment"),
    ]

    @Test(arguments: atmsAndCardBills) func theLinesStructureBeatsTheStoreOrBank(_ line: LineCase) {
        let r = Fixture.resolve(line.json)
        #expect(line.mismatches(r) == [])
        #expect(r.category != "fees.bank")
    }

    /// Damaged text: entities decoded, CP1252 mojibake repaired, a U+FFFD standing for one lost letter.
    static let damagedText: [LineCase] = [
        LineCase("H&amp;M 0042 NEW YORK NY", "-40", "USD", merchant: "H&M", category: "shopping.clothing"),
        LineCase("TRADER JOE&#39;S #552", "-33", "USD", merchant: "Trader Joe's", category: "food.groceries"),
        LineCase("BARNES &amp; NOBLE #2211", "-25", "USD", merchant: "Barnes & Noble"),
        LineCase("LOJAS AMERICANAS S&#x2F;A", "-50", merchant: "Americanas"),
        LineCase("AÃ‡OUGUE BOI GORDO", "-60", merchant: "Açougue Boi Gordo", category: "food.groceries"),
        LineCase("PADARIA SÃƒO BENTO", "-12", merchant: "Padaria São Bento", category: "food"),
        LineCase("CAFÃ‰ DO PONTO", "-9", merchant: "Café do Ponto", category: "food.restaurants"),
        LineCase("A\u{FFFD}OUGUE BOI GORDO", "-60", category: "food.groceries"),
        LineCase("DROGARIA S\u{FFFD}O PAULO 123", "-20", merchant: "Drogaria São Paulo", category: "health.pharmacy"),
        LineCase("P\u{FFFD}O DE A\u{FFFD}UCAR 41", "-90", merchant: "Pão de Açúcar", category: "food.groceries"),
    ]

    @Test(arguments: damagedText) func damagedTextStillMatches(_ line: LineCase) {
        #expect(line.mismatches(Fixture.resolve(line.json)) == [])
    }

    /// Not a person: organisation words, legal suffixes (ME also a place code), a CNPJ or a CNPJ root beside the name.
    static let notAPerson: [LineCase] = [
        LineCase("PIX ENVIADO INSTITUTO DE EDUCACAO SANTA CLARA", "-300"),
        LineCase("PIX ENVIADO FEDERACAO PAULISTA DE FUTEBOL", "-80"),
        LineCase("TED ENVIADA JOSE CARLOS SILVA ME", "-500"),
        LineCase("PIX ENVIADO MARIA LUCIA SANTOS EPP", "-200"),
        LineCase("PIX ENVIADO CONSTRUTORA ALVES S/A", "-3000"),
        LineCase("PIX ENVIADO 12.345.678/0001-95 JOAO BATISTA FERREIRA", "-200"),
        LineCase("PIX ENVIADO 05.570.714/0001-59 PAULO ROBERTO DIAS", "-100"),
        LineCase("PIX RECEBIDO 45678912 MARIA DAS GRACAS OLIVEIRA", "300"),
        LineCase("TED 23456789 ANTONIO PEREIRA NETO", "-900"),
        LineCase("Pix enviado: \"Cp :18236120-51938204 JOANA PRADO LIMA\"", "-30"),
        LineCase("ZELLE PAYMENT TO RIVERSIDE STUDENT EXCHANGE", "-100", "USD"),
        LineCase("ZELLE PAYMENT TO JOHNSON LAWN CARE LLC", "-80", "USD"),
        LineCase("ZELLE TO SMITH AND SONS INC", "-250", "USD"),
        LineCase("ZELLE PAYMENT TO ST MARKS EPISCOPAL CHURCH", "-50", "USD"),
        LineCase("ZELLE PAYMENT TO DAVIS HVAC CORP", "-400", "USD"),
    ]

    @Test(arguments: notAPerson) func businessesAndOrganisationsAreNotPeople(_ line: LineCase) {
        let r = Fixture.resolve(line.json)
        #expect(r.merchant.kind != .person)
        #expect(r.category != "transfer.person")
    }

    /// What only looks like a company's number is not one: a date, the payee's institution (Inter's `Cp :ISPB-`).
    static let stillAPerson: [LineCase] = [
        LineCase("PIX ENVIADO 14032024 ANTONIO PEREIRA NETO", "-900", merchant: "Antonio Pereira Neto", kind: .person),
        LineCase("Pix enviado: \"Cp :18236120-Joana Prado Lima\"", "-30", merchant: "Joana Prado Lima", kind: .person),
        LineCase("Pix recebido: \"Cp :00000000-Marcos Vinicius Teles\"", "50", merchant: "Marcos Vinicius Teles", kind: .person),
        LineCase("PIX ENVIADO 20240314 LUANA MORAES", "-15", merchant: "Luana Moraes", kind: .person),
        LineCase("ZELLE TO JOHN SMITH", "-20", "USD", merchant: "John Smith", kind: .person),
    ]

    @Test(arguments: stillAPerson) func aDateOrTheInstitutionsNumberLeavesAPerson(_ line: LineCase) {
        #expect(line.mismatches(Fixture.resolve(line.json)) == [])
    }

    /// A leading De/Para (and English From/To) left from the phrase is not part of the name.
    static let leadingConnector: [LineCase] = [
        LineCase("PIX RECEBIDO - DE CAMILA FERNANDES ROCHA", "120", merchant: "Camila Fernandes Rocha", kind: .person),
        LineCase("PIX ENVIADO - PARA RODRIGO ALMEIDA", "-40", merchant: "Rodrigo Almeida", kind: .person),
        LineCase("TRANSFERENCIA RECEBIDA DE BEATRIZ COSTA LIMA", "300", merchant: "Beatriz Costa Lima", kind: .person),
        LineCase("TED ENVIADA PARA HENRIQUE DUARTE", "-2000", merchant: "Henrique Duarte", kind: .person),
        LineCase("ZELLE TO EMILY CHEN ON 03/14", "-45", "USD", merchant: "Emily Chen", kind: .person),
        LineCase("ZELLE PAYMENT FROM KEVIN PATEL CONF# 8JK2L", "60", "USD", merchant: "Kevin Patel", kind: .person),
    ]

    @Test(arguments: leadingConnector) func aLeadingConnectorIsNotPartOfTheName(_ line: LineCase) {
        #expect(line.mismatches(Fixture.resolve(line.json)) == [])
    }

    /// A whole word is never completed to a longer brand; a number glued to letters is not a number brand.
    @Test(arguments: [
        ("TINTURARIA EXPRESS", "BRL"), ("LANCHE EXPRESS PRAIA", "BRL"), ("TRANSPORTES EXPRESS SUL", "BRL"),
        ("EXPRESS OIL CHANGE 0042", "USD"), ("CAMPUS EXPRESS LAUNDRY", "USD"),
    ]) func aWholeWordIsNotCompleted(_ description: String, _ currency: String) {
        let r = Fixture.resolve(Fixture.row(description, "-20", extra: ",\"currency\":\"\(currency)\""))
        #expect(!(r.merchant.name ?? "").contains("Expresso"))
        #expect(r.merchant.kind == .local)
    }

    @Test(arguments: [("99DESIGNS*LOGO 2", "USD"), ("99FREAS BAR", "BRL"), ("360IMOVEIS ANUNCIO", "BRL"), ("99CENTS ONLY STORES #212", "USD"),
                      ("99BURGER LANCHES", "BRL")])
    func aGluedNumberIsNotANumberBrand(_ description: String, _ currency: String) {
        let r = Fixture.resolve(Fixture.row(description, "-20", extra: ",\"currency\":\"\(currency)\""))
        #expect(r.merchant.brand != "br_99")
        #expect(r.category != "transport.rideshare")
    }

    /// A trade word makes a business even when it only suggests a category: an abbreviation printed only in business
    /// names (VEIC, SVC, MGMT), a Brazilian bank abbreviation (DIST, LANCH), an English service noun in -ing
    /// (LANDSCAPING, ROOFING). A surname that is also a trade hint (FLORES, PINTO, WOOD) leaves a person.
    static let tradeWordBusinesses: [LineCase] = [
        LineCase("PIX ENVIADO CAPRICHO VEIC", "-1500", merchant: "Capricho Veículos"),
        LineCase("TED ENVIADA SOL NASCENTE DIST", "-640"),
        LineCase("PIX ENVIADO BOA VISTA LANCH", "-28", merchant: "Boa Vista Lanchonete"),
        LineCase("ACH DEBIT - BLUE RIDGE LANDSCAPING", "-180", "USD", merchant: "Blue Ridge Landscaping"),
        LineCase("ZELLE PAYMENT TO MILLER ROOFING", "-2200", "USD", merchant: "Miller Roofing"),
        LineCase("ZELLE TO SUMMIT LAWN SVC", "-60", "USD", merchant: "Summit Lawn Service"),
    ]

    @Test(arguments: tradeWordBusinesses) func aNameWithATradeWordIsABusiness(_ line: LineCase) {
        let r = Fixture.resolve(line.json)
        #expect(line.mismatches(r) == [])
        #expect(r.merchant.kind != .person)
        #expect(r.category != "transfer.person")
    }

    static let tradeHintSurnames: [LineCase] = [
        LineCase("PIX ENVIADO MARIA FLORES", "-50", merchant: "Maria Flores", kind: .person),
        LineCase("PIX ENVIADO JOAO CAMPOS PINTO", "-75", merchant: "Joao Campos Pinto", kind: .person),
        LineCase("ZELLE PAYMENT TO JOHN WOOD", "-40", "USD", merchant: "John Wood", kind: .person),
        LineCase("PIX RECEBIDO ANA PAULA COELHO", "120", merchant: "Ana Paula Coelho", kind: .person),
        LineCase("ZELLE FROM DIANA FLOWERS", "35", "USD", merchant: "Diana Flowers", kind: .person),
    ]

    @Test(arguments: tradeHintSurnames) func aSurnameThatIsATradeHintLeavesAPerson(_ line: LineCase) {
        #expect(line.mismatches(Fixture.resolve(line.json)) == [])
    }
}
