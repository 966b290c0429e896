import Foundation
import Testing
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands
import GardenStore

/// `teach --apply` adds the rule it proposes once: teaching the same correction again, or a correction whose
/// rule the user already added, leaves one rule, and `rules lint` finds no duplicate.
struct TeachApplyTests {
    static func recordedRow() -> ScratchFolder {
        let scratch = ScratchFolder()
        #expect(scratch.run(["resolve", "--record"], #"{"id":"a1","date":"2026-10-03","description":"PADARIA DO ZE","amount":-12.5}"# + "\n").code == 0)
        return scratch
    }

    @Test func teachingTheSameCorrectionTwiceAddsTheRuleOnce() throws {
        let scratch = Self.recordedRow()
        let first = scratch.run(["teach", "--id", "a1", "--category", "food.restaurants", "--apply"])
        #expect(first.code == 0 && first.stdout.contains("added as r1"), "\(first.stdout)\(first.stderr)")
        let again = scratch.run(["teach", "--id", "a1", "--category", "food.restaurants", "--apply"])
        #expect(again.code == 0, "\(again.stderr)")
        #expect(again.stdout.contains("already the rule r1: nothing added"), "\(again.stdout)")
        #expect(try Store(path: scratch.db, access: .read).rules().count == 1)
        let lint = scratch.run(["rules", "lint"])
        #expect(lint.code == 0, "\(lint.stdout)")
        #expect(!lint.stdout.contains("duplicate"))
        // Undoing the second teach leaves the first one's rule.
        #expect(scratch.run(["undo"]).code == 0)
        #expect(try Store(path: scratch.db, access: .read).rules().map(\.ruleID) == ["r1"])
    }

    @Test func aRuleTheUserAlreadyAddedIsNotTaughtAgain() throws {
        let scratch = Self.recordedRow()
        let added = scratch.run(["rules", "add", "if identity name:padariadoze and direction out => category food.restaurants"])
        #expect(added.code == 0, "\(added.stderr)")
        let taught = scratch.run(["teach", "--id", "a1", "--category", "food.restaurants", "--apply"])
        #expect(taught.stdout.contains("already the rule r1: nothing added"), "\(taught.stdout)")
        #expect(try Store(path: scratch.db, access: .read).rules().count == 1)
        #expect(scratch.run(["rules", "lint"]).code == 0)
    }

    /// Hostile F6: teaching a merchant's row again with another answer and `--apply` replaces the rule the first
    /// answer added (one journal entry: `undo` puts the first rule back), so the new answer decides the merchant's
    /// rows and `rules lint` finds no conflict; without `--apply` teach says the rule still decides, not memory.
    @Test func aChangedAnswerReplacesTheRuleItsFirstAnswerAdded() throws {
        let scratch = Self.recordedRow()
        #expect(scratch.run(["teach", "--id", "a1", "--category", "food.groceries", "--apply"]).stdout.contains("added as r1"))
        let told = scratch.run(["teach", "--id", "a1", "--category", "food.restaurants"])
        #expect(told.stdout.contains("but rule r1 decides these rows first"), "\(told.stdout)")
        #expect(!told.stdout.contains("it now decides this merchant's rows alone"), "\(told.stdout)")
        let changed = scratch.run(["teach", "--id", "a1", "--category", "food.restaurants", "--apply"])
        #expect(changed.code == 0, "\(changed.stderr)")
        #expect(changed.stdout.contains("added as r2, replacing r1"), "\(changed.stdout)")
        let rules = try Store(path: scratch.db, access: .read).rules()
        #expect(rules.map(\.ruleID) == ["r2"] && rules[0].text.contains("food.restaurants"), "\(rules.map(\.text))")
        #expect(scratch.run(["rules", "lint"]).code == 0)
        // A new row of the merchant takes the new answer.
        let resolved = scratch.run(["resolve"], #"{"id":"a2","date":"2026-10-09","description":"PADARIA DO ZE","amount":-30}"# + "\n")
        #expect(resolved.stdout.contains(#""id":"food.restaurants""#), "\(resolved.stdout)")
        // One undo takes back the second teach: r1 is back, r2 gone.
        #expect(scratch.run(["undo"]).code == 0)
        let back = try Store(path: scratch.db, access: .read).rules()
        #expect(back.map(\.ruleID) == ["r1"] && back[0].text.contains("food.groceries"), "\(back.map(\.text))")
    }
}
