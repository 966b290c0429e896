import Testing
import GardenFoundation
import GardenCatalog
import GardenEngine
@testable import GardenResolvers
import GardenImage

/// The `brand_catalog` family's cases, one small function each, checked by tables (and through rows, asked as the
/// pipeline asks the family).
struct BrandCatalogPolicyTests {
    static let modes: [(PatternTrie.Match.Mode, Int)] = [(.word, 900), (.glued, 850), (.prefix, 850), (.truncated, 750)]

    @Test(arguments: modes)
    func aMatchsConfidenceFollowsHowItMatched(mode: PatternTrie.Match.Mode, perMille: Int) {
        #expect(BrandFindings.confidence(of: mode) == Confidence(perMille: perMille))
    }

    static let bills: [(String, String, String, Bool)] = [
        ("pagamento fatura nubank", "nubank", "nubank", true),
        ("itau card payment thank you", "itau card", "itau", true),
        ("nubank", "nubank", "nubank", false),                               // no payment word
        ("pagamento picpay bar do mane", "picpay bar do mane", "picpay", false), // another name is left over
        ("chase epay", "chase", "chase", true),
    ]

    @Test(arguments: bills)
    func payingABankNamedInTheLineIsACardBill(folded: String, cleaned: String, brandWords: String, pays: Bool) {
        #expect(BrandCatalogResolver.paysABill(folded: folded, cleaned: cleaned, brandWords: brandWords) == pays)
    }

    static func brand(_ id: String) -> Brand { Fixture.catalog.brands.first { $0.id == id }! }

    static let ambiguity: [(String, Bool, Int, Bool)] = [
        ("br_carrefour", false, 400, true),   // sells many kinds of things: below the threshold, flagged
        ("br_amazon", true, 650, false),      // an online marketplace whatever was bought there
        ("br_amazon", false, 400, true),      // a trade word beside it says what was bought
        ("br_itau", false, 900, false),       // not ambiguous: unchanged
    ]

    @Test(arguments: ambiguity)
    func aBrandThatSellsEverythingStaysBelow(id: String, onlineMarketplace: Bool, perMille: Int, flagged: Bool) {
        let (confidence, reason) = BrandFindings.ambiguity(Confidence(perMille: 900), brand: Self.brand(id), onlineMarketplace: onlineMarketplace)
        #expect(confidence == Confidence(perMille: perMille))
        #expect((reason != nil) == flagged)
    }

    /// Through the resolver: which case answers a row, its category and confidence.
    static let rows: [(String, String?, Int?, Bool)] = [
        (#"{"description":"SHOPEE *PARISFASHION","amount":-89.9}"#, "shopping.marketplace", 900, false),      // marketplace
        (#"{"description":"IFD*RESTAURANTE SABOR","amount":-40}"#, "food.delivery", 900, false),              // channel
        (#"{"description":"MP*LOJADOZE","amount":-40}"#, nil, nil, true),                                      // ambiguous wrapper alone
        (#"{"description":"PAGAMENTO FATURA NUBANK","amount":-400}"#, "transfer.card_payment", 750, false),   // card bill
        (#"{"description":"WEB PMT FIDELITY INVESTMENTS","amount":-400,"currency":"USD"}"#, "transfer.investment", 500, false), // a broker paid: invested
        (#"{"description":"CARREFOUR HIPER 123","amount":-40}"#, "food.groceries", 400, true),               // sells everything
    ]

    @Test(arguments: rows)
    func eachCaseAnswersItsRows(row: String, category: String?, perMille: Int?, flagged: Bool) {
        let context = Fixture.pipeline.context(Fixture.transaction(row))
        // The `brand_catalog` family, as the pipeline asks it: the first member that proposes stands.
        let family: [any Resolver] = [MarketplaceResolver(), ChannelResolver(), BrandCatalogResolver(), WrapperResolver()]
        let proposal = family.lazy.compactMap { $0.taking(Fixture.catalog.shipped).propose(context) }.first
        #expect(proposal?.category == category, "\(row)")
        if let perMille { #expect(proposal?.confidence == Confidence(perMille: perMille), "\(row)") }
        #expect((proposal?.reviewReason != nil) == flagged, "\(row)")
    }
}
