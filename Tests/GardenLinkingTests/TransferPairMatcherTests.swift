import Testing
@testable import GardenLinking

/// Transfer pairs (§8): certain evidence applied, a bare mirrored amount only suggested.
struct TransferPairMatcherTests {
    @Test func theSameEndToEndIDPairsTwoAccounts() {
        let e2e = "E18236120202610051200s0123456789"
        let links = Fixture.link([Fixture.transfer("out", "2026-10-05", -50_000, account: "Nubank", e2e: e2e),
                                  Fixture.transfer("in", "2026-10-05", 50_000, account: "Itaú", e2e: e2e)], kind: .transferPair)
        #expect(links.count == 1)
        #expect(links.first?.rows == ["out", "in"])
        #expect(links.first?.status == .applied)
        #expect(links.first?.evidence.first?.contains(e2e) == true)
    }

    @Test func aCounterpartyThatIsTheHolderPairsWithTheMirror() {
        let links = Fixture.link([Fixture.transfer("out", "2026-10-05", -120_000, account: "Nubank", me: true),
                                  Fixture.transfer("in", "2026-10-07", 120_000, account: "Inter")], kind: .transferPair)
        #expect(links.map(\.rows) == [["out", "in"]])
        #expect(links.first?.status == .applied)
    }

    @Test func aCardBillPaymentPairsWithThePaymentReceivedCredit() {
        let links = Fixture.link([Fixture.transfer("bill", "2026-10-10", -250_000, account: "Itaú", nature: .cardBillPayment),
                                  Fixture.transfer("card", "2026-10-11", 250_000, account: "Nubank cartão", nature: .cardBillCredit),
                                  Fixture.transfer("other", "2026-10-11", 250_000, account: "Inter")], kind: .transferPair)
        #expect(links.map(\.rows) == [["bill", "card"]])
        #expect(links.first?.status == .applied)
    }

    @Test func anApplicationPairsWithItsInvestment() {
        let links = Fixture.link([Fixture.transfer("apl", "2026-10-10", -100_000, account: "Itaú", nature: .investment),
                                  Fixture.transfer("cdb", "2026-10-10", 100_000, account: "Itaú Investimentos", nature: .investment)], kind: .transferPair)
        #expect(links.first?.status == .applied)
    }

    @Test func aWithdrawalIsATransferToCash() {
        let links = Fixture.link([Fixture.transfer("saque", "2026-10-10", -20_000, account: "Itaú", nature: .withdrawal)], kind: .transferPair)
        #expect(links.map(\.rows) == [["saque"]])
        #expect(links.first?.status == .applied)
    }

    @Test func aMirroredAmountWithoutEvidenceIsOnlySuggested() {
        let links = Fixture.link([Fixture.transfer("out", "2026-10-05", -77_700, account: "Nubank", party: "person:ana"),
                                  Fixture.transfer("in", "2026-10-06", 77_700, account: "Inter", party: "person:bia")], kind: .transferPair)
        #expect(links.count == 1)
        #expect(links.first?.status == .suggested)
        #expect(links.first?.status.counts == false)
    }

    @Test(arguments: [("2026-10-09", "Inter"), ("2026-10-06", "Nubank")])
    func noPairFourDaysApartOrOnTheSameAccount(date: String, account: String) {
        let links = Fixture.link([Fixture.transfer("out", "2026-10-05", -77_700, account: "Nubank", me: true),
                                  Fixture.transfer("in", date, 77_700, account: account)], kind: .transferPair)
        #expect(links.isEmpty)
    }
}
