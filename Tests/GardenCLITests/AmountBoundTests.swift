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
import GardenFoundation

/// Amounts are bounded where rows are read (a clear error naming the line and field, the rest of the
/// stream still resolved), and rows an older garden recorded with a larger amount are reported and left
/// out by `budgets` and `link`, never a crash (`-92233720368547758.07` twice in a month trapped both).
struct AmountBoundTests {
    static let huge = "-92233720368547758.07"

    @Test func anAmountBeyondTheBoundIsALineErrorAndTheStreamGoesOn() throws {
        let scratch = ScratchFolder()
        let input = [#"{"id":"h1","date":"2026-03-02","description":"LOJA X","amount":\#(Self.huge)}"#,
                     #"{"id":"h2","date":"2026-03-03","description":"LOJA X","amount":"-10000000000000.00"}"#,
                     #"{"id":"ok","date":"2026-03-04","description":"LOJA X","amount":-12.5}"#].joined(separator: "\n") + "\n"
        let resolved = scratch.run(["resolve", "--record"], input)
        #expect(resolved.code == Exit.dataError)
        #expect(resolved.lines.count == 1)
        #expect(resolved.stderr == """
            garden: line 1: field "amount": amount out of range: \(Self.huge) (garden reads amounts up to 9999999999999.99)
            garden: line 2: field "amount": amount out of range: "-10000000000000.00" (garden reads amounts up to 9999999999999.99)
            garden: recorded 1 row(s): 1 new, 0 updated, 0 unchanged; 1 flagged for review (garden review lists them)

            """)
        #expect(try scratch.ledgerCount() == 1)
        let budgets = scratch.run(["budgets", "--month", "2026-03"])
        #expect(budgets.code == 0, "\(budgets.stderr)")
    }

    /// Two rows of one month recorded by an older garden with amounts at the limit of Int64.
    static func legacyStore() throws -> ScratchFolder {
        let scratch = ScratchFolder()
        #expect(scratch.record(3).code == 0)
        let store = try Store(path: scratch.db)
        let template = try #require(try store.ledgerRow(id: "r1"))
        var legacy: [LedgerRow] = []
        for (id, day) in [("big1", "2026-03-10"), ("big2", "2026-03-11")] {
            var row = template
            row.rowID = id
            row.date = day
            row.raw = #"{"id":"\#(id)","date":"\#(day)","description":"PADARIA DO ZE","amount":\#(Self.huge)}"#
            legacy.append(row)
        }
        try store.record(legacy)
        return scratch
    }

    @Test func budgetsReportsARecordedRowBeyondTheBoundAndLeavesItOut() throws {
        let scratch = try Self.legacyStore()
        let budgets = scratch.run(["budgets", "--month", "2026-03"])
        #expect(budgets.code == Exit.dataError)
        #expect(budgets.stderr.hasSuffix("""
            garden: row big1: field "amount": amount out of range: \(Self.huge) (garden reads amounts up to 9999999999999.99); left out of the budgets
            garden: row big2: field "amount": amount out of range: \(Self.huge) (garden reads amounts up to 9999999999999.99); left out of the budgets

            """), "\(budgets.stderr)")
        #expect(budgets.stdout.contains("(3 row(s))"), "\(budgets.stdout)")
    }

    @Test func linkReportsARecordedRowBeyondTheBoundAndLeavesItOut() throws {
        let scratch = try Self.legacyStore()
        let linked = scratch.run(["link"])
        #expect(linked.code == Exit.dataError, "\(linked.stderr)")
        #expect(linked.stdout.hasPrefix("3 row(s) examined"), "\(linked.stdout)")
        #expect(linked.stderr == """
            garden: row big1: field "amount": amount out of range: \(Self.huge) (garden reads amounts up to 9999999999999.99); left out of linking
            garden: row big2: field "amount": amount out of range: \(Self.huge) (garden reads amounts up to 9999999999999.99); left out of linking

            """)
        // Linking again examines nothing new and still does not trap; budgets then work.
        #expect(scratch.run(["link", "--since", "2026-01-01"]).code == Exit.dataError)
        #expect(scratch.run(["budgets", "--month", "2026-03"]).stdout.contains("(3 row(s))"))
    }
}
