import Testing
import GardenFoundation
import GardenCatalog
@testable import GardenLinking

/// Every row of a cycle counts exactly once in the month's totals (issue 33, "totals that count every row
/// exactly once"; issue 36, "money that adds up"): spending, income, transfers with persons on their own
/// line, and the neutral moves between the holder's own accounts.
struct MonthTotalsTests {
    /// A money-out row under an income category (a salary paid back to the employer) lowers the income;
    /// it used to drop out of both the spending and the income.
    @Test func moneyOutUnderAnIncomeCategoryLowersTheIncome() {
        let rows = [LinkFacts(rowID: "salary", date: "2026-10-05", amount: 850_000, direction: "in", flow: "income", category: "income.salary"),
                    LinkFacts(rowID: "paid-back", date: "2026-10-06", amount: -50_000, direction: "out", flow: "income", category: "income.salary"),
                    Fixture.purchase("p", "2026-10-07", 10_000)]
        let report = BudgetReport(month: "2026-10", rows: rows, links: [])
        #expect(report.received("BRL") == 800_000)
        #expect(report.income.first?.rows == 2)
        #expect((try? report.spending("BRL")) == 10_000)
    }

    /// A Pix to a person and one from a person are their own line (sent, received), never dropped; own-account
    /// transfers and card bills are neutral: counted, neither spending nor income.
    @Test func transfersWithPersonsHaveTheirOwnLineAndOwnMovesStayNeutral() {
        let rows = [Fixture.transfer("to-joana", "2026-10-02", -30_000, account: "Nubank", party: "person:joana"),
                    Fixture.transfer("from-pedro", "2026-10-03", 12_000, account: "Nubank", party: "person:pedro"),
                    Fixture.transfer("to-self", "2026-10-04", -100_000, account: "Nubank", me: true),
                    LinkFacts(rowID: "card-bill", date: "2026-10-10", amount: -45_000, account: "Nubank", direction: "out", flow: "transfer",
                              category: "transfer.card_payment"),
                    Fixture.purchase("p", "2026-10-07", 10_000)]
        let report = BudgetReport(month: "2026-10", rows: rows, links: [])
        let persons = report.transfers(.person, "BRL")
        #expect(persons.sent == 30_000)
        #expect(persons.received == 12_000)
        #expect(persons.rows == 2)
        let neutral = report.transfers(.neutral, "BRL")
        #expect(neutral.sent == 145_000)
        #expect(neutral.rows == 2)
        #expect((try? report.spending("BRL")) == 10_000)
        #expect(report.received("BRL") == 0)
    }

    /// Every row's amount lands in exactly one total: Σ amounts = income − spending + received − sent
    /// (persons) + neutral in − neutral out, on rows of every flow and direction, with a refund and a
    /// transfer pair linked.
    @Test func everyRowCountsExactlyOnce() throws {
        let rows = [LinkFacts(rowID: "salary", date: "2026-10-05", amount: 850_000, direction: "in", flow: "income", category: "income.salary"),
                    LinkFacts(rowID: "back", date: "2026-10-06", amount: -1_000, direction: "out", flow: "income", category: "income.other"),
                    Fixture.purchase("buy", "2026-10-07", 20_000, party: "brand:br_uber"), Fixture.credit("refund", "2026-10-09", 5_000, party: "brand:br_uber"),
                    Fixture.transfer("pix-out", "2026-10-08", -7_000, account: "Nubank", party: "person:ana"),
                    Fixture.transfer("pix-in", "2026-10-08", 2_500, account: "Inter", party: "person:bia"),
                    Fixture.transfer("ted-out", "2026-10-12", -50_000, account: "Nubank", me: true),
                    Fixture.transfer("ted-in", "2026-10-12", 50_000, account: "Inter"),
                    LinkFacts(rowID: "atm", date: "2026-10-13", amount: -20_000, account: "Inter", direction: "out", flow: "transfer", category: "cash.withdrawal")]
        let report = BudgetReport(month: "2026-10", rows: rows, links: Fixture.link(rows))
        #expect(report.transfersExcluded == 2)
        let persons = report.transfers(.person, "BRL"), neutral = report.transfers(.neutral, "BRL")
        let accounted = report.received("BRL") - (try report.spending("BRL")) + persons.received - persons.sent + neutral.received - neutral.sent
        #expect(accounted == rows.reduce(0) { $0 + $1.amount })
        #expect(report.lines.reduce(0) { $0 + $1.rows } + (report.income.first?.rows ?? 0) + persons.rows + neutral.rows == rows.count - 1)  // the refund is absorbed
    }
}

/// The sobra (plan mode) takes only the budgets that have a limit: spending in a budget nobody planned
/// takes nothing from it.
struct SobraTests {
    @Test func theSobraCountsOnlyBudgetsWithALimit() throws {
        let rows = [Fixture.purchase("a", "2026-10-03", 30_000),
                    LinkFacts(rowID: "food", date: "2026-10-04", amount: -99_000, direction: "out", flow: "expense", category: "food.groceries",
                              budget: "mercado", budgetName: "Mercado")]
        let report = BudgetReport(month: "2026-10", rows: rows, links: [])
        var book = try BudgetPlanTests.book()
        book = book.applying(UserBudgets(entries: [.init(id: "compras", limit: 50_000, currency: "BRL")]), taxonomy: try BudgetPlanTests.taxonomy())
        let plan = try BudgetPlan(report: report, book: book, language: .portuguese, commitments: [], today: CivilDay.number("2026-10-31")!)
        #expect(plan.sobra.map(\.spentInBudgets) == [30_000])
        #expect(plan.sobra.map(\.amount) == [20_000])
    }
}

/// Commitments and plans (issue 33): a parcel before the last recorded one was charged, so it is never due
/// again; the evidence names the parcel paid, not how many rows are recorded.
struct PlanProgressTests {
    @Test func parcelsBeforeTheLastRecordedOneAreNotDue() throws {
        let rows = [Fixture.parcel("p5", "2026-10-15", 10_000, 5, of: 12, purchaseDate: "2026-06-15")]
        let links = Fixture.link(rows)
        let october = try #require(PayCycle(month: "2026-10")), november = try #require(PayCycle(month: "2026-11"))
        let facts: (String) -> LinkFacts? = { id in rows.first { $0.rowID == id } }
        #expect(Commitment.due(in: october, links: links, installments: .perMonth, today: october.first, facts: facts).isEmpty)
        #expect(Commitment.due(in: PayCycle(month: "2026-08")!, links: links, installments: .perMonth, today: october.first, facts: facts).isEmpty)
        #expect(Commitment.due(in: november, links: links, installments: .perMonth, today: october.first, facts: facts).map { $0.number ?? 0 } == [6])
    }

    @Test func thePlansEvidenceNamesTheParcelPaid() throws {
        let links = Fixture.link([Fixture.parcel("p3", "2026-02-15", 3_800, 3, of: 12, purchaseDate: "2025-12-15")], kind: .installmentPlan)
        let evidence = try #require(links.first?.evidence.first)
        #expect(evidence.hasPrefix("parcel 3 of 12 seen; parcels recorded: 1 (3)"), "\(evidence)")
        #expect(!evidence.contains("1 of 12"))
    }
}
