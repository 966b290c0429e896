import Foundation
import Testing
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands
import GardenStore
import GardenSQLite
import GardenLedger
import GardenLinkStore
import GardenSnapshot

/// A recategorize run cut short (killed, or a chunk failing) leaves a journal entry that says it was
/// interrupted and counts what was committed; `undo` reverts exactly that and says the same count.
struct InterruptedRunTests {
    @Test func aRunCutShortCountsWhatWasCommitted() throws {
        let scratch = ScratchFolder()
        let rows = (1...2_500).map { #"{"id":"i\#($0)","date":"2026-05-03","description":"PADARIA DO ZE \#($0)","amount":-\#($0)}"# }
        #expect(scratch.run(["resolve", "--record"], rows.joined(separator: "\n") + "\n").code == 0)
        #expect(scratch.run(["rules", "add", #"if description "padaria do ze" => category food.restaurants"#]).code == 0)
        // The run is cut short once its second chunk starts writing (the rule took one journal row, the first
        // chunk 1,000): what a kill -9 there leaves.
        let store = try Store(path: scratch.db)
        try store.db.execute("""
            CREATE TRIGGER cut_short BEFORE UPDATE ON ledger WHEN (SELECT COUNT(*) FROM journal_rows) > 1001
            BEGIN SELECT RAISE(ABORT, 'cut short'); END
            """)
        let run = scratch.run(["recategorize"])
        #expect(run.code != 0)
        try store.db.execute("DROP TRIGGER cut_short")
        let entry = try #require(try store.history().first)
        #expect(entry.kind == "recategorize")
        #expect(entry.summary == "interrupted: 1000 of 2500 changed row(s) written before the run was cut short (2500 row(s) examined); garden undo reverts those",
                "\(entry.summary)")
        var moved = 0
        try store.forEachLedgerRow { if $0.category == "food.restaurants" { moved += 1 } }
        #expect(moved == 1_000)
        let undone = scratch.run(["undo"])
        #expect(undone.code == 0, "\(undone.stderr)")
        #expect(undone.stdout == "undone: recategorize interrupted: 1000 of 2500 changed row(s) written before the run was cut short (2500 row(s) examined); garden undo reverts those (journal entry \(entry.id))\n")
        moved = 0
        try store.forEachLedgerRow { if $0.category == "food.restaurants" { moved += 1 } }
        #expect(moved == 0)
    }

    @Test func aRunThatFinishesSaysWhatItDid() throws {
        let scratch = ScratchFolder()
        let rows = (1...1_200).map { #"{"id":"f\#($0)","description":"PADARIA DO ZE \#($0)","amount":-\#($0)}"# }
        #expect(scratch.run(["resolve", "--record"], rows.joined(separator: "\n") + "\n").code == 0)
        #expect(scratch.run(["rules", "add", #"if description "padaria do ze" => category food.restaurants"#]).code == 0)
        #expect(scratch.run(["recategorize"]).code == 0)
        #expect(try Store(path: scratch.db, access: .read).history().first?.summary == "1200 row(s) examined, 1200 changed")
    }
}
