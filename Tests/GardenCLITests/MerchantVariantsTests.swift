import Foundation
import Testing
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands

/// Issue 25, failure 3 and "one payee, many printed forms": a spelling variant of a taught merchant follows it, the
/// user sees it (`garden merchants`) and can keep it apart (`split`) or join two forms by hand (`merge`); both undo.
struct MerchantVariantsTests {
    typealias S = CorrectionScopeTests

    static let rows = [S.row("m1", "MEGA MATE", "-10"), S.row("m2", "MEGA MATTE", "-12"), S.row("m3", "MEGA MATE 0042", "-9"),
                       S.row("o1", "MEGA MODAS", "-80")]

    @Test func aSpellingVariantOfATaughtMerchantFollowsIt() throws {
        let w = S.Workspace()
        S.record(w, Self.rows)
        #expect(S.identity(w, Self.rows[1]) == "name:megamatte")
        _ = S.teach(w, "m1", "food.restaurants")
        #expect(w.run(["recategorize"]).code == 0)
        let after = try S.decided(w, Self.rows)
        #expect(after["m2"]?.category == "food.restaurants", "\(String(describing: after["m2"]))")
        #expect(after["m3"]?.category == "food.restaurants")
        #expect(after["o1"]?.category != "food.restaurants")
        #expect(S.identity(w, Self.rows[1]) == "name:megamate")
        // The list shows the variant under the merchant it follows, and why.
        let listed = w.run(["merchants"])
        #expect(listed.code == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("name:megamate  3 row(s)  memory: food.restaurants"), "\(listed.stdout)")
        #expect(listed.stdout.contains("\"MEGA MATTE\"  1  (name:megamatte: a spelling variant"), "\(listed.stdout)")
    }

    @Test func aSplitKeepsAVariantApartAndUndoJoinsItAgain() throws {
        let w = S.Workspace()
        S.record(w, Self.rows)
        _ = S.teach(w, "m1", "food.restaurants")
        let split = w.run(["merchants", "split", "name:megamatte"])
        #expect(split.code == 0, "\(split.stderr)")
        #expect(S.identity(w, Self.rows[1]) == "name:megamatte")
        #expect(try S.decided(w, Self.rows)["m2"]?.category != "food.restaurants")
        #expect(w.run(["undo"]).stdout.contains("merchants"))
        #expect(try S.decided(w, Self.rows)["m2"]?.category == "food.restaurants")
    }

    @Test func aMergeByHandJoinsTwoFormsTheSimilarityDoesNot() throws {
        let w = S.Workspace()
        let rows = [S.row("c1", "CASA DO PAO DE QUEIJO", "-15"), S.row("c2", "PAG*CPQCONGONHAS", "-11")]
        S.record(w, rows)
        _ = S.teach(w, "c1", "food.restaurants")
        #expect(try S.decided(w, rows)["c2"]?.category != "food.restaurants")
        let own = S.identity(w, rows[1]), target = S.identity(w, rows[0])
        #expect(own != target)
        let merged = w.run(["merchants", "merge", own, "--into", target])
        #expect(merged.code == 0, "\(merged.stderr)")
        #expect(try S.decided(w, rows)["c2"]?.category == "food.restaurants")
        #expect(w.run(["undo"]).code == 0)
        #expect(try S.decided(w, rows)["c2"]?.category != "food.restaurants")
    }

    @Test(arguments: [["merchants", "merge", "name:x"], ["merchants", "merge", "nokey", "--into", "name:y"], ["merchants", "split", "name:x", "--into", "name:y"],
                      ["merchants", "frobnicate"]])
    func badMerchantsArgumentsAreUsageErrors(_ arguments: [String]) {
        let w = S.Workspace()
        #expect(w.run(arguments).code == 64)
    }
}
