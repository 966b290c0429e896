import Testing
@testable import GardenLinking

/// Recurring series (§9): period, typical amount, next date, and the > 5 % change flag.
struct RecurringSeriesMatcherTests {
    static func rent(_ id: String, _ date: String, _ amount: Int64) -> LinkFacts {
        Fixture.purchase(id, date, amount, party: "person:joana lima")
    }

    @Test func monthlyRentIsASeriesAndItsRiseIsFlagged() throws {
        let links = Fixture.link([Self.rent("r1", "2026-07-05", 230_000), Self.rent("r2", "2026-08-05", 230_000),
                                  Self.rent("r3", "2026-09-04", 230_000), Self.rent("r4", "2026-10-05", 248_400)], kind: .recurring)
        #expect(links.count == 1)
        let series = try #require(links.first?.series)
        #expect(series.period == .monthly)
        #expect(series.typicalAmount == 230_000)
        #expect(series.nextExpected == "2026-11-05")
        #expect(series.changeBasisPoints == 800)
        #expect(series.change == "person:joana lima went up 8 %: R$ 2.300,00 → R$ 2.484,00")
    }

    @Test func weeklyAndYearlyPeriods() {
        let weekly = Fixture.link(["2026-10-01", "2026-10-08", "2026-10-15"].enumerated().map { Self.rent("w\($0.offset)", $0.element, 5_000) },
                                  kind: .recurring)
        #expect(weekly.first?.series?.period == .weekly)
        let yearly = Fixture.link(["2024-03-10", "2025-03-11", "2026-03-10"].enumerated().map { Self.rent("y\($0.offset)", $0.element, 90_000) },
                                  kind: .recurring)
        #expect(yearly.first?.series?.period == .yearly)
        #expect(yearly.first?.series?.change == nil)
    }

    @Test func twoOccurrencesOrScatteredAmountsAreNoSeries() {
        #expect(Fixture.link([Self.rent("a", "2026-08-05", 230_000), Self.rent("b", "2026-09-05", 230_000)], kind: .recurring).isEmpty)
        #expect(Fixture.link([Self.rent("a", "2026-08-05", 230_000), Self.rent("b", "2026-09-05", 100_000), Self.rent("c", "2026-10-05", 230_000)],
                             kind: .recurring).isEmpty)
        #expect(Fixture.link([Self.rent("a", "2026-08-05", 1_000), Self.rent("b", "2026-08-19", 1_000), Self.rent("c", "2026-09-23", 1_000)],
                             kind: .recurring).isEmpty)
    }
}
