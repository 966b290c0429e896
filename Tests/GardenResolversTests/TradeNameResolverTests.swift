import Testing
import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenResolvers

/// The trade-name model as the last resolver (issue 21): it decides from its calibrated deciding probability,
/// suggests (flagged) below it, and never speaks where a brand, a bank's own line, a person or money in explains
/// the row. Lines written for these tests from kinds of names, none from `../shared/dev`.
struct TradeNameResolverTests {
    @Test func theCatalogCarriesTheModel() throws {
        let model = try #require(Fixture.catalog.tradeNames)
        #expect(model.decidePerMille > model.suggestPerMille)
        #expect(model.categories.contains("food.restaurants"))
    }

    @Test func aNameWithAHeadNounIsLeftToTheKeywords() {
        let r = Fixture.resolve(Fixture.row("LUCKY NAIL SALON", "-30", extra: ",\"currency\":\"USD\""))
        #expect(r.categorySourceName == "keyword", "\(r.categorySourceName)")
        #expect(r.trace.first { $0.resolver == "trade_name" }?.status == .noProposal)
    }

    /// A weak trade word ("grooming" only suggests) leaves the row to the model when it reads the name with
    /// confidence: it decides, unflagged.
    @Test func aNameWithOnlyWeakWordsIsDecidedByAConfidentModel() throws {
        let model = try #require(Fixture.catalog.tradeNames)
        let deciding = Fixture.catalog.reviewCalibration.floor(of: "trade_name") ?? model.decidePerMille
        let r = Fixture.resolve(Fixture.row("HAPPY PAWS GROOMING", "-45", extra: ",\"currency\":\"USD\""))
        #expect(r.categorySourceName == "trade_name", "\(r.categorySourceName)")
        #expect(r.category == "shopping.pets")
        #expect(r.categoryConfidence.perMille >= deciding)
        #expect(!r.review, "\(r.reviewReasons)")
    }

    /// The deciding path: a property manager's name the model reads above its deciding point decides the row,
    /// unflagged, with the name as a local merchant.
    @Test func aConfidentNameDecidesTheRowUnflagged() throws {
        let model = try #require(Fixture.catalog.tradeNames)
        let deciding = Fixture.catalog.reviewCalibration.floor(of: "trade_name") ?? model.decidePerMille
        let r = Fixture.resolve(Fixture.row("MAPLEWOOD PROPERTIES LLC", "-1200", extra: ",\"currency\":\"USD\""))
        #expect(r.categorySourceName == "trade_name", "\(r.categorySourceName)")
        #expect(r.category == "home.rent")
        #expect(r.categoryConfidence.perMille >= deciding)
        #expect(!r.review, "\(r.reviewReasons)")
        #expect(r.merchant.name == "Maplewood Properties" && r.merchant.kind == .local, "\(String(describing: r.merchant.name)) \(r.merchant.kind)")
    }

    @Test func aLessConfidentNameIsASuggestionFlagged() {
        let r = Fixture.resolve(Fixture.row("GOLDEN DRAGON NOOD", "-20", extra: ",\"currency\":\"USD\""))
        #expect(r.category == "food.restaurants")
        #expect(r.categoryConfidence.perMille < (Fixture.catalog.reviewCalibration.floor(of: "trade_name") ?? 1001))
        #expect(r.review)
        #expect(r.reviewReasons.contains { $0.contains("trade-name model suggestion") }, "\(r.reviewReasons)")
    }

    @Test func aBrandOrMoneyInIsNotReadByTheModel() {
        let brand = Fixture.resolve(Fixture.row("NETFLIX.COM 866-579-7172 CA", "-15.49", extra: ",\"currency\":\"USD\""))
        #expect(brand.categorySourceName != "trade_name")
        let income = Fixture.resolve(Fixture.row("HAPPY PAWS GROOMING", "45", extra: ",\"currency\":\"USD\""))
        #expect(income.categorySourceName != "trade_name")
    }
}
