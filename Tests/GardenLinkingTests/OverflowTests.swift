import Testing
import GardenFoundation
@testable import GardenLinking

/// Sums and comparisons of amounts are checked: amounts at the limit of `Int64` minor units (rows an older
/// garden recorded, before amounts were bounded) never trap a report or a matcher.
struct OverflowTests {
    static let huge = Int64.max - 7

    @Test func aBudgetWhoseTotalWouldOverflowLeavesTheRowOutAndSaysSo() {
        let rows = [Fixture.purchase("h1", "2026-03-02", Self.huge), Fixture.purchase("h2", "2026-03-09", Self.huge),
                    Fixture.purchase("ok", "2026-03-10", 1_250)]
        let report = BudgetReport(month: "2026-03", rows: rows, links: [])
        // The first fits; the second and then the ordinary one would carry the budget's total past Int64.max.
        #expect(report.overflowed == ["h2", "ok"])
        #expect(report.lines.map(\.netCost) == [Self.huge])
        #expect(report.lines.map(\.rows) == [1])
        // A refund of Int64.min's magnitude has no negation: left out too.
        let minimum = BudgetReport(month: "2026-03", rows: [Fixture.credit("m", "2026-03-05", Int64.min), Fixture.purchase("ok", "2026-03-10", 1_250)], links: [])
        #expect(minimum.overflowed == ["m"])
        #expect(minimum.lines.map(\.netCost) == [1_250])
    }

    @Test func matchersCompareAmountsAtTheLimitWithoutTrapping() {
        // A monthly series and an installment plan of amounts near Int64.max, and a huge parcel count.
        let series = (1...4).map { Fixture.purchase("s\($0)", "2026-0\($0)-05", $0 == 4 ? Self.huge : Self.huge / 2, party: "brand:br_claro") }
        let parcels = (1...2).map { Fixture.parcel("p\($0)", "2026-0\($0)-10", Self.huge, $0, of: 1_000_000) }
        let refund = [Fixture.purchase("b", "2026-03-01", Self.huge, party: "brand:br_amazon"), Fixture.credit("c", "2026-03-03", Self.huge, party: "brand:br_amazon")]
        let links = Fixture.link(series + parcels + refund)
        #expect(links.contains { $0.kind == .installmentPlan })
        #expect(RecurringSeriesMatcher.basisPoints(from: 1, to: Self.huge) == Int(Int32.max))
        #expect(RecurringSeriesMatcher.basisPoints(from: 10_000, to: 10_500) == 500)
        #expect(!RecurringSeriesMatcher.within(Self.huge, tenPercentOf: 0))
        #expect(RecurringSeriesMatcher.within(10_900, tenPercentOf: 10_000))
    }

    @Test func netAmountsHoldAtTheLimit() {
        let link = Link(kind: .refund, status: .applied, rows: ["a", "b"], confidence: Confidence(perMille: 900), evidence: [], effect: Self.huge)
        #expect(NetAmount.of(rowID: "a", amount: Self.huge, links: [link, link]) == Int64.max)
    }
}
