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

/// Two equal transfers to the holder's own accounts on one day (issue 20): each pairs with the credit on the
/// bank it names, not by the order the rows were recorded in.
struct TransferPairBankTests {
    static func side(_ id: String, _ amount: Int64, account: String, bank: String?, names named: String?) -> LinkFacts {
        LinkFacts(rowID: id, date: "2026-10-05", amount: amount, account: account, flow: "transfer", category: "transfer.own",
                  nature: .transfer, rail: "ted", counterpartyIsMe: amount < 0, bank: bank, namedBank: named)
    }

    /// Row ids sorted so that pairing by id alone would cross them (a-… with c-…).
    @Test(arguments: [("br_itau", "br_bradesco"), (nil, "br_bradesco"), ("br_itau", nil)] as [(String?, String?)])
    func eachTransferPairsWithTheCreditOnTheBankItNames(_ first: String?, _ second: String?) {
        let rows = [Self.side("a-out-itau", -100_000, account: "Nubank", bank: "br_nubank", names: first),
                    Self.side("b-out-bradesco", -100_000, account: "Nubank", bank: "br_nubank", names: second),
                    Self.side("c-in-bradesco", 100_000, account: "Bradesco", bank: "br_bradesco", names: "br_nubank"),
                    Self.side("d-in-itau", 100_000, account: "Itaú", bank: "br_itau", names: "br_nubank")]
        let links = Fixture.link(rows, kind: .transferPair)
        #expect(Set(links.map(\.rows)) == [["a-out-itau", "d-in-itau"], ["b-out-bradesco", "c-in-bradesco"]])
        #expect(links.allSatisfy { $0.status == .applied })
    }

    @Test func withoutBanksTheNearestStillPairs() {
        let links = Fixture.link([Self.side("o", -5_000, account: "Nubank", bank: nil, names: nil),
                                  Self.side("i", 5_000, account: "Inter", bank: nil, names: nil)], kind: .transferPair)
        #expect(links.map(\.rows) == [["o", "i"]])
    }

    @Test func theReaderTakesTheAccountsBankAndTheBankTheLineNames() throws {
        let reader = LinkFactsReader(bankNamed: { text in
            text.uppercased().contains("ITAU") ? "br_itau" : text.uppercased().contains("NUBANK") ? "br_nubank" : nil
        })
        let resolution = #"{"category":{"id":"transfer.own"},"direction":"out","flow":"transfer","merchant":{"name":"Joao","kind":"person"}}"#
        let out = try #require(try reader.read(rowID: "x", raw: #"{"description":"TED ENVIADA JOAO ITAU UNIBANCO","amount":-1000,"date":"2026-10-05","account":"Nubank"}"#,
                                               resolution: resolution, merchantKey: nil))
        #expect(out.bank == "br_nubank" && out.namedBank == "br_itau")
        let own = try #require(try reader.read(rowID: "y", raw: #"{"description":"TRANSFERENCIA NUBANK","amount":-1000,"date":"2026-10-05","account":"Nubank"}"#,
                                               resolution: resolution, merchantKey: nil))
        #expect(own.namedBank == nil, "a line naming its own bank names no other side")
    }
}
