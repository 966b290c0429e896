import Testing
import GardenResolvers

/// Issue 8 §2, a second set of fresh lines per kind (none is a dev row nor a line of `BankGrammarTests`): each
/// table holds at least five lines of one kind, Brazilian and US where the kind applies.
struct BankGrammarFreshTests {
    /// Brazilian operation words, Pix key types included (`CHAVE ALEATORIA`, `CHAVE CPF`, `CHAVE EMAIL`), as runs.
    static let operationRuns: [LineCase] = [
        LineCase("DEB PIX CHAVE ALEATORIA MERCEARIA DOIS IRMAOS", "-27.40", merchant: "Mercearia Dois Irmaos", category: "food.groceries"),
        LineCase("RECEBIMENTO PIX CHAVE CPF FERNANDA GOMES RIBEIRO", "90", merchant: "Fernanda Gomes Ribeiro", kind: .person),
        LineCase("ENVIO PIX CHAVE EMAIL ESCOLA DE IDIOMAS GLOBAL", "-390", merchant: "Escola de Idiomas Global", category: "education"),
        LineCase("PIX CHAVE CELULAR ROBERTO NUNES FARIA", "-45", merchant: "Roberto Nunes Faria", kind: .person),
        LineCase("CR TED STR 341 ROBERTO ALVES DA SILVA", "1200", merchant: "Roberto Alves da Silva", kind: .person),
        LineCase("CRÉD TED DIF TITULARIDADE LUCAS MENDES FARIAS", "350", merchant: "Lucas Mendes Farias", category: "transfer.person"),
        LineCase("AGENDAMENTO PIX PERIODICO ACADEMIA CORPO E MENTE", "-120", merchant: "Academia Corpo e Mente", category: "health.fitness"),
        LineCase("DEB CTA TIT COMPENSADO EFETIVADO CONSTRUTORA HORIZONTE", "-1500", merchant: "Construtora Horizonte"),
        LineCase("DÉB TRANSF INTERNET MESMA TITULARIDADE", "-500", category: "transfer.own"),
        LineCase("DEB TED MESMA TIT", "-1000", category: "transfer.own"),
    ]

    @Test(arguments: operationRuns) func operationWordsAndPixKeyTypesAreStrippedAsRuns(_ line: LineCase) {
        #expect(line.mismatches(Fixture.resolve(line.json)) == [])
    }

    /// NACHA labels on US ACH lines: ORIG CO NAME names the counterparty, CO ENTRY DESCR says what it is.
    static let nachaLines: [LineCase] = [
        LineCase("ORIG CO NAME:VERIZON WIRELESS ORIG ID:9783397101 DESC DATE:240312 CO ENTRY DESCR:PAYMENTREC SEC:TEL TRACE#:021000020345112 EED:240312 IND ID:8812345 IND NAME:MARK LEE",
                 "-85", "USD", merchant: "Verizon", category: "home.telecom"),
        LineCase("ORIG CO NAME:DUKE ENERGY ORIG ID:1560001234 DESC DATE:0402 CO ENTRY DESCR:BILL PAY SEC:WEB TRACE#:043000090012345 EED:240402 IND NAME:LISA WONG",
                 "-142", "USD", merchant: "Duke Energy", category: "home.utilities"),
        LineCase("ORIG CO NAME:STATE FARM RO 27 ORIG ID:9000313004 DESC DATE:240510 CO ENTRY DESCR:SFPP SEC:PPD TRACE#:071000010000233 EED:240510 IND ID:S 01 1234-5678",
                 "-131", "USD", merchant: "State Farm", category: "insurance"),
        LineCase("ORIG CO NAME:NAVIENT ORIG ID:3223456789 DESC DATE:MAY 24 CO ENTRY DESCR:STUDENT LN SEC:PPD TRACE#:031176110000451 EED:240515 IND ID:0000099887 IND NAME:ANA TORRES",
                 "-210", "USD", merchant: "Navient", category: "transfer.loan_payment"),
        LineCase("ORIG CO NAME:VANGUARD BUY ORIG ID:2231234567 DESC DATE:240601 CO ENTRY DESCR:INVESTMENT SEC:PPD TRACE#:021000021112223 EED:240601 IND NAME:PAUL GRANT",
                 "-500", "USD", merchant: "Vanguard", category: "transfer.investment"),
        LineCase("ORIG CO NAME:INITECH LLC ORIG ID:1470001234 DESC DATE:061424 CO ENTRY DESCR:DIRECT DEP SEC:PPD TRACE#:101000190001234 EED:240614 IND ID:E00451 IND NAME:PETER GIBBONS",
                 "2650", "USD", merchant: "Initech", category: "income.salary"),
        LineCase("ORIG CO NAME:SSA TREAS 310 ORIG ID:9031036000 DESC DATE:240703 CO ENTRY DESCR:XXSOC SEC SEC:PPD TRACE#:101036150001122 EED:240703 IND NAME:ROSE MILLER",
                 "1820", "USD", category: "income", kind: .government),
    ]

