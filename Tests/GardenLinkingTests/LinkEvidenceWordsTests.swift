import Testing
import GardenCatalog
@testable import GardenLinking

/// One language per run (issue 36): every sentence a matcher writes as a link's evidence has a Portuguese shape, so
/// `links` and `explain --id` under a Portuguese locale show no English sentence; an English run keeps them as written.
struct LinkEvidenceWordsTests {
    /// The evidence the matchers write for one month of each kind of link.
    static func sentences() -> [String] {
        let rent = { (id: String, date: String, amount: Int64) in Fixture.purchase(id, date, amount, party: "person:joana lima") }
        let pix = LinkFacts(rowID: "maria", date: "2026-10-12", amount: 6_000, account: "Nubank", direction: "in", flow: "transfer",
                            category: "transfer.person", party: "person:maria souza", partyName: "Maria Souza", isPerson: true, nature: .transfer, rail: "pix")
        let months: [[LinkFacts]] = [
            [Fixture.purchase("p", "2026-09-01", 10_000), Fixture.credit("c", "2026-09-20", 3_000)],
            [Fixture.purchase("f", "2026-09-01", 10_000, foreign: true), Fixture.iof("i", "2026-09-02", 438)],
            [Fixture.purchase("u", "2026-09-01", 2_390, party: "brand:br_uber"), Fixture.credit("e", "2026-09-03", 2_390, party: "brand:br_uber")],
            [Fixture.transfer("out", "2026-10-05", -50_000, account: "Nubank", e2e: "E123"), Fixture.transfer("in", "2026-10-05", 50_000, account: "Itaú", e2e: "E123")],
            [Fixture.transfer("o2", "2026-10-05", -120_000, account: "Nubank", me: true), Fixture.transfer("i2", "2026-10-06", 120_000, account: "Itaú")],
            [Fixture.transfer("bill", "2026-10-10", -250_000, account: "Itaú", nature: .cardBillPayment),
             Fixture.transfer("paid", "2026-10-11", 250_000, account: "Nubank card", nature: .cardBillCredit)],
            [Fixture.transfer("apl", "2026-10-10", -100_000, account: "Itaú", nature: .investment),
             Fixture.transfer("res", "2026-10-10", 100_000, account: "Itaú Invest", nature: .investment)],
            [Fixture.transfer("saque", "2026-10-10", -20_000, account: "Itaú", nature: .withdrawal)],
            [Fixture.transfer("mo", "2026-10-05", -77_700, account: "Nubank", party: "person:ana"), Fixture.transfer("mi", "2026-10-07", 77_700, account: "Itaú", party: "person:ana")],
            [Fixture.parcel("p1", "2026-07-15", 10_000, 1, of: 10), Fixture.parcel("p3", "2026-09-15", 10_000, 3, of: 10)],
            [rent("r1", "2026-07-05", 230_000), rent("r2", "2026-08-05", 230_000), rent("r3", "2026-09-04", 230_000), rent("r4", "2026-10-05", 248_400)],
            [Fixture.purchase("dinner", "2026-10-10", 18_000, party: "desc:bar aurora"), pix],
        ]
        return months.flatMap { Fixture.link($0).flatMap(\.evidence) }
    }

    @Test func everySentenceAMatcherWritesHasAPortugueseShape() {
        let sentences = Self.sentences()
        #expect(sentences.count >= 12, "\(sentences)")
        for sentence in sentences {
            let said = LinkEvidenceWords.text(sentence, .portuguese)
            #expect(said != sentence, "no Portuguese shape: \(sentence)")
            for english in ["day(s)", " the ", " of ", " on ", "payment", "parcel ", "remaining", "went "] {
                #expect(!said.contains(english), "\(said) (from \(sentence)) keeps \"\(english)\"")
            }
            // English keeps the sentence, its money written as English writes it (`R$ 23,90` stored, `R$23.90` shown).
            #expect(LinkEvidenceWords.text(sentence, .english) == MoneyDisplay.relocalized(sentence, .english))
            #expect(LinkEvidenceWords.text(sentence, .english).range(of: #"R\$ [0-9]"#, options: .regularExpression) == nil, "\(sentence)")
        }
    }

    @Test func aSentenceOfNoKnownShapeIsKeptAsWritten() {
        #expect(LinkEvidenceWords.text("a sentence garden never wrote", .portuguese) == "a sentence garden never wrote")
    }
}
