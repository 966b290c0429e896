import Testing
import GardenFoundation
import GardenResolvers

/// A word doubled around "a" (`dia a dia`, `passo a passo`) is the Portuguese idiom, a shop's own name: it
/// does not make the brand named by that word (issue 20: "Supermercado Dia a Dia" resolved to the chain Dia).
struct DoubledWordIdiomTests {
    @Test(arguments: ["SUPERMERCADO DIA A DIA", "DIA A DIA SUPERMERCADO", "MERCADO DIA A DIA LTDA", "SUPERMERCADO DIA À DIA"])
    func theIdiomIsNotTheBrand(_ description: String) {
        let r = Fixture.resolve(Fixture.row(description, "-50"))
        #expect(r.merchant.brand != "br_dia", "\(description): \(r.merchant)")
    }

    /// The brand itself is still found, beside a store number or a place. ("MERCADO DIA A VISTA" is not among
    /// them: a trade word heading a longer name is that shop's own name, imports' rule of the same issue.)
    @Test(arguments: ["SUPERMERCADO DIA 0412", "DIA SUPERMERCADO SAO PAULO"])
    func theBrandStillMatches(_ description: String) {
        #expect(Fixture.resolve(Fixture.row(description, "-50")).merchant.brand == "br_dia", "\(description)")
    }
}
