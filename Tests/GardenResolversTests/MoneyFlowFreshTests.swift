import Testing
import GardenResolvers

/// Issue 8 §3, a second set of fresh lines per kind (none is a dev row nor a line of `MoneyFlowTests`).
struct MoneyFlowFreshTests {
    /// Card-bill payments from the paying account (naming the card's bank or network) and as the card's credit.
    static let cardBills: [LineCase] = [
        LineCase("PAYMENT TO CHASE CARD ENDING IN 4417 03/14", "-950", "USD", category: "transfer.card_payment"),
        LineCase("DISCOVER E-PAYMENT 2231 WEB ID: 2510020270", "-300", "USD", category: "transfer.card_payment"),
        LineCase("CITI AUTOPAY PAYMENT 071482 WEB ID: CITICARDAP", "-410", "USD", category: "transfer.card_payment"),
        LineCase("WF CREDIT CARD AUTO PAY 240312 XXXXX1234", "-220", "USD", merchant: "Wells Fargo", category: "transfer.card_payment"),
        LineCase("BK OF AMER VISA ONLINE PMT CKF123456789POS", "-640", "USD", category: "transfer.card_payment"),
        LineCase("PAYMENT THANK YOU-MOBILE", "500", "USD", account: "Citi Double Cash", category: "transfer.card_payment"),
        LineCase("INTERNET PAYMENT - THANK YOU", "800", "USD", account: "Amex Gold Card", category: "transfer.card_payment"),
        LineCase("PAGAMENTO RECEBIDO", "1830", account: "Nubank cartão", category: "transfer.card_payment"),
        LineCase("FAT CARTAO SANTANDER FREE", "-760", category: "transfer.card_payment"),
        LineCase("PAG FATURA CARTAO C6", "-1320", category: "transfer.card_payment"),
        LineCase("PAGTO FATURA VISA ITAUCARD", "-1100", category: "transfer.card_payment"),
    ]

    @Test(arguments: cardBills) func cardBillPaymentsFromBothSides(_ line: LineCase) {
        let r = Fixture.resolve(line.json)
        #expect(line.mismatches(r) == [])
        #expect(r.flow == .transfer && r.merchant.kind != .person)
    }

    /// Wording billers print too (`AUTOPAY`, `MOBILE PMT`, `EPAYMENT`): the biller named in the line was paid, not a
    /// card bill; without a biller, or with a bank or card issuer named, it stays a card payment.
    static let billerAutopay: [LineCase] = [
        LineCase("VERIZON WIRELESS AUTOPAY", "-85", "USD", merchant: "Verizon", category: "home.telecom"),
        LineCase("DUKE ENERGY AUTOPAY 0314", "-120", "USD", merchant: "Duke Energy", category: "home.utilities"),
        LineCase("PROGRESSIVE INS AUTOPAY", "-110", "USD", merchant: "Progressive", category: "insurance"),
        LineCase("GEICO AUTOPAY", "-98", "USD", merchant: "GEICO", category: "insurance"),
        LineCase("PLANET FITNESS AUTOPAY", "-10", "USD", merchant: "Planet Fitness", category: "health.fitness"),
        LineCase("CHASE CREDIT CRD AUTOPAY", "-300", "USD", category: "transfer.card_payment"),
        LineCase("AUTOPAY", "-300", "USD", category: "transfer.card_payment"),
    ]

    @Test(arguments: billerAutopay) func aBillersAutopayIsTheBill(_ line: LineCase) {
        #expect(line.mismatches(Fixture.resolve(line.json)) == [])
    }

    /// Reversals take the category of what they reverse; a card account's credit from a merchant is a refund.
    static let refunds: [LineCase] = [
        LineCase("ESTORNO COMPRA MAGAZINE LUIZA", "299", category: "shopping", flow: .refund),
        LineCase("DEVOLUCAO COMPRA RENNER", "159.90", category: "shopping.clothing", flow: .refund),
        LineCase("ESTORNO ANUIDADE DIFERENCIADA", "35", category: "fees.bank", flow: .refund),
        LineCase("ESTORNO IOF TRANSACAO EXTERIOR", "2.13", category: "taxes.iof", flow: .refund),
        LineCase("AMAZON.COM REFUND AMZN.COM/BILL WA", "45.99", "USD", category: "shopping", flow: .refund),
        LineCase("REFUND - UBER TRIP", "14.20", "USD", category: "transport.rideshare", flow: .refund),
        LineCase("CHECK CRD PUR RTRN 03/14 OLD NAVY #3321 TULSA OK CARD 1234", "29.99", "USD", category: "shopping.clothing", flow: .refund),
        LineCase("HOME DEPOT 0612", "35.00", "USD", account: "Chase Sapphire Visa", category: "home.improvement", flow: .refund),
        LineCase("STARBUCKS STORE 00421", "4.95", "USD", account: "Amex Platinum Card", category: "food", flow: .refund),
    ]

