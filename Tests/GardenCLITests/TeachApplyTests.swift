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
}
