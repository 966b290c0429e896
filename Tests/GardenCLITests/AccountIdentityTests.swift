import Foundation
import Testing
import GardenStore
import GardenLedger
import GardenFoundation
@testable import GardenCLI
@testable import GardenCommandKit

/// An account is what its file states, not what it is called (issue 33 items 1 and 3, issue 36 "accounts"): a name
/// given later renames it, two cards of one layout named apart stay apart, `garden accounts` lists, renames and types
/// them, and a credit card is exported as a liability. Files: `Tests/Fixtures/import-samples` (PROVENANCE.md there).
struct AccountIdentityTests {
    typealias Workspace = StoreHardeningTests.Workspace

    static func card(_ w: Workspace, _ name: String) throws -> String {
        let file = w.folder + "/" + name
        try "date,title,amount\n2026-10-02,Mercado Bom Preco,\"45,90\"\n".write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Card A imported without `--account`, card B (same layout, the same purchase) with `--account B`: two rows, each
    /// on its card; A's row is not moved to B, and B's purchase is not lost.
    @Test func aCardNamedOnAFileThatNamesNoneKeepsTheOtherCardsIdenticalPurchase() throws {
        let w = Workspace()
        RowIdentityTests.record(w, [try Self.card(w, "a.csv")])
        RowIdentityTests.record(w, [try Self.card(w, "b.csv"), "--account", "B"])
        let ledger = try RowIdentityTests.ledger(w)
        #expect(ledger.rows == 2 && ledger.sum == -9_180 && ledger.accounts == ["B", "Nubank card CSV"], "\(ledger)")
        // Read again, each card's file stays one row on its card.
        RowIdentityTests.record(w, [try Self.card(w, "a.csv")])
        RowIdentityTests.record(w, [try Self.card(w, "b.csv"), "--account", "B"])
        #expect(try RowIdentityTests.ledger(w).rows == 2)
    }

    /// The same OFX imported again with a new `--account` renames its account (identity: its ACCTID); the month stays
    /// 22 rows and R$ 171,46, under the new name only.
    @Test func anOFXReadAgainUnderANewLabelRenamesItsAccount() throws {
        let w = Workspace()
        RowIdentityTests.record(w, [RowIdentityTests.ofx])
        RowIdentityTests.record(w, [RowIdentityTests.ofx, "--account", "Nubank Ana"])
        var ledger = try RowIdentityTests.ledger(w)
        #expect(ledger.rows == 22 && ledger.sum == 17_146 && ledger.accounts == ["Nubank Ana"], "\(ledger)")
        RowIdentityTests.record(w, [RowIdentityTests.ofx, "--account", "Nubank"])
        RowIdentityTests.record(w, [RowIdentityTests.ofx])
        ledger = try RowIdentityTests.ledger(w)
        #expect(ledger.rows == 22 && ledger.sum == 17_146 && ledger.accounts == ["Nubank"], "\(ledger)")
    }

    @Test func accountsListsRenamesAndTypesAndACardIsALiabilityInTheJournals() throws {
        let w = Workspace()
        RowIdentityTests.record(w, [RowIdentityTests.ofx])
        let list = w.run(["accounts"])
        #expect(list.code == 0)
        #expect(list.stdout == "00000000-0000-0000-0000-000000000000\tcredit_card\t22 row(s)\t2026-09-24…2026-10-06\tR$171.46\n", "\(list.stdout)")
        let typo = w.run(["accounts", "rename", "00000000-0000-0000-0000-00000000000", "Nubank"])
        #expect(typo.code == Exit.dataError && typo.stderr.contains("did you mean \"00000000-0000-0000-0000-000000000000\""), "\(typo.stderr)")
        #expect(w.run(["accounts", "rename", "00000000-0000-0000-0000-000000000000", "Nubank"]).code == 0)
        #expect(try RowIdentityTests.ledger(w).accounts == ["Nubank"])
        let hledger = w.run(["export", "--format", "hledger"]).stdout
        #expect(hledger.contains("account liabilities:Nubank\n") && !hledger.contains("assets:Nubank"), "\(hledger.prefix(600))")
        #expect(w.run(["export", "--format", "beancount"]).stdout.contains("open Liabilities:Nubank"))
        #expect(w.run(["export", "--format", "csv"]).stdout.split(separator: "\n").dropFirst().allSatisfy { $0.hasSuffix(",credit_card") })
        #expect(w.run(["accounts", "type", "Nubank", "checking"]).code == 0)
        #expect(w.run(["export", "--format", "hledger"]).stdout.contains("account assets:Nubank\n"))
        #expect(w.run(["accounts", "type", "Nubank", "credit-card"]).code == Exit.dataError)
    }

    /// hostile10 F18: another account's name in another case is taken (identity compares names folded, so `rows --account
    /// nubank` would read both accounts as one); the account's own name in another case is a rename.
    @Test func aCaseVariantOfAnotherAccountsNameIsTaken() throws {
        let w = Workspace()
        RowIdentityTests.record(w, [RowIdentityTests.ofx])
        RowIdentityTests.record(w, [try Self.card(w, "a.csv"), "--account", "nubank"])
        let refused = w.run(["accounts", "rename", "00000000-0000-0000-0000-000000000000", "NUBANK"])
        #expect(refused.code == Exit.dataError, "\(refused.stdout)\(refused.stderr)")
        #expect(try RowIdentityTests.ledger(w).accounts == ["00000000-0000-0000-0000-000000000000", "nubank"])
        #expect(w.run(["accounts", "rename", "nubank", "Nubank"]).code == 0)
        #expect(try RowIdentityTests.ledger(w).accounts == ["00000000-0000-0000-0000-000000000000", "Nubank"])
    }

    /// `resolve --record`'s closing line counts a flagged row read again that adds nothing to the row it is (the CSV of
    /// a month recorded from its OFX) as flagged, as it counted it the first time.
    @Test func theClosingLineCountsFlaggedRowsLeftUnchanged() throws {
        let w = Workspace()
        func flagged(_ file: String) -> String? {
            let imported = w.run(["import", file])
            let recorded = w.run(["resolve", "--record"], imported.stdout)
            return recorded.stderr.firstMatch(of: #/(\d+) flagged/#).map { String($0.output.1) }
        }
        let first = flagged(RowIdentityTests.ofx)
        #expect(first != nil && first != "0")
        #expect(flagged(RowIdentityTests.csv) == first)
    }
}
