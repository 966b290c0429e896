import Testing
@testable import GardenFoundation

/// What Pluggy and Open Finance say beyond the amount (issue 20): the amount in the account's currency,
/// the account, and whether the row has posted.
struct ProviderStatusAndCurrencyTests {
    func read(_ json: String) throws -> Transaction {
        try TransactionReader().read(JSONScanner.parse(Array(json.utf8)))
    }

    @Test func aForeignPluggyChargeIsInTheAccountsReaisAndKeepsWhatWasCharged() throws {
        let t = try read(#"{"id":"a","accountId":"acc-7","date":"2026-10-04","description":"NETFLIX.COM","type":"DEBIT","amount":20,"currencyCode":"USD","amountInAccountCurrency":110.52}"#)
        #expect(t.amount == Money(minorUnits: -11052, currency: .brl))
        #expect(t.currency == .brl)
        #expect(t.originalAmount == Money(minorUnits: -2000, currency: .usd))
        #expect(t.account == "acc-7")
    }

    @Test func aPluggyChargeInReaisIgnoresTheConversion() throws {
        let t = try read(#"{"id":"a","accountId":"acc","date":"2026-10-04","description":"X","type":"CREDIT","amount":20,"currencyCode":"BRL","amountInAccountCurrency":null}"#)
        #expect(t.amount == Money(minorUnits: 2000, currency: .brl) && t.originalAmount == nil)
    }

    @Test(arguments: [(#""status":"PENDING","#, PostingStatus.pending), (#""status":"POSTED","#, .posted), ("", .posted)])
    func pluggyStatus(_ field: String, _ status: PostingStatus) throws {
        let t = try read(#"{"id":"a","accountId":"acc",\#(field)"date":"2026-10-04","description":"X","type":"DEBIT","amount":1,"currencyCode":"BRL"}"#)
        #expect(t.status == status)
    }

    @Test(arguments: [("LANCAMENTO_FUTURO", PostingStatus.scheduled), ("TRANSACAO_PROCESSANDO", .pending), ("TRANSACAO_EFETIVADA", .posted)])
    func openFinanceStatus(_ value: String, _ status: PostingStatus) throws {
        let t = try read(#"{"transactionId":"1","completedAuthorisedPaymentType":"\#(value)","creditDebitType":"DEBITO","transactionName":"CONTA DE LUZ","type":"BOLETO","transactionAmount":{"amount":"120.00","currency":"BRL"},"transactionDateTime":"2026-10-20"}"#)
        #expect(t.status == status)
    }

    @Test func canonicalRowsCarryTheStatusAndTheOriginalAmount() throws {
        let t = try read(#"{"id":"a","description":"X","amount":"-110.52","status":"pending","original_amount":"-20.00","original_currency":"USD"}"#)
        #expect(t.status == .pending)
        #expect(t.originalAmount == Money(minorUnits: -2000, currency: .usd))
        #expect(throws: InputError.self) { try read(#"{"description":"X","status":"maybe"}"#) }
        #expect(throws: InputError.self) { try read(#"{"description":"X","original_amount":"1.00"}"#) }
    }
}
