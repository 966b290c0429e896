import Testing
@testable import GardenFoundation

/// Input shapes (canonical, Pluggy, Open Finance Brasil) and the field errors.
struct TransactionReaderTests {
    func read(_ json: String) throws(InputError) -> Transaction {
        let doc = try! JSONScanner.parse(Array(json.utf8))
        return try TransactionReader().read(doc)
    }

    @Test func canonicalRow() throws {
        let t = try read(#"{"id":42,"date":"2026-03-05T23:30:00Z","description":"X","amount":"-1234.56","currency":"usd","mcc":"0742","counterparty":{"document":"18.033.552/0001-61","name":"99 TECNOLOGIA LTDA"},"cnae":"4789-0/04","payment_method":"PIX","barcode":"8364 0000","provider_category":"05070000"}"#)
        #expect(t.id == "42")
        #expect(t.date == "2026-03-05")                 // 23:30 UTC is 20:30 in Brasília
        #expect(t.amount == Money(minorUnits: -123456, currency: .usd))
        #expect(t.direction == .out)
        #expect(t.mcc == 742)
        #expect(t.cnae == "4789004")
        #expect(t.paymentMethod == .pix)
        #expect(t.barcode == "83640000")
        #expect(t.counterpartyName == "99 TECNOLOGIA LTDA")
    }

    /// hostile10 F17: the canonical `installment` {number, total} that `garden import` writes for a Pluggy or Open Finance
    /// parcel is read back as the row's installment; a malformed one is an error naming the field.
    @Test func canonicalInstallmentIsRead() throws {
        #expect(try read(#"{"description":"LOJA F","amount":"-100","installment":{"number":2,"total":3,"total_amount":"300"}}"#).installment
                == Installment(number: 2, total: 3))
        #expect(try read(#"{"description":"LOJA F","amount":"-100"}"#).installment == nil)
        #expect(throws: InputError.self) { try read(#"{"description":"X","installment":{"number":4,"total":3}}"#) }
        #expect(throws: InputError.self) { try read(#"{"description":"X","installment":"2/3"}"#) }
    }

    @Test func utcDateTimesShiftToTheLocalDate() throws {
        #expect(try read(#"{"description":"X","date":"2026-03-06T01:00:00.000Z"}"#).date == "2026-03-05")
        #expect(try read(#"{"description":"X","date":"2026-01-01T02:59:59Z"}"#).date == "2025-12-31")
        #expect(try read(#"{"description":"X","date":"2026-03-06T01:00:00-03:00"}"#).date == "2026-03-06")
    }

