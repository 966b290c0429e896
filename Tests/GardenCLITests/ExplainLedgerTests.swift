import Foundation
import Testing
@testable import GardenCLI

/// `explain --id` explains the row as garden resolves it now; when the ledger holds another category (a rule
/// added since, a recategorize undone) it says so, with the category every report counts until
/// `garden recategorize` applies the new one (issue 20).
struct ExplainLedgerTests {
    static let row = #"{"id":"p1","description":"PADARIA DO ZE","amount":-5}"# + "\n"

    @Test func explainSaysWhenTheLedgerHoldsAnotherCategory() throws {
        let scratch = ScratchFolder()
        #expect(scratch.run(["resolve", "--record"], Self.row).code == 0)
        let before = scratch.run(["explain", "--id", "p1"])
        #expect(before.code == 0)
        #expect(!before.stdout.contains("  ledger "), "\(before.stdout)")
        let held = try #require(before.stdout.split(separator: "\n").first { $0.hasPrefix("  category") }.map(String.init))
        #expect(held.contains("food.groceries"), "\(held)")

        #expect(scratch.run(["rules", "add", #"if description "padaria do ze" => category food.restaurants"#]).code == 0)
        let after = scratch.run(["explain", "--id", "p1"])
        #expect(after.code == 0)
        #expect(after.stdout.contains("  category      food.restaurants"), "\(after.stdout)")
        #expect(after.stdout.contains("  ledger        holds food.groceries \"Mercado\" from keyword, not food.restaurants: "
            + "recorded before the rules or memory changed; garden recategorize applies food.restaurants\n"), "\(after.stdout)")
        let json = scratch.run(["explain", "--id", "p1", "--json"])
        #expect(json.code == 0)
        #expect(json.stdout.contains(#""ledger":{"category":"food.groceries","source":"keyword"}"#), "\(json.stdout)")

        // Applied: the ledger and the explanation agree again, and nothing more is said.
        #expect(scratch.run(["recategorize"]).code == 0)
        let applied = scratch.run(["explain", "--id", "p1"])
        #expect(!applied.stdout.contains("  ledger "), "\(applied.stdout)")
        #expect(!scratch.run(["explain", "--id", "p1", "--json"]).stdout.contains(#""ledger":"#))

        // Undone: the ledger holds the old category again, and explain says they differ.
        #expect(scratch.run(["undo"]).code == 0)
        #expect(scratch.run(["explain", "--id", "p1"]).stdout.contains("  ledger        holds food.groceries"))
    }
}