    @Test(arguments: nachaLines) func nachaLabelsNameTheCounterparty(_ line: LineCase) {
        let r = Fixture.resolve(line.json)
        #expect(line.mismatches(r) == [])
        #expect(!(r.merchant.name ?? "").lowercased().contains("orig"))
    }

    /// US card and POS wording (terminal numbers, card masks, dates, `POS W/D`) goes; the merchant stays.
    static let usCardLines: [LineCase] = [
        LineCase("POS PURCHASE TERMINAL 004512 HOME DEPOT #0612 MARIETTA GA", "-64.20", "USD", merchant: "The Home Depot", category: "home.improvement"),
        LineCase("DEBIT CARD PURCHASE XXXXX1234 TRADER JOE S #552 QPS BROOKLYN NY", "-48", "USD", merchant: "Trader Joe's", category: "food.groceries"),
        LineCase("PURCHASE AUTHORIZED ON 03/14 SHELL OIL 57442 HOUSTON TX S584073112 CARD 1234", "-41", "USD", merchant: "Shell", category: "transport.fuel"),
        LineCase("CHECKCARD 0314 CHIPOTLE 1234 DENVER CO 24445004071", "-13.45", "USD", merchant: "Chipotle", category: "food.restaurants"),
        LineCase("POS DEBIT - VISA CHECK CARD 1234 - KROGER #455 COLUMBUS OH", "-72", "USD", merchant: "Kroger", category: "food.groceries"),
        LineCase("CHECK CRD PURCHASE 05/02 MAPLE LEAF BAKERY BURLINGTON VT CARD 4421", "-9.75", "USD", merchant: "Maple Leaf Bakery"),
        LineCase("POS W/D 0315 OLD TOWN HARDWARE ALEXANDRIA VA", "-23", "USD", merchant: "Old Town Hardware", category: "home.improvement"),
    ]

    @Test(arguments: usCardLines) func usCardWordingGoes(_ line: LineCase) {
        #expect(line.mismatches(Fixture.resolve(line.json)) == [])
    }

    /// Moves between the holder's own accounts, as US banks and credit unions (shares) print them.
    static let internalLines: [LineCase] = [
        LineCase("Online Transfer from CHK ...1234 transaction#: 10442211 03/14", "300", "USD", category: "transfer.own"),
        LineCase("INTERNET TRANSFER TO SAVINGS 0042", "-250", "USD", category: "transfer.own"),
        LineCase("Online Banking transfer to CHK 5678 Confirmation# 3021445566", "-100", "USD", category: "transfer.own"),
        LineCase("TRANSFER FROM SHARE 01", "50", "USD", category: "transfer.own"),
        LineCase("WITHDRAWAL TRANSFER TO SHARE 09 VACATION CLUB", "-75", "USD", category: "transfer.own"),
        LineCase("ELECTRONIC FUNDS TRANSFER FROM SAVINGS", "200", "USD", category: "transfer.own"),
    ]

    @Test(arguments: internalLines) func internalMovesAreOwnTransfers(_ line: LineCase) {
        let r = Fixture.resolve(line.json)
        #expect(line.mismatches(r) == [])
        #expect(r.merchant.name == nil)
    }

