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

/// The one row reader's error contract: a row that cannot be read is reported by its line or row id
/// and never dropped silently, in every command.
struct RowReaderContractTests {
    static func scratchStore() throws -> String {
        let folder = NSTemporaryDirectory() + "garden-rowreader-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder + "/garden.db"
    }

    @Test func recategorizeReportsAnUnreadableStoredRowAndKeepsIt() throws {
        let db = try Self.scratchStore()
        let recorded = ResolveCommandTests.run(["resolve", "--record", "--db", db], #"{"id":"good","description":"NETFLIX.COM","amount":-39.90}"# + "\n")
        #expect(recorded.code == 0)
        let store = try Store(path: db)
        let broken = LedgerRow(rowID: "broken", raw: #"{"description":"X","amount":"12,34,5"}"#, folded: "x", merchantKey: nil, direction: nil,
                               date: nil, resolution: "{}", category: "other", source: "fallback", rule: nil)
        try store.record([broken])
        for arguments in [["recategorize", "--dry-run", "--db", db], ["recategorize", "--db", db]] {
            let run = ResolveCommandTests.run(arguments, "")
            #expect(run.code == 65)
            #expect(run.stderr.contains(#"garden: row broken: field "amount": not a number: "12,34,5"; left as it is"#))
            #expect(run.stdout.hasPrefix("1 row(s) examined"))
        }
        #expect(try Store(path: db, access: .read).ledgerRow(id: "broken")?.raw == broken.raw)
    }

    @Test func budgetsReportAnUnreadableStoredRow() throws {
        let db = try Self.scratchStore()
        let recorded = ResolveCommandTests.run(["resolve", "--record", "--db", db], #"{"id":"good","date":"2026-09-02","description":"NETFLIX.COM","amount":-39.90}"# + "\n")
        #expect(recorded.code == 0)
        let broken = LedgerRow(rowID: "broken", raw: #"{"description":"X","date":"2026-09-03","amount":"1,2,3"}"#, folded: "x", merchantKey: nil,
                               direction: "out", date: "2026-09-03", resolution: "{}", category: "other", source: "fallback", rule: nil)
        try Store(path: db).record([broken])
        let run = ResolveCommandTests.run(["budgets", "--month", "2026-09", "--db", db], "")
        #expect(run.code == 65)
        #expect(run.stderr.contains(#"garden: row broken: field "amount": not a number: "1,2,3"; left out of the budgets"#))
        #expect(run.stdout.contains("assinaturas"))
    }

    @Test(arguments: [["explain", "--lang", "xx"], ["categories", "--lang", "xx"], ["resolve", "--lang", "xx"]])
    func anUnknownLanguageIsAUsageError(_ arguments: [String]) {
        let run = ResolveCommandTests.run(arguments, #"{"description":"NETFLIX.COM","amount":-1}"# + "\n")
        #expect(run.code == 64)
        #expect(run.stderr.hasPrefix("garden: --lang must be pt or en, got xx"))
        #expect(run.stdout.isEmpty)
    }

    @Test func aStdinRowThatCannotBeReadNamesItsLine() {
        let run = ResolveCommandTests.run(["explain", "--db", "/nonexistent/garden.db"], "\n" + #"{"description":"X","amount":"1,2,3"}"# + "\n")
        #expect(run.code == 65)
        #expect(run.stderr == #"garden: line 2: field "amount": not a number: "1,2,3""# + "\n")
    }
}