    /// hostile10 F4 (hostile9 F3): Pluggy writes a bank's date-only value as that day at midnight UTC; read in Brasília
    /// time it fell a day early (`2026-10-01T00:00:00.000Z` in September). Such a value is the date as written, in a
    /// Pluggy transaction and its card metadata's purchase date; one with a time of day is converted as before, and a
    /// canonical or Open Finance date-time at midnight UTC is converted like any other (only Pluggy writes dates so).
    @Test(arguments: [
        ("2026-10-06T00:00:00.000Z", "2026-10-06"), ("2026-10-01T00:00:00Z", "2026-10-01"), ("2026-01-01T00:00Z", "2026-01-01"),
        ("2026-10-06T01:00:00.000Z", "2026-10-05"), ("2026-10-06T03:00:00.000Z", "2026-10-06"), ("2026-10-06T00:00:00.001Z", "2026-10-05"),
        ("2026-10-06T00:00:00-03:00", "2026-10-06"), ("2026-10-06", "2026-10-06"),
    ])
    func aPluggyDateAtMidnightUTCIsTheDateAsWritten(_ date: String, _ expected: String) throws {
        let t = try read(#"{"id":"p1","accountId":"acc1","date":"\#(date)","description":"Padaria do Ze","type":"DEBIT","amount":-10.5,"currencyCode":"BRL","status":"POSTED"}"#)
        #expect(t.date == expected)
        #expect(CalendarDate.pluggyLocalDate(date) == expected)
    }

    @Test func aCanonicalOrOpenFinanceDateTimeAtMidnightUTCIsStillConverted() throws {
        #expect(try read(#"{"description":"X","date":"2026-10-06T00:00:00.000Z"}"#).date == "2026-10-05")
        let of = try read(#"{"transactionId":"T1","completedAuthorisedPaymentType":"TRANSACAO_EFETIVADA","creditDebitType":"DEBITO","transactionName":"PADARIA","type":"PIX","transactionAmount":{"amount":"10.00","currency":"BRL"},"transactionDateTime":"2026-10-06T00:00:00.000Z"}"#)
        #expect(of.date == "2026-10-05")
        #expect(CalendarDate.pluggyLocalDate("2026-10-06T00:00:00.000") == "2026-10-06")
        #expect(CalendarDate.pluggyLocalDate("2026-02-30T00:00:00Z") == nil)
    }

    @Test func pluggyTransaction() throws {
        let t = try read(#"{"id":"uuid-1","accountId":"acc","date":"2026-09-10T12:00:00.000Z","description":"IFD*REST","type":"DEBIT","amount":45.9,"currencyCode":"BRL","category":"Food delivery","categoryId":"11020000","merchant":{"name":"Rest","businessName":"REST LTDA","cnpj":"11222333000181","cnae":"5611201"},"creditCardMetadata":{"installmentNumber":2,"totalInstallments":3,"payeeMCC":5812}}"#)
        #expect(t.format == .pluggy)
        #expect(t.direction == .out)
        #expect(t.amount?.minorUnits == -4590)
        #expect(t.mcc == 5812)
        #expect(t.installment == Installment(number: 2, total: 3))
        #expect(t.counterpartyDocument == "11222333000181")
        #expect(t.providerCategoryID == "11020000")
        #expect(t.cnae == "5611201")
    }

    @Test func openFinanceAccountAndCardTransactions() throws {
        let account = try read(#"{"transactionId":"T1","completedAuthorisedPaymentType":"TRANSACAO_EFETIVADA","creditDebitType":"CREDITO","transactionName":"PIX RECEBIDO","type":"PIX","transactionAmount":{"amount":"1000.0400","currency":"BRL"},"transactionDateTime":"2026-03-01T10:00:00.000Z","partieCnpjCpf":"52998224725"}"#)
        #expect(account.format == .openFinanceAccount)
        #expect(account.amount?.minorUnits == 100004)
        #expect(account.direction == .in)
        #expect(account.paymentMethod == .pix)
        let card = try read(#"{"transactionId":"C1","identificationNumber":"1234","transactionName":"LOJA X","creditDebitType":"DEBITO","transactionType":"PAGAMENTO","paymentType":"A_PRAZO","chargeIdentificator":3,"chargeNumber":10,"brazilianAmount":{"amount":"100.00","currency":"BRL"},"amount":{"amount":"100.00","currency":"BRL"},"transactionDateTime":"2026-03-01T10:00:00.000Z","billPostDate":"2026-03-02","payeeMCC":5411}"#)
        #expect(card.format == .openFinanceCard)
        #expect(card.installment == Installment(number: 3, total: 10))
        #expect(card.amount?.minorUnits == -10000)
        #expect(card.mcc == 5411)
    }

    @Test(arguments: [
        (#"[1]"#, nil as String?, "not a JSON object"),
        (#"{"description":"X","amount":"abc"}"#, "amount", "not a number"),
        (#"{"description":"X","amount":true}"#, "amount", "not a number"),
        (#"{"description":"X","date":"2026-02-30"}"#, "date", "unreadable date"),
        (#"{"description":"X","date":"05/03/2026"}"#, "date", "unreadable date"),
        (#"{"description":"X","currency":"XXY"}"#, "currency", "unknown ISO 4217"),
        (#"{"description":"X","mcc":"58120"}"#, "mcc", "4-digit"),
        (#"{"description":5}"#, "description", "expected a string"),
        (#"{"amount":-5}"#, nil, "needs a \"description\" or a \"counterparty\""),
        (#"{"description":"X","payment_method":"carrier pigeon"}"#, "payment_method", "unknown method"),
        (#"{"description":"X","id":[1]}"#, "id", "expected a string or a number"),
    ])
    func rejectsWithTheField(json: String, field: String?, message: String) {
        do {
            _ = try read(json)
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.field == field)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func groupedAmountsInBothConventions() throws {
        #expect(try read(#"{"description":"X","amount":"-1.234,56"}"#).amount?.minorUnits == -123456)
        #expect(try read(#"{"description":"X","amount":"1,234,567.89"}"#).amount?.minorUnits == 123456789)
        #expect(try read(#"{"description":"X","amount":"12,50"}"#).amount?.minorUnits == 1250)
        #expect(throws: InputError.self) { try read(#"{"description":"X","amount":"1.23,4"}"#) }
        #expect(throws: InputError.self) { try read(#"{"description":"X","amount":"1,2345.6"}"#) }
    }

    @Test func extraDigitsAreRoundedAndFlagged() throws {
        let t = try read(#"{"description":"X","amount":10.005}"#)
        #expect(t.amount?.minorUnits == 1000)
        #expect(t.amountRounded)
    }
}
