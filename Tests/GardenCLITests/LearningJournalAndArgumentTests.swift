import Foundation
import Testing
import GardenStore
import GardenSQLite
import GardenLedger
import GardenLinkStore
import GardenSnapshot
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands

/// Issue 11: journal edges and stray arguments.
struct LearningJournalAndArgumentTests {
    typealias Workspace = LearningEndToEndTests.Workspace

    /// A recategorize that changes nothing writes no journal entry and says so: the next undo reverts the change
    /// before it (the teach), not an empty run that undoes nothing visible (ledger6 item 5).
    @Test func aRecategorizeThatChangesNothingWritesNoJournalEntry() throws {
        let w = Workspace()
        #expect(w.run(["resolve", "--record"], #"{"id":"a","description":"NETFLIX.COM","amount":-39.9}"# + "\n").code == 0)
        #expect(w.run(["teach", "--id", "a", "--category", "education"]).code == 0)
        let before = w.run(["undo", "--list"]).stdout
        let idle = w.run(["recategorize"])
        #expect(idle.code == 0)
        #expect(idle.stdout.contains("0 changed"))
        #expect(idle.stdout.contains("nothing changed"), "\(idle.stdout)")
        #expect(!idle.stdout.contains("journal entry"), "\(idle.stdout)")
        #expect(w.run(["undo", "--list"]).stdout == before)
        // undo now reverts the teach, the last change the user made.
        let undone = w.run(["undo"])
        #expect(undone.stdout.hasPrefix("undone: teach"), "\(undone.stdout)")
        #expect(try Store(path: w.db).ledgerRow(id: "a")?.category == "subscriptions.streaming")
    }

    @Test func undoAndRulesAcceptData() {
        let w = Workspace()
        let data = ResolveCommandTests.root.path
        #expect(w.run(["rules", "--data", data, "add", #"if description "netflix" => category education"#]).code == 0)
        #expect(w.run(["rules", "list", "--data", data]).stdout.contains("r1"))
        #expect(w.run(["undo", "--data", data]).stdout.hasPrefix("undone: rules"))
    }

    @Test(arguments: [["recategorize", "list"], ["undo", "now"], ["teach", "--category", "education", "extra"], ["explain", "x"],
                      ["rules", "list", "x"], ["rules", "remove", "r1", "r2"], ["categories", "x"], ["version", "x"],
                      ["resolve", "a.jsonl", "b.jsonl"], ["eval", "a.jsonl", "b.jsonl"], ["me", "list", "x"]])
    func strayArgumentsAreUsageErrors(_ arguments: [String]) {
        let w = Workspace()
        let out = w.run(arguments, #"{"description":"NETFLIX.COM","amount":-39.9}"#)
        #expect(out.code == 64, "\(arguments): \(out.stderr)")
        #expect(out.stderr.contains("unexpected argument"), "\(arguments): \(out.stderr)")
    }
}
