import Foundation
import Testing
import GardenStore
import GardenLedger
@testable import GardenCLI
@testable import GardenCommandKit

/// A Pluggy reconnection is the same account (ledger6, F10): Pluggy gives the reconnected account a new `accountId` and
/// its transactions new ids, so the month read again through the new connection doubled the month's spending. The
/// account is known by what identifies the real account — Pluggy's Account object (`GET /accounts`, read in the same
/// import before the pages): institution, number, type and owner — and its rows by their content, as every re-import;
/// a second card of the same bank with another number stays another account. Fixtures: `Tests/Fixtures/pluggy-reconnection`
/// (README.md there).
struct PluggyReconnectionTests {
    typealias Workspace = StoreHardeningTests.Workspace
    static let folder = ImportCommandTests.root.appendingPathComponent("Tests/Fixtures/pluggy-reconnection")
    static func file(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// 6 purchases (two equal ones on one day) and a payment received: −535,55 + 500,00.
    static let rows = 7, sum: Int64 = -3_555

    @Test func theSameMonthThroughANewConnectionIsTheSameAccountAndRows() throws {
        let w = Workspace()
        let first = AccountAttachTests.record(w, [Self.file("accounts-connection1.json"), Self.file("transactions-connection1.json")])
        var ledger = try RowIdentityTests.ledger(w)
        #expect(ledger.rows == Self.rows && ledger.sum == Self.sum, "\(ledger) \(first)")
        let again = AccountAttachTests.record(w, [Self.file("accounts-connection2.json"), Self.file("transactions-connection2.json")])
        ledger = try RowIdentityTests.ledger(w)
        #expect(ledger.rows == Self.rows && ledger.sum == Self.sum, "the month doubled: \(ledger) \(again)")
        #expect(ledger.accounts.count == 1, "\(ledger.accounts)")
        #expect(again.contains("0 new"), "\(again)")
        let accounts = w.run(["accounts"]).stdout
        #expect(accounts.contains("credit_card\t7 row(s)"), "\(accounts)")
        // Neither the CPF of the account's owner nor the aggregator's connection id is the account's name or key.
        let raw = try String(contentsOfFile: w.db, encoding: .isoLatin1)
        #expect(!raw.contains("52998224725") && !raw.contains("529.982.247-25"))
    }

    /// Both connections' files in one import (one write): still the month once.
    @Test func bothConnectionsInOneImportAreTheMonthOnce() throws {
        let w = Workspace()
        AccountAttachTests.record(w, [Self.file("accounts-connection1.json"), Self.file("transactions-connection1.json"),
                                      Self.file("accounts-connection2.json"), Self.file("transactions-connection2.json")])
        let ledger = try RowIdentityTests.ledger(w)
        #expect(ledger.rows == Self.rows && ledger.sum == Self.sum && ledger.accounts.count == 1, "\(ledger)")
    }

    /// The month read first without the accounts page (the connection's id is its account), then through the
    /// reconnection with it: the page's rows are the recorded ones, so the two keys are one account (the share rule).
    @Test func theMonthWithoutThenWithTheAccountsPageIsTheMonthOnce() throws {
        let w = Workspace()
        AccountAttachTests.record(w, [Self.file("transactions-connection1.json")])
        AccountAttachTests.record(w, [Self.file("accounts-connection2.json"), Self.file("transactions-connection2.json")])
        let ledger = try RowIdentityTests.ledger(w)
        #expect(ledger.rows == Self.rows && ledger.sum == Self.sum && ledger.accounts.count == 1, "\(ledger)")
    }

    @Test func anotherCardOfTheSameBankAndOwnerStaysAnotherAccount() throws {
        let w = Workspace()
        AccountAttachTests.record(w, [Self.file("accounts-connection1.json"), Self.file("transactions-connection1.json")])
        AccountAttachTests.record(w, [Self.file("accounts-other-card.json"), Self.file("transactions-other-card.json")])
        let ledger = try RowIdentityTests.ledger(w)
        #expect(ledger.rows == 2 * Self.rows && ledger.sum == 2 * Self.sum, "\(ledger)")
        #expect(ledger.accounts.count == 2, "\(ledger.accounts)")
    }

    /// The accounts page itself is no transaction: nothing rejected, and the closing line says what it was.
    @Test func theAccountsPageIsReadAsTheAccountsIdentityNotAsTransactions() throws {
        let w = Workspace()
        let imported = w.run(["import", Self.file("accounts-connection1.json"), Self.file("transactions-connection1.json")])
        #expect(imported.code == 0, "\(imported.stderr)")
        #expect(imported.stdout.split(separator: "\n").count == Self.rows)
        #expect(imported.stderr.contains("0 rows read as pluggy"), "\(imported.stderr)")
        #expect(imported.stderr.contains("Pluggy account"), "\(imported.stderr)")
        // The connection's account id is neither the account's name nor its key; it stays as `account_source_id`.
        let first = try #require(imported.stdout.split(separator: "\n").first.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        #expect(first["account"] as? String == "Nubank Ultravioleta 1234", "\(first)")
        #expect((first["account_key"] as? String)?.hasPrefix("pluggy-account:") == true, "\(first)")
        #expect(first["account_type"] as? String == "credit_card")
        #expect(first["account_source_id"] as? String == "3f1c0a4e-0001-4d2b-9a51-connection1")
    }
}
