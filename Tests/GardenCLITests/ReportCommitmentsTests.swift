import Foundation
import Testing
@testable import GardenCLI

/// The report's commitments are the month's (issue 33): a plan bought in 2018 is not on the October 2026
/// page, a plan running in October is, with the parcel paid (5 of 12), and a parcel before the last one
/// recorded is never due again.
struct ReportCommitmentsTests {
    static let rows = """
    {"id":"old1","date":"2018-03-10","description":"LOJA VELHA PARC 01/12","amount":-50.00,"account":"Nubank"}
    {"id":"new5","date":"2026-10-10","description":"LOJA NOVA PARC 05/12","amount":-80.00,"account":"Nubank"}
    """

    @Test func theReportListsOnlyThePlansRunningInTheMonthWithTheParcelPaid() throws {
        let w = BudgetsSetTests.Workspace()
        #expect(w.run(["resolve", "--record"], Self.rows).code == 0)
        #expect(w.run(["link"]).code == 0)
        let page = w.run(["report", "--month", "2026-10"])
        #expect(page.code == 0, "\(page.stderr)")
        let plans = try #require(page.stdout.range(of: #"id="plans""#).map { String(page.stdout[$0.lowerBound...].prefix(2_000)) })
        #expect(plans.contains("Loja Nova"), "\(plans)")
        #expect(plans.contains(">5/12<"), "\(plans)")
        #expect(!page.stdout.contains("Loja Velha"))
        let links = w.run(["links"]).stdout
        #expect(links.contains("parcel 5 of 12 paid (recorded: 5)"), "\(links)")
        // Parcels 1–4 of Loja Nova were charged before the ledger began: none is due in any month.
        let august = try w.json(["budgets", "--month", "2026-08"])
        #expect((august["commitments"] as? [[String: Any]])?.isEmpty == true)
        let november = try w.json(["budgets", "--month", "2026-11"])
        #expect((november["commitments"] as? [[String: Any]])?.compactMap { $0["number"] as? Int } == [6])
    }
}
