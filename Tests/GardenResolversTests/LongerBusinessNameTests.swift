import Testing
import GardenFoundation
import GardenCatalog
import GardenResolvers

/// A short brand name that is also a common word, read after a trade word at the head of a longer business
/// name (issue 20: "Supermercado Dia a Dia" is not the Dia chain): the kind of fault, not the row.
struct LongerBusinessNameTests {
    @Test(arguments: ["Supermercado Dia a Dia", "SUPERMERCADO DIA A DIA LTDA", "SUPERMERCADO DIA E NOITE 12"])
    func aTradeWordAndACommonWordHeadingALongerNameAreNotTheBrand(_ text: String) {
        let r = Fixture.resolve(Fixture.row(text, "-50"))
        #expect(r.merchant.brand == nil, "\(text) read as \(r.merchant.name ?? "?")")
        #expect(r.category == "food.groceries", "\(text): the trade word still names the trade")
        #expect(r.merchant.kind == .local)
    }

    /// The chain stays where its name ends the match or only a store number, a legal suffix, a place or
    /// another of its patterns follows.
    @Test(arguments: ["SUPERMERCADO DIA", "SUPERMERCADO DIA LTDA", "SUPERMERCADOS DIA 045 SP", "SUPERMERCADO DIA 1234 SAO PAULO",
                      "SUPERMERCADO DIA CAMPINAS", "MERCADO DIA BRASIL 22", "DIA BRASIL SOCIEDADE LTDA"])
    func theChainStaysWhereItsNameEnds(_ text: String) {
        let r = Fixture.resolve(Fixture.row(text, "-50"))
        #expect(r.merchant.brand == "br_dia", "\(text) read as \(r.merchant.name ?? "?")")
    }
}