    @Test(arguments: refunds) func reversalsTakeTheCategoryOfWhatTheyReverse(_ line: LineCase) {
        #expect(line.mismatches(Fixture.resolve(line.json)) == [])
    }

    /// Acquirer, wallet and meal-voucher settlements to a seller, with the acquirer as merchant.
    static let settlements: [LineCase] = [
        LineCase("STONE PAGAMENTOS SA REPASSE", "1840", merchant: "Stone", category: "income.sales"),
        LineCase("PAGSEGURO VENDAS", "620", merchant: "PagBank", category: "income.sales"),
        LineCase("SUMUP LIQUIDACAO VENDAS", "310", merchant: "SumUp", category: "income.sales"),
        LineCase("ALELO SA REPASSE", "450", merchant: "Alelo", category: "income.sales"),
        LineCase("TICKET SERVICOS SA CREDITO", "380", merchant: "Ticket", category: "income.sales"),
        LineCase("PLUXEE BRASIL REPASSE", "210", merchant: "Pluxee", category: "income.sales"),
        LineCase("SQUARE INC DEPOSIT 240314 L20400012345", "512", "USD", merchant: "Square", category: "income.sales"),
        LineCase("PAYPAL TRANSFER 1234567890123", "210", "USD", merchant: "PayPal", category: "income.sales"),
        LineCase("Tarifa de venda Mercado Livre", "-18.50", category: "fees"),
        LineCase("DIFAL ICMS VENDA", "-6.20", category: "taxes.government"),
    ]

    @Test(arguments: settlements) func settlementsNameTheAcquirer(_ line: LineCase) {
        #expect(line.mismatches(Fixture.resolve(line.json)) == [])
    }

    /// Payroll names the employer, also behind a payroll processor.
    static let payroll: [LineCase] = [
        LineCase("PAYCHEX TPS DIR DEP WAYNE ENTERPRISES", "3100", "USD", merchant: "Wayne Enterprises", category: "income.salary"),
        LineCase("UMBRELLA CORP PAYROLL PPD ID: 9876543210", "2750", "USD", merchant: "Umbrella", category: "income.salary"),
        LineCase("DIRECT DEP STARK INDUSTRIES", "4100", "USD", merchant: "Stark Industries", category: "income.salary"),
        LineCase("ADP WAGE PAY ACME WIDGETS", "2200", "USD", merchant: "Acme Widgets", category: "income.salary"),
        LineCase("CRED SALARIO DISTRIBUIDORA NORTE SUL LTDA", "2300", merchant: "Distribuidora Norte Sul", category: "income.salary"),
        LineCase("PAGTO SALARIO COOPERATIVA AGRO VALE", "1850", merchant: "Cooperativa Agro Vale", category: "income.salary"),
        LineCase("CRED TRANSF SALARIO METALURGICA PAULISTA LTDA", "2800", merchant: "Metalurgica Paulista", category: "income.salary"),
    ]

    @Test(arguments: payroll) func payrollNamesTheEmployer(_ line: LineCase) {
        let r = Fixture.resolve(line.json)
        #expect(line.mismatches(r) == [])
        #expect(r.merchant.kind != .person)
    }

