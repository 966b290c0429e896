import Testing
import GardenFoundation
@testable import GardenLinking

/// The budget report counts net cost: refunds and IOF applied, transfers out, installments by month or at purchase.
struct BudgetReportTests {
    @Test func netCostPerBudget() throws {
        let rows = [Fixture.purchase("p", "2026-10-01", 10_000), Fixture.credit("c", "2026-11-02", 3_000),
                    Fixture.purchase("steam", "2026-10-03", 20_000, party: "desc:steam", foreign: true), Fixture.iof("iof", "2026-10-04", 676),
                    Fixture.transfer("out", "2026-10-05", -50_000, account: "Nubank", me: true), Fixture.transfer("in", "2026-10-05", 50_000, account: "Inter")]
        let links = Fixture.link(rows)
        let october = BudgetReport(month: "2026-10", rows: rows, links: links)
        #expect(october.lines.map(\.budget) == ["compras"])
        #expect(october.lines.first?.netCost == 27_676)  // 100.00 − 30.00 refunded + 200.00 + 6.76 IOF
        #expect(october.transfersExcluded == 2)
        let november = BudgetReport(month: "2026-11", rows: rows, links: links)
        #expect(november.lines.isEmpty)
    }

    @Test func installmentsInTheirMonthOrAtPurchase() {
        let rows = [Fixture.parcel("p1", "2026-09-15", 10_000, 1, of: 3), Fixture.parcel("p2", "2026-10-15", 10_000, 2, of: 3)]
        let links = Fixture.link(rows)
        #expect(BudgetReport(month: "2026-10", rows: rows, links: links).lines.first?.netCost == 10_000)
        #expect(BudgetReport(month: "2026-10", rows: rows, links: links, installments: .atPurchase).lines.isEmpty)
        #expect(BudgetReport(month: "2026-09", rows: rows, links: links, installments: .atPurchase).lines.first?.netCost == 30_000)
    }

    @Test func moneyIsWrittenExactly() {
        #expect(Money.display(248_400, currency: "BRL") == "R$ 2.484,00")
        #expect(Money.display(-123_456_789, currency: "USD") == "-US$ 1,234,567.89")
        #expect(Money.decimal(-5, currency: "BRL") == "-0.05")
        #expect(Money.decimal(1_000, currency: "JPY") == "1000")
    }

    @Test func civilDaysRoundTrip() {
        #expect(CivilDay.number("1970-01-01") == 0)
        #expect(CivilDay.text(CivilDay.number("2024-02-29")!) == "2024-02-29")
        #expect(CivilDay.text(CivilDay.adding(months: 1, to: CivilDay.number("2026-01-31")!)) == "2026-02-28")
        #expect(CivilDay.text(CivilDay.adding(months: -13, to: CivilDay.number("2026-03-15")!)) == "2025-02-15")
    }
}
