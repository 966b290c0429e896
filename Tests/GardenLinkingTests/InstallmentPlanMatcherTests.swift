import Testing
@testable import GardenLinking

/// Installment plans (§9): grouping, paid and remaining parcels, missing parcels, and two plans kept apart.
struct InstallmentPlanMatcherTests {
    @Test func parcelsOfOnePurchaseFormOnePlan() throws {
        let links = Fixture.link([Fixture.parcel("p1", "2026-07-15", 10_000, 1, of: 10), Fixture.parcel("p2", "2026-08-15", 10_000, 2, of: 10),
                                  Fixture.parcel("p4", "2026-10-15", 10_000, 4, of: 10)], kind: .installmentPlan)
        #expect(links.count == 1)
        let plan = try #require(links.first?.plan)
        #expect(links.first?.rows == ["p1", "p2", "p4"])
        #expect(plan.purchaseDate == "2026-07-15")
        #expect(plan.paid == 4)
        #expect(plan.remaining == 6)
        #expect(plan.remainingAmount == 60_000)
        #expect(plan.totalAmount == 100_000)
        #expect(plan.missing == [InstallmentPlan.Missing(number: 3, month: "2026-09")])
    }

    @Test func parcelsDatedAtThePurchaseGroupByTheGivenPurchaseDate() {
        let links = Fixture.link([Fixture.parcel("a", "2026-09-03", 5_000, 2, of: 3, purchaseDate: "2026-08-03"),
                                  Fixture.parcel("b", "2026-10-03", 5_000, 3, of: 3, purchaseDate: "2026-08-03")], kind: .installmentPlan)
        #expect(links.map(\.rows) == [["a", "b"]])
        #expect(links.first?.plan?.remaining == 0)
    }

    @Test func twoPlansOfTheSameMerchantAndTotalBoughtOnDifferentDaysStayApart() {
        let links = Fixture.link([Fixture.parcel("x1", "2026-09-05", 5_000, 1, of: 6), Fixture.parcel("y1", "2026-09-12", 5_000, 1, of: 6),
                                  Fixture.parcel("x2", "2026-10-05", 5_000, 2, of: 6), Fixture.parcel("y2", "2026-10-12", 5_000, 2, of: 6)],
                                 kind: .installmentPlan)
        #expect(links.map(\.rows).sorted { $0[0] < $1[0] } == [["x1", "x2"], ["y1", "y2"]])
    }

    /// Two plans bought the same day at one store with the same number of parcels are two plans: told apart by
    /// their parcel amount (the first parcel's rounding cent aside), and, amounts equal, by their parcels of one number.
    @Test func twoPlansBoughtTheSameDayAtOneStoreStayApart() {
        let byAmount = Fixture.link([Fixture.parcel("a1", "2026-08-05", 10_001, 1, of: 3), Fixture.parcel("b1", "2026-08-05", 4_000, 1, of: 3),
                                     Fixture.parcel("a2", "2026-09-05", 10_000, 2, of: 3), Fixture.parcel("b2", "2026-09-05", 4_000, 2, of: 3),
                                     Fixture.parcel("a3", "2026-10-05", 10_000, 3, of: 3)], kind: .installmentPlan)
        #expect(byAmount.map(\.rows).sorted { $0[0] < $1[0] } == [["a1", "a2", "a3"], ["b1", "b2"]])
        #expect(byAmount.compactMap(\.plan?.totalAmount).sorted() == [12_000, 30_001])
        #expect(Set(byAmount.map(\.key)).count == 2)
        let twins = Fixture.link([Fixture.parcel("c2", "2026-09-05", 5_000, 2, of: 3), Fixture.parcel("d2", "2026-09-05", 5_000, 2, of: 3),
                                  Fixture.parcel("c3", "2026-10-05", 5_000, 3, of: 3), Fixture.parcel("d3", "2026-10-05", 5_000, 3, of: 3)],
                                 kind: .installmentPlan)
        #expect(twins.map(\.rows).sorted { $0[0] < $1[0] } == [["c2", "c3"], ["d2", "d3"]])
        #expect(twins.allSatisfy { $0.plan?.remaining == 0 })
    }

    /// Rows without an account say so in the evidence, never `account ?`.
    @Test func aPlanOnRowsWithoutAnAccountSaysSo() {
        let parcels = [("n1", "2026-09-05", 1), ("n2", "2026-10-05", 2)].map { id, date, number in
            LinkFacts(rowID: id, date: date, amount: -5_000, direction: "out", flow: "expense", category: "shopping.general",
                      party: "desc:loja aurora", nature: .purchase, installmentNumber: number, installmentTotal: 3)
        }
        let evidence = Fixture.link(parcels, kind: .installmentPlan).first?.evidence.first ?? ""
        #expect(evidence.contains("(no account on the rows)") && !evidence.contains("?"), "\(evidence)")
    }
}

/// The plan's total when the input gives none (issue 20): each recorded parcel as charged, so the first
/// parcel's rounding cent stays in it.
struct InstallmentPlanTotalTests {
    @Test func theFirstParcelsRoundingCentStaysInTheTotal() throws {
        let links = Fixture.link([Fixture.parcel("p1", "2026-08-10", 10_001, 1, of: 3), Fixture.parcel("p2", "2026-09-10", 10_000, 2, of: 3),
                                  Fixture.parcel("p3", "2026-10-10", 10_000, 3, of: 3)], kind: .installmentPlan)
        let plan = try #require(links.first?.plan)
        #expect(plan.totalAmount == 30_001)
        #expect(plan.remainingAmount == 0)
    }

    @Test func parcelsNotRecordedCountAtTheLastParcelsAmount() throws {
        let links = Fixture.link([Fixture.parcel("p1", "2026-08-10", 10_001, 1, of: 4), Fixture.parcel("p3", "2026-10-10", 10_000, 3, of: 4)],
                                 kind: .installmentPlan)
        let plan = try #require(links.first?.plan)
        #expect(plan.totalAmount == 10_001 + 10_000 + 2 * 10_000)
        #expect(plan.remainingAmount == 10_000)
    }

    @Test func aHugePlanSaturatesInsteadOfTrapping() {
        let parcels = [Fixture.parcel("p1", "2026-08-10", Int64.max - 1, 1, of: 3)]
        #expect(InstallmentPlanMatcher.total(parcels, count: 3, parcelAmount: Int64.max - 1) == Int64.max)
    }
}
