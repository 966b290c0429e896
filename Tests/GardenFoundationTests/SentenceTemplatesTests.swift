import Testing
import GardenFoundation

/// Sentences said in another language by their shape (issue 36).
struct SentenceTemplatesTests {
    let table = SentenceTemplates([
        ("no store at {1}", "nenhum banco em {1}"),
        ("{1} sent {2} {3} day(s) after", "{1} enviou {2} {3} dia(s) depois"),
        ("parcel {1} of {2} paid", "parcela {2}: paga a {1}"),
        ("merchant evidence only", "só evidência do estabelecimento"),
    ])

    @Test func theVariablePartsAreKeptAndMayBeReordered() {
        #expect(table.translate("no store at /tmp/g.db") == "nenhum banco em /tmp/g.db")
        #expect(table.translate("Maria Souza sent R$ 60,00 2 day(s) after") == "Maria Souza enviou R$ 60,00 2 dia(s) depois")
        #expect(table.translate("parcel 3 of 10 paid") == "parcela 10: paga a 3")
        #expect(table.translate("merchant evidence only") == "só evidência do estabelecimento")
    }

    @Test func aSentenceOfAnotherShapeIsNil() {
        #expect(table.translate("no store") == nil)
        #expect(table.translate("merchant evidence only, again") == nil)
        #expect(table.translate("parcel 3 of 10 unpaid") == nil)
        #expect(table.translate("no store at ") == nil)  // a placeholder holds something
        #expect(table("as written") == "as written")
    }
}
