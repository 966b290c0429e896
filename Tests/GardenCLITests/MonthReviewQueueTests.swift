import Foundation
import Testing
@testable import GardenCLI
import GardenStore
import GardenLedger

/// A review queue one can finish, and corrections with the right reach (issue 36).
struct MonthReviewQueueTests {
    static let folder = ScriptedMonthTests.folder

    /// The flagged rows of the store, by id.
    static func flagged(_ w: BudgetsSetTests.Workspace) throws -> Set<String> {
        var ids = Set<String>()
        try Store(path: w.db).forEachLedgerEntry(.all, reviewOnly: true) { ids.insert($0.rowID) }
        return ids
    }

    /// The acceptance of issue 36: a generated month's queue, after accepting what garden is fairly sure of
    /// (`--above 0.45`) and teaching the five largest groups left, holds fewer than 15 rows, and none of the
    /// accepted or taught rows is flagged — without a `recategorize`.
    @Test func acceptingWhatGardenIsSureOfAndTeachingTheTopFiveLeavesFewerThanFifteenRows() throws {
        let w = BudgetsSetTests.Workspace()
        let rows = try String(contentsOf: Self.folder.appendingPathComponent("generated-2026-03.jsonl"), encoding: .utf8)
        #expect(w.run(["resolve", "--record"], rows).code == 0)
        let before = try Self.flagged(w)
        #expect(before.count >= 25, "the month should need a review: \(before.count)")
        let accepted = w.run(["review", "accept", "--above", "0.45", "--month", "2026-03"])
        #expect(accepted.code == 0, "\(accepted.stderr)")
        let acceptedRows = before.subtracting(try Self.flagged(w))
        #expect(!acceptedRows.isEmpty)
        var taught = Set<String>()
        for _ in 0..<5 {
            let queue = try Store(path: w.db).reviewQueue(.all)
            guard let group = queue.groups.first else { break }
            let category = group.guess.category == "uncategorized" ? "shopping.general" : group.guess.category
            // Teaching a merchant: one correction, or as many as teach says memory needs (a chain that sells
            // everything, Carrefour, needs two), each on a row still flagged.
            for id in group.rowIDs where try Self.flagged(w).contains(id) {
                let teach = w.run(["teach", "--id", id, "--category", category])
                #expect(teach.code == 0, "\(teach.stderr)")
            }
            taught.formUnion(group.rowIDs)
        }
        let left = try Self.flagged(w)
        #expect(left.count < 15, "\(left.count) row(s) left of \(before.count)")
        #expect(left.isDisjoint(with: acceptedRows.union(taught)), "\(left.intersection(acceptedRows.union(taught)))")
    }

    /// `review accept` by group number: the group's rows leave the queue; an unknown pick changes nothing;
    /// `undo` brings the rows back.
    @Test func acceptingAGroupTakesItsRowsOutAndUndoPutsThemBack() throws {
        let w = BudgetsSetTests.Workspace()
        let rows = try String(contentsOf: Self.folder.appendingPathComponent("generated-2026-03.jsonl"), encoding: .utf8)
        #expect(w.run(["resolve", "--record"], rows).code == 0)
        let before = try Self.flagged(w)
        let refused = w.run(["review", "accept", "2", "999", "--lang", "en"])
        #expect(refused.code == 65 && refused.stderr.contains("999 is no group"), "\(refused.stderr)")
        #expect(try Self.flagged(w) == before)
        let group = try #require(try Store(path: w.db).reviewQueue(.all).groups.dropFirst().first)
        #expect(w.run(["review", "accept", "2"]).code == 0)
        #expect(try Self.flagged(w) == before.subtracting(group.rowIDs))
        #expect(w.run(["undo"]).code == 0)
        #expect(try Self.flagged(w) == before)
    }

