import Foundation
import Testing
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands
import GardenStore
import GardenFoundation
import GardenSQLite

/// `garden row correct --amount` reads the amount exactly as people write it in the row's currency, or refuses it;
/// `--currency` alone keeps the amount as it stands, in the new currency, for any ISO 4217 currency.
struct RowCorrectAmountTests {
    static func store() -> ScratchFolder {
        let scratch = ScratchFolder()
        let rows = [#"{"id":"a1","date":"2026-10-03","description":"PADARIA DO ZE","amount":"-1.234,00"}"#,
                    #"{"id":"a2","date":"2026-10-04","description":"PADARIA DO ZE","amount":-12.5}"#,
                    #"{"id":"a3","date":"2026-10-05","description":"PADARIA DO ZE","amount":"-1.234"}"#]
        #expect(scratch.run(["resolve", "--record"], rows.joined(separator: "\n") + "\n").code == 0)
        return scratch
    }

    /// The row's amount and currency as the ledger's `transactions` view holds them.
    static func amount(_ scratch: ScratchFolder, _ id: String) throws -> String {
        let db = try Database(path: scratch.db, readOnly: true)
        return try db.prepare("SELECT amount || ' ' || currency FROM transactions WHERE row_id = '\(id)'").all { $0.text(0) ?? "" }.first ?? ""
    }

    @Test func aCurrencyCorrectionKeepsTheAmount() throws {
        let scratch = Self.store()
        #expect(try Self.amount(scratch, "a3") == "-1234.00 BRL")
        let usd = scratch.run(["row", "correct", "a3", "--currency", "USD"])
        #expect(usd.code == 0, "\(usd.stderr)")
        #expect(try Self.amount(scratch, "a3") == "-1234.00 USD")
        let eur = scratch.run(["row", "correct", "a1", "--currency", "EUR"])
        #expect(eur.code == 0, "\(eur.stderr)")
        #expect(try Self.amount(scratch, "a1") == "-1234.00 EUR")
        // An amount the new currency cannot hold exactly is refused, never rounded.
        let yen = scratch.run(["row", "correct", "a2", "--currency", "JPY"])
        #expect(yen.code == Exit.dataError && yen.stderr.contains("give --amount too"), "\(yen.stderr)")
        #expect(try Self.amount(scratch, "a2") == "-12.50 BRL")
        #expect(scratch.run(["row", "correct", "a2", "--currency", "JPY", "--amount", "-1250"]).code == 0)
        #expect(try Self.amount(scratch, "a2") == "-1250 JPY")
        #expect(scratch.run(["row", "correct", "a2", "--currency", "XYZ"]).code == Exit.dataError)
    }

    @Test func anAmountIsReadExactlyOrRefused() throws {
        let scratch = Self.store()
        for text in [".500", "-1,234", "0.001", "1.2.3"] {
            let run = scratch.run(["row", "correct", "a2", "--amount", text])
            #expect(run.code == Exit.dataError, "\(text): \(run.stdout)")
            #expect(try Self.amount(scratch, "a2") == "-12.50 BRL", "\(text)")
        }
        for (text, stored) in [("-1.234,56", "-1234.56 BRL"), ("-23,10", "-23.10 BRL"), ("-0.5", "-0.50 BRL")] {
            #expect(scratch.run(["row", "correct", "a2", "--amount", text]).code == 0, "\(text)")
            #expect(try Self.amount(scratch, "a2") == stored, "\(text)")
        }
        // `-1.234` in BRL is one thousand two hundred and thirty-four as a Portuguese run writes it; an English run
        // writes R$1,234.00, so there the text reads two ways and is refused (newuser9: `--limit 1,200` read as 1.20).
        #expect(scratch.run(["row", "correct", "a2", "--amount", "-1.234"]).code == Exit.dataError)
        #expect(try Self.amount(scratch, "a2") == "-0.50 BRL")
        #expect(scratch.run(["row", "correct", "a2", "--amount", "-1.234"], variables: ["LANG": "pt_BR.UTF-8"]).code == 0)
        #expect(try Self.amount(scratch, "a2") == "-1234.00 BRL")
        // In a currency with three decimals, a decimal point reads them.
        #expect(scratch.run(["row", "correct", "a2", "--currency", "KWD", "--amount", "-1.234"]).code == 0)
        #expect(try Self.amount(scratch, "a2") == "-1.234 KWD")
    }
}

/// `row correct --amount` refuses an exponent (no one writes an amount as `1e3`), and says "out of range" of a number
/// too large for the ledger, not that its grouping is malformed.
struct RowCorrectAmountRefusalTests {
    @Test func anExponentIsNotAnAmountAndATooLargeOneIsOutOfRange() throws {
        let scratch = RowCorrectAmountTests.store()
        for text in ["1e3", "-1E2", "2e-2"] {
            let run = scratch.run(["row", "correct", "a2", "--amount", text])
            #expect(run.code == Exit.dataError, "\(text): \(run.stdout)")
            #expect(try RowCorrectAmountTests.amount(scratch, "a2") == "-12.50 BRL", "\(text)")
        }
        let large = scratch.run(["row", "correct", "a2", "--amount", "9999999999999999"])
        #expect(large.code == Exit.dataError && large.stderr.contains("out of range") && !large.stderr.contains("grouping"), "\(large.stderr)")
        #expect(try RowCorrectAmountTests.amount(scratch, "a2") == "-12.50 BRL")
    }
}