    /// Debt, investments and what they yield, tax withheld, taxes and public bodies, the account bank's fees.
    static let accountLines: [LineCase] = [
        LineCase("MR COOPER MORTGAGE PMT 240301", "-1850", "USD", category: "home.mortgage"),
        LineCase("WELLS FARGO HOME MTG AUTO PAY", "-2200", "USD", category: "home.mortgage"),
        LineCase("DEB PARCELA FINANCIAMENTO IMOBILIARIO", "-2100", category: "home.mortgage"),
        LineCase("SOFI LOAN PAYMENT", "-410", "USD", category: "transfer.loan_payment"),
        LineCase("ALLY AUTO LOAN PAYMENT", "-450", "USD", category: "transfer.loan_payment"),
        LineCase("PAGTO EMPRESTIMO CONSIGNADO 05/48", "-380", category: "transfer.loan_payment"),
        LineCase("CDC PARCELA 03/24", "-540", category: "transfer.loan_payment"),
        LineCase("AMORTIZACAO EMPRESTIMO PESSOAL", "-600", category: "transfer.loan_payment"),
        LineCase("APLICACAO TESOURO DIRETO", "-1000", category: "transfer.investment"),
        LineCase("RESGATE CDB PRE 2025", "3000", category: "transfer.investment"),
        LineCase("PGBL APORTE MENSAL", "-500", category: "transfer.investment"),
        LineCase("SCHWAB BROKERAGE MONEYLINK TRANSFER", "-1500", "USD", category: "transfer.investment"),
        LineCase("FIDELITY INVESTMENTS TRANSFER", "-800", "USD", category: "transfer.investment"),
        LineCase("JCP ITSA4", "12.40", category: "income.interest"),
        LineCase("RENDIMENTOS FII HGLG11", "33", category: "income.interest"),
        LineCase("JUROS S/ APLIC POUPANCA", "8.12", category: "income.interest"),
        LineCase("INTEREST PAYMENT", "1.45", "USD", category: "income.interest"),
        LineCase("DIVIDEND RECEIVED VTI", "22.10", "USD", category: "income.interest"),
        LineCase("IRRF S/ JCP", "-2.19", category: "taxes.government"),
        LineCase("IR FONTE S/ RESGATE", "-14.50", category: "taxes.government"),
        LineCase("DARF RECEITA FEDERAL", "-420", category: "taxes.government", kind: .government),
        LineCase("PAGTO DAS SIMPLES NACIONAL", "-75", category: "taxes.government", kind: .government),
        LineCase("GUIA FGTS DIGITAL", "-160", category: "taxes.government", kind: .government),
        LineCase("SEFAZ SP ICMS", "-300", category: "taxes.government", kind: .government),
        LineCase("DETRAN SP LICENCIAMENTO", "-160", category: "taxes.government", kind: .government),
        LineCase("IRS USATAXPYMT 240415", "-2100", "USD", category: "taxes.government", kind: .government),
        LineCase("NYS DTF PIT TAX PAYMENT", "-600", "USD", category: "taxes.government", kind: .government),
        LineCase("CA DMV RENEWAL FEE", "-210", "USD", category: "taxes.government", kind: .government),
        LineCase("SERVICE CHARGE", "-15", "USD", account: "Bank of America Checking", merchant: "Bank of America", category: "fees.bank"),
        LineCase("OVERDRAFT ITEM FEE", "-35", "USD", account: "Chase Total Checking", merchant: "Chase", category: "fees.bank"),
        LineCase("NSF RETURNED ITEM FEE", "-34", "USD", account: "Wells Fargo Everyday Checking", merchant: "Wells Fargo", category: "fees.bank"),
        LineCase("WIRE TRANSFER FEE", "-25", "USD", account: "PNC Checking", merchant: "PNC Bank", category: "fees.bank"),
        LineCase("CHECK ORDER FEE", "-22", "USD", account: "TD Bank", category: "fees.bank"),
        LineCase("TARIFA MENSALIDADE PACOTE SERVICOS", "-39.90", account: "Santander", merchant: "Santander", category: "fees.bank"),
        LineCase("ANUIDADE DIFERENCIADA 05/12", "-32", account: "Bradesco cartão", merchant: "Bradesco", category: "fees.bank"),
        LineCase("MENSALIDADE PACOTE SERVICOS", "-29", account: "Banco do Brasil", merchant: "Banco do Brasil", category: "fees.bank"),
    ]

    @Test(arguments: accountLines) func debtInvestmentsTaxesAndFees(_ line: LineCase) {
        #expect(line.mismatches(Fixture.resolve(line.json)) == [])
    }
}
