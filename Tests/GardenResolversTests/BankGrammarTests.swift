import Testing
import GardenResolvers

/// Issue 8 §2, §4: a grammar of bank lines. Every line here is a fresh example of its kind (none is a dev row).
struct BankGrammarTests {
    /// Brazilian operation words, abbreviated and combined freely, are stripped as a run at the head.
    static let operationRuns: [LineCase] = [
        LineCase("DEB TIT COMPE EFETI ACME PROVEDOR ULTIMO PAGAMENTO", "-99.90", merchant: "Acme Provedor"),
        LineCase("CRED TRANSF CONTAS INTERCREDIS FAZENDA BOA VISTA", "500", merchant: "Fazenda Boa Vista"),
        LineCase("Deb Pix Chave Padaria Nova Esperanca", "-12", merchant: "Padaria Nova Esperanca"),
        LineCase("Cr Ted Joao Carlos Pereira", "300", merchant: "Joao Carlos Pereira", category: "transfer.person", kind: .person),
        LineCase("TITULO OUTRO BCO INTERNET ACME MADEIRAS", "-300", merchant: "Acme Madeiras"),
        LineCase("DB TRANSF DIF TITULARIDADE MARIA APARECIDA SOUZA", "-100", merchant: "Maria Aparecida Souza", category: "transfer.person"),
        LineCase("TIT COMPENSADO EFETIVADO VIDRACARIA SANTA LUZIA", "-450", merchant: "Vidracaria Santa Luzia"),
        LineCase("AGEND PERIODICA TRANSF ESCOLA PEQUENO PRINCIPE", "-800", merchant: "Escola Pequeno Principe"),
    ]

    @Test(arguments: operationRuns) func operationWordsAreStrippedAsRuns(_ line: LineCase) {
        #expect(line.mismatches(Fixture.resolve(line.json)) == [])
    }

    /// An operation word is never the trade: INTERNET in "OUTRO BCO INTERNET" is not an internet provider.
    @Test func anOperationWordIsNeverATradeWord() {
        let r = Fixture.resolve(Fixture.row("TITULO OUTRO BCO INTERNET MADEIREIRA SAO JORGE", "-300"))
        #expect(r.category != "home.telecom")
        #expect(r.merchant.name == "Madeireira Sao Jorge")
    }

    /// A Pix paid by QR code is a purchase from the merchant it names, never a transfer to a person.
    static let pixByQRCode: [LineCase] = [
        LineCase("PIX QRCODE DIN MERCADINHO DO ZE", "-30", merchant: "Mercadinho do Ze"),
        LineCase("PIX QR CODE ESTATICO LANCHONETE BOM GOSTO", "-18", merchant: "Lanchonete Bom Gosto"),
        LineCase("PIX QR CODE DINAMICO DES: ACAI DA PRAIA 03/04", "-22", merchant: "Acai da Praia"),
        LineCase("PIX QRCODE EST CARLOS ALBERTO LIMA", "-40", merchant: "Carlos Alberto Lima"),
        LineCase("PIX QR CODE ESTATICO DES: JOANA SILVA DOCES", "-15", merchant: "Joana Silva Doces"),
    ]

    @Test(arguments: pixByQRCode) func aPixByQRCodeIsAPurchase(_ line: LineCase) {
        let r = Fixture.resolve(line.json)
        #expect(line.mismatches(r) == [])
        #expect(r.category != "transfer.person" && r.merchant.kind != .person)
    }

    /// US ACH lines in the NACHA layout are read by their labels: ORIG CO NAME names the counterparty.
    static let nachaLines: [LineCase] = [
        LineCase("ORIG CO NAME:ACME CORP ORIG ID:1234567890 DESC DATE:031424 CO ENTRY DESCR:PAYROLL SEC:PPD TRACE#:021000021234567 EED:240314 IND ID:000123 IND NAME:JOHN DOE",
                 "2500", "USD", merchant: "Acme", category: "income.salary"),
        LineCase("ORIG CO NAME:PACIFIC GAS ELEC ORIG ID:9000000001 DESC DATE: CO ENTRY DESCR:UTIL PAYMTSEC:PPD TRACE#:091000010000001 EED:240402",
                 "-120", "USD", merchant: "PG&E", category: "home.utilities"),
        LineCase("ORIG CO NAME:GEICO ORIG ID:5300000001 DESC DATE:240501 CO ENTRY DESCR:INS PREM SEC:PPD TRACE#:031100200000002 EED:240501 IND ID:44551 IND NAME:JANE ROE",
                 "-98", "USD", merchant: "GEICO", category: "insurance"),
        LineCase("ORIG CO NAME:IRS ORIG ID:3387702000 DESC DATE:041524 CO ENTRY DESCR:USATAXPYMTSEC:CCD TRACE#:061000100000003 EED:240415",
                 "-1500", "USD", category: "taxes.government", kind: .government),
        LineCase("ORIG CO NAME:STRIPE ORIG ID:1800948598 DESC DATE:240610 CO ENTRY DESCR:TRANSFER SEC:CCD TRACE#:111000020000004 EED:240610 IND NAME:JANE ROE DESIGN",
                 "640", "USD", category: "income.sales"),
    ]