    /// A group number counts within the listing of the same scope (newuser36 item 5): with rows of two months flagged,
    /// `review accept 1` without `--month` takes group 1 of `garden review` without it (every month's queue) and names
    /// it; with `--month` it takes that month's group 1 and nothing of the other month.
    @Test func aGroupNumberCountsWithinTheListingOfTheSameScope() throws {
        let w = BudgetsSetTests.Workspace()
        let rows = try String(contentsOf: Self.folder.appendingPathComponent("generated-2026-03.jsonl"), encoding: .utf8)
        let older = #"{"id":"old-1","date":"2010-05-04","amount":400,"description":"COBRANCA","account":"12345-6"}"#
        #expect(w.run(["resolve", "--record"], rows + older + "\n").code == 0)
        let before = try Self.flagged(w)
        #expect(before.contains("old-1"))
        let every = try Store(path: w.db).reviewQueue(.all)
        let listed = w.run(["review", "--limit", "0", "--lang", "en"]).stdout
        let last = every.groups.count
        let group = every.groups[last - 1]
        #expect(listed.contains("\n\(last). "), "\(listed)")
        let unscoped = w.run(["review", "accept", "\(last)", "--lang", "en"])
        #expect(unscoped.code == 0 && unscoped.stdout.contains("accepted group \(last). "), "\(unscoped.stderr)\(unscoped.stdout)")
        #expect(try Self.flagged(w) == before.subtracting(group.rowIDs))
        #expect(w.run(["undo"]).code == 0)
        #expect(try Self.flagged(w) == before)
        let selection = try #require(RowSelection(month: "2026-03", since: nil))
        let march = try #require(try Store(path: w.db).reviewQueue(selection).groups.first)
        #expect(w.run(["review", "accept", "1", "--month", "2026-03"]).code == 0)
        #expect(try Self.flagged(w) == before.subtracting(march.rowIDs))
        #expect(try Self.flagged(w).contains("old-1"))
    }

    /// `row correct ID --category` changes that row alone: another row of the same merchant keeps its
    /// category, merchant memory stays empty, and a recategorize moves nothing.
    @Test func correctingOneRowsCategoryTeachesItsMerchantNothing() throws {
        let w = BudgetsSetTests.Workspace()
        let rows = """
        {"id":"c1","date":"2026-10-01","description":"ACME TECNOLOGIA LTDA","amount":8500.00,"account":"Itau","payment_method":"ted"}
        {"id":"c2","date":"2026-10-20","description":"ACME TECNOLOGIA LTDA","amount":230.00,"account":"Itau","payment_method":"ted"}
        """
        #expect(w.run(["resolve", "--record"], rows).code == 0)
        let before = try Store(path: w.db).ledgerRow(id: "c1").map { LedgerEntry($0).resolution.category }
        let corrected = w.run(["row", "correct", "c2", "--category", "Outras receitas"])  // a display name
        #expect(corrected.code == 0, "\(corrected.stderr)")
        #expect(corrected.stdout.contains("income.other"))
        #expect(try Store(path: w.db).ledgerRow(id: "c2").map { LedgerEntry($0).resolution.category } == "income.other")
        #expect(try Store(path: w.db).ledgerRow(id: "c1").map { LedgerEntry($0).resolution.category } == before)
        let recategorized = w.run(["recategorize"])
        #expect(recategorized.stdout.hasPrefix("2 row(s) examined, 0 changed"), "\(recategorized.stdout)")
        #expect(w.run(["row", "correct", "c2", "--category", "income.other", "--amount", "1"]).code == 64)
    }

    /// A one-word name on a row about a person (a transfer to one "Santos" among many) is recorded for
    /// that row alone: nothing remembered, no rule.
    @Test func aSurnameAloneIsTooBroadToTeach() throws {
        let w = BudgetsSetTests.Workspace()
        let rows = """
        {"id":"s1","date":"2026-10-01","description":"PAG*SANTOS","amount":-50.00,"account":"Itau"}
        {"id":"s2","date":"2026-10-02","description":"PAG*SANTOS","amount":-80.00,"account":"Itau"}
        """
        #expect(w.run(["resolve", "--record"], rows).code == 0)
        let taught = w.run(["teach", "--id", "s1", "--category", "transfer.person"])
        #expect(taught.code == 0, "\(taught.stderr)")
        #expect(taught.stdout.contains("recorded for this row alone: name:santos is one word of a person's name"), "\(taught.stdout)")
        #expect(try Store(path: w.db).ledgerRow(id: "s2").map { LedgerEntry($0).resolution.category } != "transfer.person")
    }

    /// `budgets` and `report` without `--month` take the latest month recorded, and say so.
    @Test func withoutAMonthTheLatestRecordedMonthIsTaken() throws {
        let w = try ScriptedMonthTests.recordedMonth()
        let budgets = w.run(["budgets"])
        #expect(budgets.code == 0)
        #expect(budgets.stdout.hasPrefix("budgets 2026-10:"), "\(budgets.stdout)")
        #expect(budgets.stderr.contains("no --month given: 2026-10, the latest month recorded"))
        let empty = BudgetsSetTests.Workspace()
        #expect(empty.run(["me", "add", "--name", "X Y"]).code == 0)
        #expect(empty.run(["budgets"]).code == 64)
    }
}
