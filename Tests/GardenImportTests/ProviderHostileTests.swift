import Testing
@testable import GardenImport
@testable import GardenImportKit
@testable import GardenCSVImport

/// Pluggy and Open Finance responses with missing or wrong-typed fields, and CPFs, as found in hostile
/// testing: no row without an amount or a date, rows read in the page's shape, no CPF in the clear.
struct ProviderHostileTests {
    static func read(_ json: String) -> ImportResult {
        ImportTestData.text(json, name: "page.json")
    }

    @Test func aPluggyPageRowIsReadAsPluggyEvenWithoutTheKeysThatTellIt() {
        let result = Self.read("""
        {"results": [
         {"id": "a", "description": "COMPRA", "amount": 10.1, "date": "2026-10-03T15:00:00.000Z", "type": "DEBIT"},
         {"id": "b", "description": "ESTORNO", "amount": -4, "date": "2026-10-03", "type": "CREDIT"}
        ]}
        """)
        #expect(result.errors.isEmpty)
        #expect(result.rows.map(RowFields.init) == [
            RowFields("pluggy:a", "2026-10-03", "-10.10", "BRL", "COMPRA"),
            RowFields("pluggy:b", "2026-10-03", "4.00", "BRL", "ESTORNO"),
        ])
    }

    @Test func rowsWithoutAmountDateOrDirectionAreErrorsNamingTheField() {
        let result = Self.read("""
        {"results": [
         {"id": "a", "description": "NO AMOUNT", "date": "2026-10-03", "type": "DEBIT", "accountId": "x"},
         {"id": "b", "description": "NULL AMOUNT", "amount": null, "date": "2026-10-03", "type": "DEBIT"},
         {"id": "c", "description": "NO DATE", "amount": -1.5, "type": "DEBIT"},
         {"id": "d", "description": "PT TYPE", "amount": -3, "date": "2026-10-03", "type": "DEBITO"},
         {"id": "e", "description": "OK", "amount": -3, "date": "2026-10-03", "type": "DEBIT"}
        ]}
        """)
        #expect(result.rows.map(\.id) == ["pluggy:e"])
        #expect(result.errors.map(\.description) == [
            "page.json:2: field \"[0].amount\": the transaction has no amount",
            "page.json:3: field \"[1].amount\": the transaction has no amount",
            "page.json:4: field \"[2].date\": the transaction has no date",
            "page.json:5: field \"[3].type\": expected \"DEBIT\" or \"CREDIT\"",
        ])
    }

    @Test func openFinanceRowsWithoutAmountOrDateAreErrors() {
        let result = Self.read("""
        {"data": [
         {"transactionId": "1", "creditDebitType": "DEBITO", "transactionName": "NO AMOUNT", "type": "PIX", "transactionDateTime": "2026-10-05"},
         {"transactionId": "2", "creditDebitType": "CREDITO", "transactionName": "NO DATE", "type": "PIX", "transactionAmount": {"amount": "1.00", "currency": "BRL"}},
         {"transactionId": "3", "transactionName": "NO DIRECTION", "type": "PIX", "transactionAmount": {"amount": "1.00", "currency": "BRL"}, "transactionDateTime": "2026-10-05"}
        ]}
        """)
        #expect(result.rows.isEmpty)
        #expect(result.errors.map(\.description) == [
            "page.json:2: field \"[0].transactionAmount\": the transaction has no amount",
            "page.json:3: field \"[1].transactionDateTime\": the transaction has no date",
            "page.json:4: field \"[2].creditDebitType\": expected \"CREDITO\" or \"DEBITO\"",
        ])
    }

    @Test func aCPFIsNeverWrittenOrPrintedInTheClear() {
        let result = Self.read("""
        {"results": [
         {"id": "a", "description": "PIX", "amount": 1, "date": "2026-10-03", "type": "CREDIT",
          "paymentData": {"payer": {"name": "Joao", "documentNumber": {"type": "CPF", "value": "123.456.789-09"}}}},
         {"id": "b", "description": "PIX", "amount": 1, "date": "2026-10-03", "type": "CREDIT", "paymentData": {"payer": {"documentNumber": "47318905000122"}}},
         {"id": "c", "description": "X", "amount": "123.456.789-09", "date": "2026-10-03", "type": "DEBIT"}
        ]}
        """)
        #expect(result.rows.map(\.counterpartyDocument) == ["•••.456.789-••", "47318905000122"])
        let line = String(decoding: CanonicalRowWriter.line(result.rows[0]), as: UTF8.self)
        #expect(!line.contains("123.456.789-09") && line.contains("•••.456.789-••"))
        #expect(result.errors.map(\.description) == ["page.json:5: field \"[2].amount\": not a number: \"•••.456.789-••\""])
    }
}

/// What Pluggy and Open Finance rows carry beyond the amount (issue 20), as `garden import` writes it.
struct ProviderExtrasTests {
    @Test func aPluggyRowKeepsItsAccountItsStatusAndWhatItWasChargedIn() throws {
        let result = ImportTestData.text("""
        {"results": [{"id": "n-1", "accountId": "acc-1", "description": "NETFLIX.COM", "amount": 20, "amountInAccountCurrency": 110.52,
                      "currencyCode": "USD", "date": "2026-10-04T15:00:00.000Z", "type": "DEBIT", "status": "PENDING"}]}
        """, name: "page.json")
        let row = try #require(result.rows.first)
        #expect(String(decoding: CanonicalRowWriter.line(row), as: UTF8.self) == #"""
        {"id":"pluggy:n-1","date":"2026-10-04","amount":"-110.52","currency":"BRL","description":"NETFLIX.COM","account":"acc-1","account_key":"pluggy:acc-1","account_source_id":"acc-1","status":"pending","original_amount":"-20.00","original_currency":"USD"}
        """# + "\n")
    }

    @Test func theAccountGivenOnTheCommandLineWins() {
        let result = ImportTestData.text(#"{"results": [{"id": "a", "accountId": "acc-1", "description": "X", "amount": 1, "date": "2026-10-04", "type": "DEBIT"}]}"#,
                                         name: "page.json") { $0.account = "Nubank" }
        #expect(result.rows.map(\.account) == ["Nubank"])
    }
}
