import Testing
@testable import GardenLinking

/// Refunds and IOF (§6): what links, and the near misses that must not.
struct RefundAndFeeTests {
    @Test func aCreditFromTheSameMerchantRefundsThePurchase() {
        let links = Fixture.link([Fixture.purchase("p", "2026-09-01", 10_000), Fixture.credit("c", "2026-09-20", 3_000)], kind: .refund)
        #expect(links.map(\.rows) == [["p", "c"]])
        #expect(links.first?.effect == 3_000)
        #expect(NetAmount.of(rowID: "p", amount: -10_000, links: links) == -7_000)
    }

    @Test func aPartialRefundGoesToTheMostRecentPurchaseNotFullyRefunded() {
        let links = Fixture.link([Fixture.purchase("old", "2026-08-01", 5_000), Fixture.purchase("new", "2026-08-20", 5_000),
                                  Fixture.credit("c1", "2026-09-01", 5_000), Fixture.credit("c2", "2026-09-02", 2_000)], kind: .refund)
        #expect(links.map(\.rows) == [["new", "c1"], ["old", "c2"]])
    }

    @Test func aCreditFromAnotherMerchantDoesNotLink() {
        let links = Fixture.link([Fixture.purchase("p", "2026-09-01", 10_000), Fixture.credit("c", "2026-09-05", 3_000, party: "brand:br_spotify")],
                                 kind: .refund)
        #expect(links.isEmpty)
    }

    @Test func aRefundAboveTheAmountDoesNotLink() {
        #expect(Fixture.link([Fixture.purchase("p", "2026-09-01", 10_000), Fixture.credit("c", "2026-09-05", 10_001)], kind: .refund).isEmpty)
    }

    @Test func aRefundAfter120DaysDoesNotLink() {
        #expect(Fixture.link([Fixture.purchase("p", "2026-01-01", 10_000), Fixture.credit("c", "2026-05-02", 1_000)], kind: .refund).isEmpty)
        #expect(Fixture.link([Fixture.purchase("p", "2026-01-01", 10_000), Fixture.credit("c", "2026-05-01", 1_000)], kind: .refund).count == 1)
    }

    @Test func anIOFLineWithinThreeDaysAddsToTheForeignPurchase() {
        let links = Fixture.link([Fixture.purchase("p", "2026-10-01", 20_000, party: "desc:steam", foreign: true), Fixture.iof("iof", "2026-10-03", 676)],
                                 kind: .fee)
        #expect(links.map(\.rows) == [["p", "iof"]])
        #expect(NetAmount.of(rowID: "p", amount: -20_000, links: links) == -20_676)
    }

    @Test func anIOFFiveDaysLaterDoesNotLink() {
        #expect(Fixture.link([Fixture.purchase("p", "2026-10-01", 20_000, foreign: true), Fixture.iof("iof", "2026-10-06", 676)], kind: .fee).isEmpty)
    }

    @Test func anIOFDoesNotLinkToADomesticPurchaseOrAnotherCard() {
        #expect(Fixture.link([Fixture.purchase("p", "2026-10-01", 20_000), Fixture.iof("iof", "2026-10-02", 676)], kind: .fee).isEmpty)
        #expect(Fixture.link([Fixture.purchase("p", "2026-10-01", 20_000, foreign: true), Fixture.iof("iof", "2026-10-02", 676, account: "Inter")],
                             kind: .fee).isEmpty)
    }
}
