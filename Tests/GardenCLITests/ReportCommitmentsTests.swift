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
        #expect(links.contains("parcel 5 of 12 seen; parcels recorded: 1 (5)"), "\(links)")
        // Parcels 1–4 of Loja Nova were charged before the ledger began: none is due in any month.
        let august = try w.json(["budgets", "--month", "2026-08"])
        #expect((august["commitments"] as? [[String: Any]])?.isEmpty == true)
        let november = try w.json(["budgets", "--month", "2026-11"])
        #expect((november["commitments"] as? [[String: Any]])?.compactMap { $0["number"] as? Int } == [6])
    }
}

/// A plan says what is known (ledger6 item 3): with only parcel 10 of 12 recorded, parcel 10 was seen, one parcel is
/// recorded and two remain — never "10 paid (recorded: 10)", which reads as ten recorded parcels. In `links`, its JSON,
/// the report's plans and in both languages.
struct InstallmentPlanWordingTests {
    static let row = #"{"id":"p10","date":"2026-10-10","description":"LOJA NOVA PARC 10/12","amount":-80.00,"account":"Nubank"}"#

    @Test func aPlanWithOneParcelRecordedSaysOneRecordedAndTwoRemaining() throws {
        let w = BudgetsSetTests.Workspace()
        #expect(w.run(["resolve", "--record"], Self.row + "\n").code == 0)
        #expect(w.run(["link"]).code == 0)
        let links = w.run(["links"]).stdout
        #expect(links.contains("parcel 10 of 12 seen; parcels recorded: 1 (10)"), "\(links)")
        #expect(links.contains("2 remaining, R$160.00"), "\(links)")  // money as the English run writes it (issue 36)
        #expect(!links.contains("paid (recorded"), "\(links)")
        let json = w.run(["links", "--json"]).stdout
        let jsonPlans = json.split(separator: "\n").compactMap { line -> [String: Any]? in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?["plan"] as? [String: Any]
        }
        let plan = try #require(jsonPlans.first)
        #expect(plan["recorded"] as? [Int] == [10], "\(plan)")
        #expect(plan["remaining"] as? Int == 2)
        let page = w.run(["report", "--month", "2026-10"])
        let plans = try #require(page.stdout.range(of: #"id="plans""#).map { String(page.stdout[$0.lowerBound...].prefix(2_000)) })
        #expect(plans.contains("10/12"), "\(plans)")
        #expect(plans.contains("recorded: 1"), "\(plans)")
        w.locale = "pt_BR.UTF-8"
        let portuguese = w.run(["links"]).stdout
        #expect(portuguese.contains("parcela 10 de 12 vista; parcelas registradas: 1 (10)"), "\(portuguese)")
        #expect(portuguese.contains("faltam 2"), "\(portuguese)")
        let pagina = w.run(["report", "--month", "2026-10"]).stdout
        let planos = try #require(pagina.range(of: #"id="plans""#).map { String(pagina[$0.lowerBound...].prefix(2_000)) })
        #expect(planos.contains("registradas: 1"), "\(planos)")
    }
}
