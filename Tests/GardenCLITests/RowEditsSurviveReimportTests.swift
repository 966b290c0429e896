import Foundation
import Testing
@testable import GardenCLI
import GardenStore

/// A row the user corrected or deleted by hand stays as they left it when a later, overlapping export records its line
/// again (issue 33: every month's card export overlaps the last; a correction must not last only until the next import).
struct RowEditsSurviveReimportTests {
    static let lines = [
        #"{"id":"r1","date":"2026-10-02","amount":-99.99,"description":"SANTOS PEDREIRA","account":"nu"}"#,
        #"{"id":"r2","date":"2026-10-03","amount":-3.00,"description":"SORVETES MASTER","account":"nu"}"#,
        #"{"id":"r3","date":"2026-10-04","amount":-10.00,"description":"PADARIA DO ZE","account":"nu"}"#,
    ].joined(separator: "\n") + "\n"

    func raws(_ w: StoreHardeningTests.Workspace) throws -> [String: String] {
        var raws: [String: String] = [:]
        try Store(path: w.db).forEachLedgerRow { raws[$0.rowID] = $0.raw }
        return raws
    }

    @Test func aCorrectedRowKeepsItsCorrectionAndADeletedRowStaysDeletedWhenItsLineIsRecordedAgain() throws {
        let w = StoreHardeningTests.Workspace()
        #expect(w.run(["resolve", "--record"], Self.lines).code == 0)
        let corrected = w.run(["row", "correct", "r1", "--amount", "-89.99", "--description", "SANTOS PEDREIRA MATERIAIS"])
        #expect(corrected.code == 0, "\(corrected.stderr)")
        #expect(w.run(["row", "delete", "r2"]).code == 0)
        let again = w.run(["resolve", "--record", "--lang", "en"], Self.lines)
        #expect(again.code == 0)
        #expect(again.stderr.contains("1 row(s) kept as you corrected them") && again.stderr.contains("1 row(s) you deleted not recorded again"),
                "\(again.stderr)")
        let raws = try raws(w)
        #expect(raws.keys.sorted() == ["r1", "r3"], "\(raws.keys)")
        #expect(raws["r1"]?.contains("-89.99") == true && raws["r1"]?.contains("MATERIAIS") == true, "\(raws["r1"] ?? "")")
    }

    @Test func undoingADeleteLetsTheLineBeRecordedAgain() throws {
        let w = StoreHardeningTests.Workspace()
        #expect(w.run(["resolve", "--record"], Self.lines).code == 0)
        #expect(w.run(["row", "delete", "r2"]).code == 0)
        #expect(try raws(w)["r2"] == nil)
        // undo of the delete puts the row back and takes the mark away with it.
        #expect(w.run(["undo"]).code == 0)
        #expect(try raws(w)["r2"] != nil)
        let again = w.run(["resolve", "--record", "--lang", "en"], Self.lines)
        #expect(again.code == 0 && !again.stderr.contains("not recorded again"), "\(again.stderr)")
        #expect(try raws(w).keys.sorted() == ["r1", "r2", "r3"])
    }
}
