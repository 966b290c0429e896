import Testing
import GardenResolvers

/// Issue 8 §3: money-flow semantics. Every line is a fresh example of its kind (none is a dev row).
struct MoneyFlowTests {
    /// Card-bill payments, from the paying account and as the credit on the card.
    static let cardBills: [LineCase] = [
        LineCase("PGTO FATURA CARTAO 05/24", "-1830.55", category: "transfer.card_payment", flow: .transfer),
        LineCase("BRADESCARD PAGTO", "-900", category: "transfer.card_payment"),
        LineCase("INCLUSAO DE PAGAMENTO", "1200", account: "Nubank cartão", category: "transfer.card_payment"),
        LineCase("PAGAMENTO ANTECIPADO", "300", account: "Itaú cartão", category: "transfer.card_payment"),
        LineCase("CARDMEMBER SERV WEB PYMT", "-410", "USD", category: "transfer.card_payment"),
        LineCase("AMEX EPAYMENT ACH PMT M4728", "-500", "USD", category: "transfer.card_payment"),
        LineCase("CAPITAL ONE MOBILE PMT 240311", "-75", "USD", category: "transfer.card_payment"),
        LineCase("APPLECARD GSBANK PAYMENT 2024", "-220", "USD", category: "transfer.card_payment"),
        LineCase("AUTOPAY PAYMENT - THANK YOU", "640", "USD", account: "Chase Freedom", category: "transfer.card_payment"),
        LineCase("AUTOMATIC PAYMENT - THANK", "88", "USD", category: "transfer.card_payment"),
        LineCase("BARCLAYCARD US CREDITCARD PPD ID: 5512", "-200", "USD", category: "transfer.card_payment"),
    ]

    @Test(arguments: cardBills) func cardBillPaymentsFromBothSides(_ line: LineCase) {
        let r = Fixture.resolve(line.json)
        #expect(line.mismatches(r) == [])
        #expect(r.merchant.kind != .person)
    }

    /// Reversals wherever the word stands take the category of what they reverse, fees and IOF included.
    static let refunds: [LineCase] = [
        LineCase("REEMBOLSO UBER", "20", category: "transport.rideshare", flow: .refund),
        LineCase("ESTORNO TARIFA PACOTE SERVICOS", "30", category: "fees.bank", flow: .refund),
        LineCase("ESTORNO IOF COMPRA INTERNACIONAL", "1.20", category: "taxes.iof", flow: .refund),
        LineCase("NETFLIX ESTORNO", "39.90", category: "subscriptions.streaming", flow: .refund),
        LineCase("BESTBUY RETURN 0042", "199.99", "USD", category: "shopping.electronics", flow: .refund),
        LineCase("SPOTIFY USA REFUND", "10.99", "USD", category: "subscriptions.streaming", flow: .refund),
        LineCase("TARGET 00012345", "24.99", "USD", account: "Target RedCard credit card", flow: .refund),
        LineCase("IRS TREAS 310 TAX REF", "1200", "USD", category: "taxes", flow: .refund),
    ]

    @Test(arguments: refunds) func reversalsTakeTheCategoryOfWhatTheyReverse(_ line: LineCase) {
        #expect(line.mismatches(Fixture.resolve(line.json)) == [])
    }

    /// Acquirer and wallet settlements to a seller, payroll naming the employer.
    static let income: [LineCase] = [
        LineCase("CIELO VENDAS DEBITO", "2000", merchant: "Cielo", category: "income.sales"),
        LineCase("REDE MASTER AT0011223344", "950", merchant: "Rede", category: "income.sales"),
        LineCase("GETNET LIQUIDACAO", "720", merchant: "Getnet", category: "income.sales"),
        LineCase("Liberação de dinheiro", "150", merchant: "Mercado Pago", category: "income.sales"),
        LineCase("SHOPIFY PAYMENTS TRANSFER", "830", "USD", merchant: "Shopify", category: "income.sales"),
        LineCase("STRIPE TRANSFER ST-X1Y2Z3", "412", "USD", merchant: "Stripe", category: "income.sales"),
        LineCase("ACME CORP DIRECT DEP", "3000", "USD", merchant: "Acme", category: "income.salary"),
        LineCase("GLOBEX PAYROLL PPD ID: 1234567890", "2800", "USD", merchant: "Globex", category: "income.salary"),
        LineCase("CRED SALARIO PADARIA BOM PAO LTDA", "1900", merchant: "Padaria Bom Pao", category: "income.salary"),
        LineCase("ADP PAYROLL INITECH CORP", "2200", "USD", merchant: "Initech", category: "income.salary"),
        LineCase("GUSTO PAY 884412 HOOLI INC", "2600", "USD", merchant: "Hooli", category: "income.salary"),
        LineCase("SISPAG SALARIOS MADEIREIRA SAO JORGE LTDA", "2100", category: "income.salary"),
    ]