    /// Each bank's own abbreviations, one table across Itaú, Bradesco, BB, Caixa, Santander, cooperatives, Inter, Canada.
    static let bankDictionaries: [LineCase] = [
        LineCase("TBI 0401.12345-6 C/C", "-300", category: "transfer.own"),
        LineCase("TAR PACOTE ITAU MENS", "-54.90", account: "Itau", merchant: "Itaú", category: "fees.bank"),
        LineCase("INT CONDOMINIO EDIFICIO SOLAR", "-720", merchant: "Condominio Edificio Solar", category: "home.rent"),
        LineCase("APL INVEST FAC", "-2000", category: "transfer.investment"),
        LineCase("GASTO C CREDITO", "-1850", category: "transfer.card_payment"),
        LineCase("ENCARGOS LIMITE DE CRED", "-12.30", account: "Bradesco", merchant: "Bradesco", category: "fees"),
        LineCase("BB RENDE FACIL", "-500", category: "transfer.investment"),
        LineCase("Tar DOC/TED Eletrônico", "-10.45", account: "Banco do Brasil", merchant: "Banco do Brasil", category: "fees.bank"),
        LineCase("DEB CESTA", "-25", account: "Caixa", merchant: "Caixa", category: "fees.bank"),
        LineCase("APLICACAO CONTAMAX", "-1000", category: "transfer.investment"),
        LineCase("CESTA DE RELACIONAMENTO", "-22", account: "Sicredi", merchant: "Sicredi", category: "fees.bank"),
        LineCase("Pagamento efetuado Fatura cartão Inter", "-1200", category: "transfer.card_payment"),
        LineCase("Crédito domicílio cartão", "900", merchant: nil, category: "income.sales"),
        LineCase("E-TRANSFER RECEIVED JANE DOE", "100", "CAD", merchant: "Jane Doe", category: "transfer.person"),
        LineCase("INTERAC E-TRF FEE", "-1", "CAD", account: "TD Chequing", category: "fees.bank"),
        LineCase("CANADA RIT", "1200", "CAD", category: "taxes.government", flow: .refund),
        LineCase("EI CANADA", "600", "CAD", category: "income", kind: .government),
        LineCase("RRSP CONTRIBUTION", "-300", "CAD", category: "transfer.investment"),
        LineCase("CP MAESTRO POSTO ALVORADA", "-120", merchant: "Posto Alvorada", category: "transport.fuel"),
        LineCase("DEPOSIT MOBILE BANKING", "150", "USD", category: "transfer.other"),
        LineCase("MOBILE CHECK DEPOSIT", "300", "USD", category: "transfer.other"),
    ]

    @Test(arguments: bankDictionaries) func eachBanksOwnAbbreviations(_ line: LineCase) {
        #expect(line.mismatches(Fixture.resolve(line.json)) == [])
    }

    /// A Pix paid by QR code is a purchase from whoever it names, a person's name included.
    static let pixByQRCode: [LineCase] = [
        LineCase("PIX QRCODE DIN SORVETERIA GELATO", "-19", merchant: "Sorveteria Gelato", category: "food"),
        LineCase("PAGAMENTO PIX QR CODE RESTAURANTE SABOR CASEIRO", "-32", merchant: "Restaurante Sabor Caseiro", category: "food.restaurants"),
        LineCase("PIX QR CODE DINAMICO DES: POSTO CIDADE NOVA", "-200", merchant: "Posto Cidade Nova", category: "transport.fuel"),
        LineCase("PIX QRCODE EST FEIRA ORGANICA DA VILA", "-45", merchant: "Feira Organica da Vila"),
        LineCase("PIX QRCODE DIN MARIA JOSE FERREIRA", "-20", merchant: "Maria Jose Ferreira"),
    ]

    @Test(arguments: pixByQRCode) func aPixByQRCodeIsAPurchase(_ line: LineCase) {
        let r = Fixture.resolve(line.json)
        #expect(line.mismatches(r) == [])
        #expect(r.flow == .expense && r.merchant.kind != .person)
    }

    /// US operation words closed by a spaced dash are the operation, whatever words they are; the name follows.
    /// A name before a dash keeps it (the dash then starts the branch or place).
    static let usOperationRunsBeforeADash: [LineCase] = [
        LineCase("ELECTRONIC DEPOSIT - NORTHWIND PAYROLL", "2400", "USD", merchant: "Northwind", category: "income.salary"),
        LineCase("EXTERNAL WITHDRAWAL - GREENLEAF ORGANIC MARKET", "-61.30", "USD", merchant: "Greenleaf Organic Market", category: "food.groceries"),
        LineCase("RECURRING PAYMENT - SPOTIFY USA", "-11.99", "USD", merchant: "Spotify", category: "subscriptions.streaming"),
        LineCase("PREAUTHORIZED DEBIT - GEICO AUTO", "-143", "USD", merchant: "GEICO", category: "insurance"),
        LineCase("ONLINE PAYMENT - PACIFIC GAS AND ELECTRIC", "-96.40", "USD", merchant: "PG&E", category: "home.utilities"),
        LineCase("INCOMING WIRE - HARBOR TITLE LLC", "5000", "USD", merchant: "Harbor Title"),
        LineCase("POS PURCHASE - SUNRISE DONUTS", "-7.25", "USD", merchant: "Sunrise Donuts", category: "food"),
        LineCase("BEST ELECTRONIC - MIAMI FL", "-39", "USD", merchant: "Best Electronic"),
    ]

    @Test(arguments: usOperationRunsBeforeADash) func usOperationWordsBeforeADashAreTheOperation(_ line: LineCase) {
        #expect(line.mismatches(Fixture.resolve(line.json)) == [])
    }
}
