import Testing
import GardenCatalog
import GardenEngine
import GardenResolvers

/// `cnpj_registry`: any CNPJ the row holds is looked up in the registry; the merchant, the category
/// (main CNAE through CNAE/categories.tsv) and the kind come from it.
struct CNPJRegistryResolverTests {
    static func pipeline(chainThreshold: Int = 10) -> Pipeline {
        var pipeline = Fixture.pipeline
        var registry = FixtureRegistry.standard
        registry.chainThreshold = chainThreshold
        pipeline.registry = registry
        return pipeline
    }

    struct Case: Sendable, CustomStringConvertible {
        var row: String
        var merchant: String
        var kind: MerchantKind
        var category: String
        var description: String { row }
    }

    static let cases: [Case] = [
        // Counterparty document (Pix), a branch's trade name, CNAE 6204-0/00.
        Case(row: #"{"description":"Pix enviado","counterparty":{"document":"33683111000280"},"amount":-50}"#,
             merchant: "Regional Brasilia", kind: .local, category: "services.professional"),
        // A CNPJ printed in the descriptor; natureza jurídica 1244 (município) is public administration.
        Case(row: #"{"description":"PAGAMENTO DE BOLETO - 46.000.000/0001-92 - MUN EXEMPLO","amount":-80}"#,
             merchant: "Municipio de Exemplo", kind: .government, category: "taxes.government"),
        // An MEI: the legal name without the owner's CPF, kind local.
        Case(row: #"{"description":"Pix enviado","counterparty":{"document":"29.000.000/0001-73"},"amount":-30}"#,
             merchant: "Joao da Silva", kind: .local, category: "food.restaurants"),
        // 250 active establishments of the root: a chain.
        Case(row: #"{"description":"Compra no debito 38.000.000/0001-64","amount":-120}"#,
             merchant: "Supermercado Bom Preco", kind: .chain, category: "food.groceries"),
        // A Pluggy transaction: the merchant's CNPJ (alphanumeric, July 2026 format).
        Case(row: #"{"id":"p1","description":"LOJA NOVA","amount":45.5,"type":"DEBIT","currencyCode":"BRL","date":"2026-08-01T10:00:00Z","merchant":{"cnpj":"AB.123.456/0001-10","name":"LOJA NOVA"}}"#,
             merchant: "Loja Nova", kind: .local, category: "shopping.clothing"),
    ]

    @Test(arguments: cases)
    func resolvesTheMerchantCategoryAndKindFromTheRegistry(_ c: Case) throws {
        let resolution = Fixture.resolve(c.row, pipeline: Self.pipeline())
        #expect(resolution.merchant.name == c.merchant)
        #expect(resolution.merchant.kind == c.kind)
        #expect(resolution.category == c.category)
        #expect(resolution.categoryResolver == "cnpj_registry" || resolution.merchant.origin == .resolver("cnpj_registry"))
    }

    @Test func withoutARegistryTheSameRowsFallBackToTheDescriptor() {
        let resolution = Fixture.resolve(Self.cases[1].row)
        #expect(resolution.categoryResolver != "cnpj_registry")
        #expect(resolution.merchant.origin != .resolver("cnpj_registry"))
    }

    @Test func theChainThresholdIsConfigurable() {
        let row = Self.cases[3].row
        #expect(Fixture.resolve(row, pipeline: Self.pipeline(chainThreshold: 251)).merchant.kind == .local)
        #expect(Fixture.resolve(row, pipeline: Self.pipeline(chainThreshold: 250)).merchant.kind == .chain)
    }

    @Test func theBrandCatalogCanMakeAChainBelowTheThreshold() throws {
        let context = Self.pipeline().context(Fixture.transaction(#"{"description":"Pix enviado","counterparty":{"document":"60.701.190/0001-04"},"amount":-10}"#))
        let proposal = try #require(CNPJRegistryResolver().taking(Fixture.catalog.shipped).propose(context))
        #expect(proposal.merchant?.kind == .chain)
    }

    @Test func anMEIOwnersCPFNeverReachesTheOutput() {
        let resolution = Fixture.resolve(Self.cases[2].row, pipeline: Self.pipeline())
        let text = [resolution.merchant.name ?? ""] + resolution.trace.compactMap { $0.proposal?.evidence.note }
        #expect(text.contains { $0.contains("•••.456.789-••") })
        #expect(!text.contains { $0.contains("456789") })
    }

    @Test func aCNAEOutsideTheMapGivesTheMerchantOnly() throws {
        let context = Self.pipeline().context(Fixture.transaction(#"{"description":"Pix enviado","counterparty":{"document":"38000000000245"},"amount":-10}"#))
        let proposal = try #require(CNPJRegistryResolver().taking(Fixture.catalog.shipped).propose(context))
        #expect(proposal.category == nil)
        #expect(proposal.merchant?.name == "Bom Preco Comercio de Alimentos")
        #expect(proposal.merchant?.kind == .chain)
    }

    @Test func aProcessorsCNPJNamesTheIntermediaryNotTheMerchant() {
        let context = Self.pipeline().context(Fixture.transaction(#"{"description":"Pix enviado","counterparty":{"document":"01.027.058/0001-91"},"amount":-10}"#))
        #expect(CNPJRegistryResolver().taking(Fixture.catalog.shipped).propose(context) == nil)
    }

    /// A processor's CNPJ first (as the counterparty or printed first) and the merchant's CNPJ in the
    /// line: the merchant's is looked up, the processor stays the intermediary.
    @Test(arguments: [
        #"{"description":"PAGAMENTO BOLETO 01.027.058/0001-91 SUPERMERCADO 38.000.000/0001-64","amount":-20}"#,
        #"{"description":"PAG BOLETO SUPERMERCADO 38.000.000/0001-64","counterparty":{"document":"01027058000191"},"amount":-20}"#,
    ])
    func aMerchantsCNPJBesideAProcessorsIsTheOneLookedUp(row: String) {
        let resolution = Fixture.resolve(row, pipeline: Self.pipeline())
        #expect(resolution.merchant.name == "Supermercado Bom Preco")
        #expect(resolution.merchant.intermediary == "Cielo")
        #expect(resolution.category == "food.groceries")
        #expect(resolution.categoryResolver == "cnpj_registry")
    }

    @Test func aClosedCompanyIsStillNamedButFlaggedForReview() {
        let row = #"{"description":"Pix enviado","counterparty":{"document":"\#(FixtureRegistry.closedCNPJ)"},"amount":-80}"#
        let resolution = Fixture.resolve(row, pipeline: Self.pipeline())
        #expect(resolution.merchant.name == "Restaurante Fechado")
        #expect(resolution.category == "food.restaurants")
        #expect(resolution.review)
        #expect(resolution.reviewReasons.contains("the registry lists CNPJ 62.222.222/0001-06 as baixada"))
        #expect(!Fixture.resolve(Self.cases[0].row, pipeline: Self.pipeline()).review)
    }
}
