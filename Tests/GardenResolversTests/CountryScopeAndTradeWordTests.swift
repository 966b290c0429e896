import Testing
import GardenCatalog
import GardenEngine
import GardenResolvers

/// Issue 8 §1, fresh lines: a brand of one country does not decide another country's row on weak evidence (both
/// ways), and head nouns of the graded trade lexicon decide alone in their plural, accented and cut forms.
struct CountryScopeAndTradeWordTests {
    static func resolve(_ description: String, _ currency: String) -> Resolution {
        Fixture.resolve(Fixture.row(description, "-40", extra: ",\"currency\":\"\(currency)\""))
    }

    /// A Brazil-only brand word in a USD row, a US-only brand's word in a BRL row (brands of the maintained index
    /// scoped by their `include` countries): not that brand, on one word beside others.
    @Test(arguments: [
        ("TST* BOBS DINER PORTLAND OR", "USD", "br_bobs"), ("SQ *HAVAN COFFEE", "USD", "br_havan"),
        ("GIRAFFAS PLAYGROUND TOYS", "USD", "br_giraffas"), ("SQ *RENNER FAMILY FARM", "USD", "br_renner"),
        ("SQ *COLCCI STREET TACOS", "USD", "nsi_colcci_c7d1e1"), ("CRISTAL CEREJEIRA AMERIGAS LTDA", "BRL", "nsi_amerigas_666f52"),
        ("ARHAUS MOVEIS PLANEJADOS", "BRL", "nsi_arhaus_a5c7fa"), ("PIX ENVIADO AMIGO DA ONCA BAR", "BRL", "nsi_amigo_dde59d"),
        ("COPPEL PLUMBING SUPPLY", "USD", "nsi_coppel_a1f638"),
    ])
    func anotherCountrysBrandWordDoesNotDecide(_ description: String, _ currency: String, _ brand: String) {
        let r = Self.resolve(description, currency)
        #expect(r.merchant.brand != brand, "\(description) → \(r.merchant.brand ?? "-")")
    }

    /// Strong evidence still decides: a long name of two or more words, or a brand trading in both countries.
    @Test(arguments: [
        ("PUBLIX SUPER MARKETS", "BRL"), ("CASAS BAHIA 1234", "USD"), ("STARBUCKS", "BRL"), ("MCDONALDS", "BRL"),
        ("NETFLIX.COM", "BRL"), ("MAGAZINE LUIZA", "USD"),
    ])
    func strongEvidenceDecides(_ description: String, _ currency: String) {
        let r = Self.resolve(description, currency)
        #expect(r.merchant.brand != nil, "\(description)")
    }

    /// Brazilian bank abbreviations are English words on a US row (FARM, CONV, PINT, ACAD, REST): not that trade;
    /// on a Brazilian row they still are.
    @Test(arguments: [
        ("GREEN ACRES FAMILY FARM", "USD", "health.pharmacy"), ("PAYMENT CONV FEE CITY OF TAMPA", "USD", "food.groceries"),
        ("THE PINT HOUSE PUB", "USD", "home.improvement"), ("BRIGHT ACAD TUTORING", "USD", "health.fitness"),
        ("DROG ROAD TRAIL SUPPLY", "CAD", "health.pharmacy"),
    ])
    func aBrazilianAbbreviationIsNotReadOnAUSRow(_ description: String, _ currency: String, _ category: String) {
        #expect(Self.resolve(description, currency).category != category, "\(description)")
    }

    @Test(arguments: [
        ("FARM POPULAR CENTRO", "health.pharmacy"), ("CONV PARADA 10", "food.groceries"), ("DROG SAO BENTO", "health.pharmacy"),
        ("PINT E FERRAGENS LUZ", "home.improvement"), ("ACAD CORPO LIVRE", "health.fitness"),
    ])
    func aBrazilianAbbreviationIsReadOnABrazilianRow(_ description: String, _ category: String) {
        #expect(Self.resolve(description, "BRL").category == category, "\(description)")
    }

    /// Head nouns that name the trade decide alone, without review, plural, accented and cut forms included.
    @Test(arguments: [
        ("SUPERMERCADOS BOA COMPRA", "BRL", "food.groceries"), ("SUPERMERC SAO LUIZ", "BRL", "food.groceries"),
        ("CONVENIENC TRES IRMAOS", "BRL", "food.groceries"), ("DELICATESSEN VILA ROMANA", "BRL", "food"),
        ("AÇOUGUE E FRIGORIFICO NOVILHO", "BRL", "food.groceries"), ("OTORRINO CLINICA AUDIR", "BRL", "health.care"),
        ("CLINICAS INTEGRADAS VIDA", "BRL", "health.care"), ("DROGARIAS ULTRA POPULAR", "BRL", "health.pharmacy"),
        ("CHURRASCARIA GAUCHA", "BRL", "food.restaurants"), ("HOTÉIS PRAIA MAR", "BRL", "travel.lodging"),
        ("TAQUERIA EL GUERO", "USD", "food.restaurants"), ("SEOUL GARDEN KOREAN BBQ", "USD", "food.restaurants"),
        ("PRIME CUT STEAKHOUSE", "USD", "food.restaurants"), ("RIVERSIDE PHARMACY", "USD", "health.pharmacy"),
        ("LAKESIDE SUPERMARKET", "USD", "food.groceries"), ("MAPLE DENTAL CLINIC", "USD", "health.care"),
    ])
    func aHeadNounDecidesAlone(_ description: String, _ currency: String, _ category: String) {
        let r = Self.resolve(description, currency)
        #expect(Taxonomy.id(r.category, isWithin: category), "\(description) → \(r.category)")
        #expect(!r.review, "\(description): \(r.reviewReasons)")
        #expect(r.merchant.kind == .local)
    }
}
