import Testing
@testable import GardenLinking

/// Racha (§6): a person's Pix dividing an expense evenly is suggested, never applied until accepted.
struct ReimbursementMatcherTests {
    static func pix(_ id: String, _ date: String, _ amount: Int64) -> LinkFacts {
        LinkFacts(rowID: id, date: date, amount: amount, account: "Nubank", direction: "in", flow: "transfer", category: "transfer.person",
                  party: "person:maria souza", partyName: "Maria Souza", isPerson: true, nature: .transfer, rail: "pix")
    }

    @Test(arguments: [(18_000, 6_000), (18_000, 4_500), (18_000, 3_000), (10_001, 5_000)])
    func aPixThatDividesTheExpenseIsSuggested(expense: Int64, pix: Int64) {
        let links = Fixture.link([Fixture.purchase("dinner", "2026-10-10", expense, party: "desc:bar aurora"), Self.pix("maria", "2026-10-12", pix)],
                                 kind: .reimbursement)
        #expect(links.map(\.rows) == [["dinner", "maria"]])
        #expect(links.first?.status == .suggested)
        #expect(NetAmount.of(rowID: "dinner", amount: -expense, links: links) == -expense)
        var accepted = links
        accepted[0].status = .accepted
        #expect(NetAmount.of(rowID: "dinner", amount: -expense, links: accepted) == -expense + pix)
    }

    @Test(arguments: [("2026-10-18", 6_000), ("2026-10-09", 6_000), ("2026-10-12", 7_000), ("2026-10-12", 18_000)])
    func noSuggestionOutsideTheWeekOrWithoutAnEvenShare(date: String, pix: Int64) {
        let links = Fixture.link([Fixture.purchase("dinner", "2026-10-10", 18_000, party: "desc:bar aurora"), Self.pix("maria", date, pix)],
                                 kind: .reimbursement)
        #expect(links.isEmpty)
    }
}