    @Test(arguments: nachaLines) func nachaLinesAreReadByTheirLabels(_ line: LineCase) {
        let r = Fixture.resolve(line.json)
        #expect(line.mismatches(r) == [])
        #expect(!(r.merchant.name ?? "").lowercased().contains("trace"))
    }

    /// US card and bank-internal lines: the card wording, dates and card numbers go; internal moves are own transfers.
    static let usCardAndInternalLines: [LineCase] = [
        LineCase("CHECK CRD PURCHASE 03/14 JOES DINER AUSTIN TX CARD 1234", "-22", "USD", merchant: "Joes Diner"),
        LineCase("CHECK CRD PURCHASE 11/02 BLUE HERON BOOKS PORTLAND OR CARD 9876", "-31", "USD", merchant: "Blue Heron Books"),
        LineCase("POS DEBIT WALGREENS #1234 CHICAGO IL", "-9", "USD", merchant: "Walgreens", category: "health.pharmacy"),
        LineCase("DEBIT CARD PURCHASE - SAFEWAY #0123 SEATTLE WA", "-40", "USD", merchant: "Safeway", category: "food.groceries"),
        LineCase("TRANSFER TO MBR ACCT 4", "-200", "USD", category: "transfer.own"),
        LineCase("TRANSFER FROM MBR ACCT 9 SHARE DRAFT", "200", "USD", category: "transfer.own"),
        LineCase("ONLINE TRANSFER TO SAV XXXXXX1234", "-200", "USD", category: "transfer.own"),
    ]

    @Test(arguments: usCardAndInternalLines) func usCardWordingGoesAndInternalMovesAreOwnTransfers(_ line: LineCase) {
        #expect(line.mismatches(Fixture.resolve(line.json)) == [])
    }

    /// The line's structure beats a brand word: a person whose surname is a brand, an ATM inside a store, a card
    /// bill naming the card's bank.
    static let structureBeatsBrand: [LineCase] = [
        LineCase("PIX ENVIADO - JOANA RIACHUELO COSTA", "-50", merchant: "Joana Riachuelo Costa", category: "transfer.person", kind: .person),
        LineCase("TED ENVIADA MARCOS AMERICANAS LIMA", "-500", category: "transfer.person", kind: .person),
        LineCase("ZELLE PAYMENT TO WENDY ARBY", "-50", "USD", category: "transfer.person", kind: .person),
        LineCase("NON-CHASE ATM WITHDRAW 554 CVS #12 DALLAS TX", "-60", "USD", category: "cash.withdrawal"),
        LineCase("ATM WITHDRAWAL 7-ELEVEN #2231 RENO NV", "-40", "USD", category: "cash.withdrawal"),
        LineCase("SAQUE 24H DROGASIL", "-100", category: "cash.withdrawal"),
        LineCase("SAQUE 24 HORAS CARREFOUR", "-200", category: "cash.withdrawal"),
        LineCase("PGTO FAT CARTAO ITAU MASTERCARD", "-1500", category: "transfer.card_payment"),
        LineCase("DEB AUTOMATICO FATURA CARTAO", "-800", category: "transfer.card_payment"),
        LineCase("PAG FAT NUBANK", "-640", category: "transfer.card_payment"),
    ]

