import Testing
@testable import GardenImport
@testable import GardenImportKit
@testable import GardenCSVImport

/// Fixtures written for garden in every supported format and dialect (Tests/GardenImportTests/Fixtures),
/// each row checked field by field. In expected ids, `*` stands for the 16 hex digits of a content hash.
struct FixtureTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var file: String
        var readAs: String
        var rows: [RowFields]
        var skipped = 0
        var testDescription: String { file }
    }

    static func r(_ id: String, _ date: String, _ amount: String, _ currency: String, _ text: String, memo: String? = nil,
                  account: String? = nil, method: String? = nil, check: String? = nil, category: String? = nil) -> RowFields {
        RowFields(id, date, amount, currency, text, memo: memo, account: account, method: method, check: check, category: category)
    }

    static let cases: [Case] = [
        Case(file: "sgml_cp1252_two_statements.ofx", readAs: "ofx", rows: [
            r("line:*-1", "2026-10-02", "-1234.56", "BRL", "PAGAMENTO AÇOUGUE SÃO JOSÉ", account: "1234-5"),
            // A2 is printed on two rows: each row's id is its own content's (BankLineKey), the FITID no part of it.
            r("line:*-1", "2026-10-03", "-80.00", "BRL", "CHEQUE COMPENSADO", memo: "Pão & Cia 'Ltda' &lt;x&gt;", account: "1234-5",
              method: "check", check: "000123"),
            r("line:*-1", "2026-10-03", "-4.50", "BRL", "IOF CHEQUE", account: "1234-5"),
            r("line:*-1", "2026-10-05", "-50.00", "BRL", "SAQUE 24H", account: "9876-0", method: "cash"),
            r("line:*-2", "2026-10-05", "-50.00", "BRL", "SAQUE 24H", account: "9876-0", method: "cash"),
            r("line:*-1", "2026-10-06", "1500.00", "BRL", "TED RECEBIDA EMPRESA X", memo: "000000", account: "9876-0"),
        ]),
        Case(file: "xml_bank_and_card.ofx", readAs: "ofx", rows: [
            r("line:*-1", "2026-10-10", "-12.34", "USD", "JOE'S CAFE & BAR", memo: "CARD 1234", account: "555", method: "debit_card"),
            r("line:*-1", "2026-10-11", "-99.90", "USD", "Acme Insurance", account: "555", method: "direct_debit"),
            r("line:*-1", "2026-10-12", "-40.00", "EUR", "HOTEL PARIS", account: "4111", method: "credit_card"),
            r("line:*-1", "2026-10-20", "350.00", "USD", "Payment - Thank You", account: "4111"),
        ]),
        Case(file: "nubank_card.csv", readAs: "csv nubank_card", rows: [
            r("line:*-1", "2026-10-06", "-12.50", "BRL", "Asa*Upward Creative Ac - Parcela 1/10", method: "credit_card"),
            r("line:*-1", "2026-10-05", "-1030.00", "BRL", "Padaria Pão, Leite & Cia", method: "credit_card"),
            r("line:*-1", "2026-10-01", "2815.88", "BRL", "Pagamento recebido"),
        ]),
        Case(file: "nubank_account.csv", readAs: "csv nubank_account", rows: [
            r("line:*-1", "2026-10-02", "-45.90", "BRL", "Compra no débito - Mercado Bom Preço"),
            r("line:*-1", "2026-10-03", "1200.00", "BRL",
              "Transferência recebida pelo Pix - MARIA S - •••.123.456-•• - BCO DO BRASIL S.A. (0001) Agência: 1 Conta: 2"),
        ]),
        Case(file: "inter.csv", readAs: "csv inter", rows: [
            r("line:*-1", "2026-10-15", "-1234.56", "BRL", "Drogaria Raia", memo: "Pix enviado", method: "pix"),
            r("line:*-1", "2026-10-16", "-8.90", "BRL", "PADARIA; CAFÉ", memo: "Compra no débito", method: "debit_card"),
        ], skipped: 0),
        Case(file: "itau.csv", readAs: "csv itau", rows: [
            r("line:*-1", "2026-10-02", "-150.00", "BRL", "PIX TRANSF JOAO S02/10"),
            r("line:*-1", "2026-10-03", "2000.00", "BRL", "SISPAG FORNECEDOR", memo: "0123"),
        ], skipped: 2),
        Case(file: "bradesco.csv", readAs: "csv bradesco", rows: [
            r("line:*-1", "2026-10-02", "-230.00", "BRL", "Pagto Eletron Cobranca", check: "0012345"),
            r("line:*-1", "2026-10-05", "1000.00", "BRL", "Transferencia Pix", check: "7654321"),
        ], skipped: 3),
        Case(file: "bb.csv", readAs: "csv bb", rows: [
            r("line:*-1", "2026-10-01", "-150.75", "BRL", "Pagamento de Título - CONCESSIONÁRIA", check: "101"),
            r("line:*-1", "2026-10-15", "2500.00", "BRL", "Transferência recebida", check: "22"),
        ], skipped: 2),
        Case(file: "c6_account.csv", readAs: "csv c6_account", rows: [
            r("line:*-1", "2026-10-05", "-75.00", "BRL", "Pix enviado", memo: "Para FULANO"),
            r("line:*-1", "2026-10-06", "300.00", "BRL", "Pix recebido", memo: "De CICLANO"),
        ]),
        Case(file: "c6_card.csv", readAs: "csv c6_card", rows: [
            r("line:*-1", "2026-10-10", "-250.40", "BRL", "ZAFFARI", memo: "Única", method: "credit_card", category: "Supermercados"),
            r("line:*-1", "2026-10-11", "-33.30", "BRL", "IFD*BURGER", memo: "2/3", method: "credit_card", category: "Restaurante"),
            r("line:*-1", "2026-10-12", "20.00", "BRL", "Estorno ZAFFARI", memo: "Única"),
        ]),
        Case(file: "santander.csv", readAs: "csv santander", rows: [
            r("line:*-1", "2026-10-07", "-120.00", "BRL", "COMPRA CARTAO DEB MC 06/10 POSTO", check: "000001"),
            r("line:*-1", "2026-10-08", "450.55", "BRL", "TED RECEBIDA", check: "000002"),
        ]),
        Case(file: "chase_checking.csv", readAs: "csv chase_checking", rows: [
            r("line:*-1", "2026-10-14", "-5.75", "USD", "STARBUCKS STORE 123 SEATTLE WA", method: "debit_card"),
            r("line:*-1", "2026-10-15", "-200.00", "USD", "CHECK 1043", method: "check", check: "1043"),
            r("line:*-1", "2026-10-16", "50.00", "USD", "Zelle payment from JOHN DOE", method: "zelle"),
        ]),
        Case(file: "chase_card.csv", readAs: "csv chase_card", rows: [
            r("line:*-1", "2026-10-01", "-23.99", "USD", "AMAZON MKTPL*AB12", method: "credit_card", category: "Shopping"),
            r("line:*-1", "2026-10-03", "500.00", "USD", "AUTOMATIC PAYMENT - THANK"),
        ]),
        Case(file: "bofa_checking.csv", readAs: "csv bofa_checking", rows: [
            r("line:*-1", "2026-10-02", "2000.00", "USD", "PAYROLL ACME, INC. DES:PAYROLL"),
            r("line:*-1", "2026-10-03", "-45.10", "USD", "NETFLIX.COM DES:RECURRING"),
        ], skipped: 1),
        Case(file: "bofa_card.csv", readAs: "csv bofa_card", rows: [
            r("line:*-1", "2026-10-05", "-67.12", "USD", "WHOLEFDS MKT 10234", memo: "AUSTIN TX", method: "credit_card"),
            r("line:*-1", "2026-10-09", "300.00", "USD", "PAYMENT - THANK YOU"),
        ]),
        Case(file: "wells_fargo.csv", readAs: "csv wells_fargo", rows: [
            r("line:*-1", "2026-10-20", "-19.99", "USD", "PURCHASE AUTHORIZED ON 10/18 SPOTIFY USA"),
            r("line:*-1", "2026-10-21", "1500.00", "USD", "DIRECT DEP ACME PAYROLL"),
            r("line:*-1", "2026-10-22", "-100.00", "USD", "CHECK # 1044", check: "1044"),
        ]),
        Case(file: "capital_one_card.csv", readAs: "csv capital_one_card", rows: [
            r("line:*-1", "2026-10-02", "-54.21", "USD", "TARGET 00012345", method: "credit_card", category: "Merchandise"),
            r("line:*-1", "2026-10-05", "200.00", "USD", "CAPITAL ONE MOBILE PYMT", category: "Payment/Credit"),
        ]),
        Case(file: "capital_one_360.csv", readAs: "csv capital_one_360", rows: [
            r("line:*-1", "2026-10-31", "0.42", "USD", "Monthly Interest Paid"),
            r("line:*-1", "2026-10-15", "-250.00", "USD", "Withdrawal to SAVINGS"),
        ]),
        Case(file: "amex.csv", readAs: "csv amex", rows: [
            r("line:*-1", "2026-10-07", "-18.40", "USD", "UBER EATS", memo: "UBER EATS help.uber.com", method: "credit_card",
              category: "Restaurant-Restaurant"),
            r("line:*-1", "2026-10-09", "500.00", "USD", "AUTOPAY PAYMENT - THANK YOU"),
        ]),
        Case(file: "generic_tab.csv", readAs: "csv generic", rows: [
            r("line:*-1", "2026-10-01", "-12.00", "USD", "The \"Best\" Deli", memo: "lunch", category: "Food"),
            r("line:*-1", "2026-10-02", "5.00", "USD", "Refund Store"),
        ], skipped: 1),
        Case(file: "no_header_br.csv", readAs: "csv inferred", rows: [
            r("line:*-1", "2026-10-01", "-12.30", "BRL", "COMPRA PADARIA"),
            r("line:*-1", "2026-10-02", "100.00", "BRL", "PIX RECEBIDO"),
        ]),
        Case(file: "pluggy_page.json", readAs: "pluggy", rows: [
            // Pluggy's accountId is the account (issue 20).
            r("pluggy:tx-1", "2026-10-03", "-45.90", "BRL", "IFOOD *RESTAURANTE", memo: "IFD*RESTAURANTE SP", account: "acc-1", method: "credit_card",
              category: "Food delivery"),
            r("pluggy:tx-2", "2026-10-03", "150.00", "BRL", "PIX RECEBIDO MARIA", account: "acc-1", method: "pix"),
        ]),
        Case(file: "openfinance_data.json", readAs: "openfinance", rows: [
            r("openfinance:of-1", "2026-10-05", "-25.50", "BRL", "PIX ENVIADO PADARIA", method: "pix"),
            r("openfinance:of-2", "2026-10-06", "1000.00", "BRL", "TED RECEBIDA", method: "ted"),
        ]),
    ]

    /// Whether an expected id (with `*` for a 16-hex-digit hash) matches.
    static func idMatches(_ pattern: String, _ id: String) -> Bool {
        guard let star = pattern.firstIndex(of: "*") else { return pattern == id }
        let head = pattern[..<star], tail = pattern[pattern.index(after: star)...]
        guard id.hasPrefix(head), id.hasSuffix(tail), id.count == pattern.count + 15 else { return false }
        return id.dropFirst(head.count).dropLast(tail.count).allSatisfy(\.isHexDigit)
    }

    @Test(arguments: cases)
    func readsEveryFieldOfEveryRow(_ fixture: Case) {
        let result = ImportTestData.fixture(fixture.file)
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.readAs == fixture.readAs)
        #expect(result.skipped.count == fixture.skipped)
        #expect(result.rows.count == fixture.rows.count)
        for (row, expected) in zip(result.rows, fixture.rows) {
            var actual = RowFields(row)
            #expect(Self.idMatches(expected.id, actual.id), "id \(actual.id) is not \(expected.id)")
            actual.id = expected.id
            #expect(actual == expected)
        }
    }

    @Test func providerRowsKeepCounterpartyAndMCC() throws {
        let pluggy = ImportTestData.fixture("pluggy_page.json").rows
        #expect(pluggy.map(\.mcc) == [5812, nil])
        #expect(pluggy.map(\.counterpartyDocument) == [nil, "47.318.905/0001-22"])
        #expect(pluggy.map(\.counterpartyName) == [nil, "Maria"])
        let openFinance = ImportTestData.fixture("openfinance_data.json").rows
        #expect(openFinance.map(\.counterpartyDocument) == ["47318905000122", nil])
    }
}
