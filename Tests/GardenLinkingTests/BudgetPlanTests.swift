import Testing
import GardenFoundation
import GardenCatalog
@testable import GardenLinking

/// Pay cycles, the pace, what rolls over, commitments due and the sobra, on rows built here.
struct BudgetPlanTests {
    @Test(arguments: [
        ("2026-10", 1, "2026-10-01", "2026-10-31"),
        ("2026-10", 5, "2026-10-05", "2026-11-04"),
        ("2026-01", 31, "2026-01-31", "2026-02-27"),
        ("2026-02", 31, "2026-02-28", "2026-03-30"),
        ("2026-12", 10, "2026-12-10", "2027-01-09"),
    ])
    func aCycleRunsFromPaydayToTheDayBeforeTheNext(month: String, start: Int, first: String, last: String) throws {
        let cycle = try #require(PayCycle(month: month, startDay: start))
        #expect(cycle.firstDate == first)
        #expect(cycle.lastDate == last)
        #expect(PayCycle.containing(cycle.first, startDay: start) == cycle)
        #expect(PayCycle.containing(cycle.last, startDay: start) == cycle)
        #expect(PayCycle.containing(cycle.last + 1, startDay: start) == cycle.adding(1))
        #expect(cycle.adding(1).adding(-1) == cycle)
    }

    @Test func notAMonthIsNoCycle() {
        #expect(PayCycle(month: "2026-13") == nil)
        #expect(PayCycle(month: "2026-10", startDay: 0) == nil)
        #expect(PayCycle(month: "2026-1") == nil)
    }

    @Test(arguments: [(0, 0, 31, nil), (10_000, 31, 31, 100), (5_000, 10, 31, 155), (1, 31, 31, 0), (-5_000, 31, 31, -50), (60, 31, 31, 1)] as [(Int64, Int, Int, Int?)])
    func thePaceIsSpendingAgainstTheDaysGone(spent: Int64, gone: Int, days: Int, percent: Int?) {
        #expect(BudgetPlan.pace(netCost: spent, available: gone == 0 ? 0 : 10_000, daysGone: gone, days: days) == percent)
    }

    @Test func aLimitLeavesWhatIsNotSpentAndTheSobraTakesCommitments() throws {
        let rows = [Fixture.purchase("a", "2026-10-03", 30_000), Fixture.parcel("p1", "2026-09-15", 10_000, 1, of: 3),
                    Fixture.parcel("p2", "2026-10-15", 10_000, 2, of: 3)]
        let links = Fixture.link(rows)
        let november = try #require(PayCycle(month: "2026-11"))
        let report = BudgetReport(cycle: november, rows: rows, links: links)
        var book = try Self.book()
        book = book.applying(UserBudgets(entries: [.init(id: "compras", limit: 50_000, currency: "BRL")]), taxonomy: try Self.taxonomy())
        let due = Commitment.due(in: november, links: links, installments: .perMonth, today: CivilDay.number("2026-11-01")!) { id in rows.first { $0.rowID == id } }
        #expect(due.map { "\($0.kind) \($0.date) \($0.amount) \($0.number ?? 0)/\($0.count ?? 0)" } == ["parcel 2026-11-15 10000 3/3"])
        let plan = try BudgetPlan(report: report, book: book, language: .portuguese, commitments: due, today: CivilDay.number("2026-11-01")!)
        #expect(plan.lines.map { "\($0.budget ?? "-") \($0.netCost) \($0.left ?? 0)" } == ["compras 0 50000"])
        #expect(plan.sobra.first?.amount == 40_000)
        #expect(Commitment.due(in: november, links: links, installments: .atPurchase, today: 0) { _ in nil }.isEmpty)
    }

    @Test func whatIsLeftRollsOverFromTheCycleItWasSetIn() throws {
        let rows = [Fixture.purchase("a", "2026-08-03", 30_000), Fixture.purchase("b", "2026-09-03", 60_000)]
        let reports = try ["2026-08", "2026-09"].map { BudgetReport(month: $0, rows: rows, links: []) }
        var budget = Budget(id: "compras", namePT: "Compras", nameEN: "Shopping", categories: [], merchants: [], source: BudgetBook.userSource)
        budget.limit = 50_000
        budget.rollover = true
        budget.rolloverFrom = "2026-08"
        #expect(try BudgetPlan.carry(of: budget, over: reports) == 10_000)  // +200.00 − 100.00
        budget.rolloverFrom = "2026-09"
        #expect(try BudgetPlan.carry(of: budget, over: reports) == -10_000)
        budget.rollover = false
        #expect(try BudgetPlan.carry(of: budget, over: reports) == 0)
    }

    /// A taxonomy of the ids garden requires (and their groups) plus shopping.general in budget compras.
    static func taxonomy() throws -> Taxonomy {
        let ids = Set(CategoryID.required.flatMap { id in [id, String(id.split(separator: ".")[0])] }).subtracting(["shopping.general"])
        var text = ids.sorted { ($0.contains(".") ? 1 : 0, $0) < ($1.contains(".") ? 1 : 0, $1) }.map { id in
            let parent = id.contains(".") ? String(id.split(separator: ".")[0]) : "-"
            return "\(id)\t\(parent)\t\(id)\t\(id)\t-\n"
        }.joined()
        text += "shopping.general\tshopping\tLojas\tGeneral\tcompras\n"
        return try Taxonomy(TSVFile(name: "taxonomy.tsv", text: text, minimumColumns: 5))
    }

    static func book() throws -> BudgetBook {
        try BudgetBook(TSVFile(name: "budgets.tsv", text: "compras\tCompras\tShopping\tshopping\t-\n", minimumColumns: 5), taxonomy: taxonomy())
    }
}