    /// One word left in a transfer line is a guess, flagged, but the name is a person's as its category says.
    static let oneWordTransfers: [LineCase] = [
        LineCase("PIX TRANSF RENATA", "-80", merchant: "Renata", category: "transfer.person", kind: .person),
        LineCase("PIX ENVIADO GUSTAVO", "-35", merchant: "Gustavo", category: "transfer.person", kind: .person),
        LineCase("TED ENVIADA ALICE", "-900", merchant: "Alice", category: "transfer.person", kind: .person),
        LineCase("ZELLE PAYMENT TO BRANDON", "-40", "USD", merchant: "Brandon", category: "transfer.person", kind: .person),
        LineCase("ZELLE TO MEGAN", "-25", "USD", merchant: "Megan", category: "transfer.person", kind: .person),
    ]

    @Test(arguments: oneWordTransfers) func oneWordLeftInATransferIsAPerson(_ line: LineCase) {
        #expect(line.mismatches(Fixture.resolve(line.json)) == [])
    }

    @Test(arguments: structureBeatsBrand) func theLinesStructureBeatsABrandWord(_ line: LineCase) {
        #expect(line.mismatches(Fixture.resolve(line.json)) == [])
    }

    /// Each bank's own abbreviations (Rules/banks/*.tsv): Itaú, Bradesco, BB, Caixa, Santander, cooperatives, Canada.
    static let bankDictionaries: [LineCase] = [
        LineCase("RSHOP-POSTO IPIRANGA-12/03", "-150", merchant: "Ipiranga", category: "transport.fuel"),
        LineCase("SISPAG SALARIOS GLOBEX LTDA", "3000", merchant: "Globex", category: "income.salary"),
        LineCase("SAQUE CXE 2231 AG 0401", "-200", category: "cash.withdrawal"),
        LineCase("RESGATE INVEST FACIL", "800", category: "transfer.investment"),
        LineCase("SAQUE NO TAA 12/03 14:22", "-100", category: "cash.withdrawal"),
        LineCase("SAQ LOT 004512", "-100", category: "cash.withdrawal"),
        LineCase("PREST HAB 0012345678", "-1200", category: "home.mortgage"),
        LineCase("IOF SALDO DEVEDOR", "-3.10", category: "taxes.iof"),
        LineCase("INTEGR.CAPITAL SICOOB", "-50", category: "transfer.investment"),
        LineCase("PIX EMIT.OUTRA IF JOSE ALMEIDA", "-100", merchant: "Jose Almeida", category: "transfer.person"),
        LineCase("E-TRANSFER SENT JOHN SMITH", "-50", "CAD", merchant: "John Smith", category: "transfer.person"),
        LineCase("INTERAC E-TRANSFER FEE", "-1.50", "CAD", account: "RBC Chequing", category: "fees.bank"),
        LineCase("OTHER BANK ABM WITHDRAWAL", "-60", "CAD", category: "cash.withdrawal"),
        LineCase("CANADA CHILD BENEFIT", "420", "CAD", category: "income"),
        LineCase("TFSA TRANSFER TO 0042", "-500", "CAD", category: "transfer.investment"),
        LineCase("PgConta NU PAGAMENTOS SA", "-500", merchant: "Nubank", category: "transfer.card_payment"),
        LineCase("PAGTO. POR DEB EM C/C", "900", account: "Itaú cartão", category: "transfer.card_payment"),
    ]

    @Test(arguments: bankDictionaries) func eachBanksOwnAbbreviations(_ line: LineCase) {
        #expect(line.mismatches(Fixture.resolve(line.json)) == [])
    }

    /// A trade word in a payee's registered name (after a boleto, Pix, QR code or débito automático phrase, or
    /// beside a CNPJ) decides without review.
    static let registeredNames: [LineCase] = [
        LineCase("Pagamento de boleto efetuado - CLINICA ODONTOLOGICA SORRISO LTDA", "-200", category: "health.care"),
        LineCase("PIX ENVIADO - AUTO POSTO TREVO LTDA", "-150", category: "transport.fuel"),
        LineCase("PIX QR CODE ESTATICO DES: PADARIA PAO QUENTE", "-12", merchant: "Padaria Pao Quente"),
        LineCase("DEB AUTOMATICO CONDOMINIO RESIDENCIAL ALPHA", "-600", category: "home.rent"),
        LineCase("ZELLE PAYMENT TO ASPEN PEDIATRICS LLC", "-120", "USD", category: "health.care"),
    ]

    @Test(arguments: registeredNames) func aTradeWordInARegisteredNameDecides(_ line: LineCase) {
        let r = Fixture.resolve(line.json)
        #expect(line.mismatches(r) == [])
        #expect(!r.review)
    }
}