    @Test(arguments: income) func settlementsAndPayrollNameWhoPays(_ line: LineCase) {
        #expect(line.mismatches(Fixture.resolve(line.json)) == [])
    }

    /// Debt, investments, yields, taxes withheld, taxes and public bodies, bank fees.
    static let accountLines: [LineCase] = [
        LineCase("MORTGAGE PMT ROCKET MORTGAGE", "-2100", "USD", category: "home.mortgage"),
        LineCase("TOYOTA AUTO LOAN PMT", "-410", "USD", category: "transfer.loan_payment"),
        LineCase("DEPT EDUCATION STUDENT LN", "-250", "USD", category: "transfer.loan_payment"),
        LineCase("PARCELA CRED PESSOAL 07/24", "-400", category: "transfer.loan_payment"),
        LineCase("PRESTACAO HABITACIONAL CAIXA", "-1300", category: "home.mortgage"),
        LineCase("FINANCIAMENTO VEICULO PARC 12/48", "-980", category: "transfer.loan_payment"),
        LineCase("APLICACAO CDB DI", "-1000", category: "transfer.investment"),
        LineCase("RESGATE LCI", "5000", category: "transfer.investment"),
        LineCase("VGBL CONTRIBUICAO MENSAL", "-300", category: "transfer.investment"),
        LineCase("REND PAGO APLIC AUT MAIS", "3.21", category: "income.interest"),
        LineCase("DIVIDENDOS PETR4", "45", category: "income.interest"),
        LineCase("BONUS INTEREST PAID", "2.10", "USD", category: "income.interest"),
        LineCase("IRRF S/ RENDIMENTO", "-2", category: "taxes.government"),
        LineCase("PAGAMENTO GPS INSS", "-150", category: "taxes.government", kind: .government),
        LineCase("DEBITO IPVA SP 2025", "-1450", category: "taxes.government", kind: .government),
        LineCase("PREFEITURA MUNICIPAL DE SOROCABA IPTU", "-210", category: "taxes.government", kind: .government),
        LineCase("FRANCHISE TAX BD PAYMENT", "-800", "USD", category: "taxes.government", kind: .government),
        LineCase("PIX ENVIADO GOVERNO DO ESTADO DE GOIAS", "-50", category: "taxes.government", kind: .government),
        LineCase("BOLETO MUNICIPIO DE ITU", "-50", category: "taxes.government", kind: .government),
        LineCase("COUNTY OF MARIN PERMIT 0042", "-85", "USD", category: "taxes.government", kind: .government),
        LineCase("SNOHOMISH COUNTY TREASURER", "-900", "USD", category: "taxes.government", kind: .government),
        LineCase("MONTHLY MAINTENANCE FEE", "-12", "USD", account: "Chase Checking", merchant: "Chase", category: "fees.bank"),
        LineCase("FOREIGN TRANSACTION FEE", "-1.50", "USD", account: "Wells Fargo", merchant: "Wells Fargo", category: "fees.bank"),
        LineCase("CESTA DE SERVICOS", "-30", account: "Itau", merchant: "Itaú", category: "fees.bank"),
        LineCase("TAR PIX ENVIADO", "-1.50", account: "Bradesco", merchant: "Bradesco", category: "fees.bank"),
        LineCase("MENSALIDADE PLANO DO CARTAO", "-19.90", account: "Santander", merchant: "Santander", category: "fees.bank"),
    ]

    @Test(arguments: accountLines) func debtInvestmentsTaxesAndFees(_ line: LineCase) {
        #expect(line.mismatches(Fixture.resolve(line.json)) == [])
    }

    @Test(arguments: ["12345-6", "0001 / 987654-3", "4111"]) func anAccountNumberNeverNamesTheBank(_ account: String) throws {
        let json = #"{"description":"TARIFA PACOTE DE SERVICOS","amount":"-29.90","account":"\#(account)"}"#
        let resolution = Fixture.resolve(json)
        #expect(resolution.category == "fees.bank")
        #expect(resolution.merchant.name == nil, "\(account)")
    }
}
