import Testing
import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenResolvers

/// Issue 21, item 4: a word the bank cut at its column limit completes to a brand only when the line prints
/// the brand's own name (it heads the merchant's name, or whole words of the brand come before the cut word);
/// after words that are no part of the brand, the cut word ends another business's name. Lines written for
/// these tests from the rule (a cut brand word after a card line's furniture; a cut common word, the start
/// of a brand's name too, after a local business's own words), none from `../shared/dev` or the corpora.
struct CutWordCompletionTests {
    static func resolve(_ description: String) -> Resolution {
        Fixture.resolve(Fixture.row(description, "-25", extra: ",\"currency\":\"USD\""))
    }

    /// The brand's name cut at the column, heading the merchant words after the card line's furniture.
    @Test(arguments: [
        ("DEBIT PURCHASE BURLINGTO", "us_burlington"),
        ("CHECKCARD 0412 NORDSTRO", "us_nordstrom"),
        ("POS PURCHASE EXPERIA", "us_experian"),
    ])
    func aCutBrandHeadingTheNameCompletes(description: String, brand: String) {
        let r = Self.resolve(description)
        #expect(r.merchant.brand == brand, "\(description) → \(r.merchant.brand ?? "-")")
    }

    /// A cut word after the business's own words: ENTERPR(ISES), PROGRESSI(VE), EXPERIA(NCE), BURLINGTO(N
    /// the town) are not the brands those letters also begin.
    @Test(arguments: [
        ("HILLCREST FAMILY ENTERPR", "Enterprise"),
        ("GREEN VALLEY PROGRESSI", "Progressive"),
        ("SUNSET HOLLOW EXPERIA", "Experian"),
        ("MAPLE RIDGE BURLINGTO", "Burlington"),
    ])
    func aCutWordAfterOtherWordsIsNotABrand(description: String, brandName: String) {
        let r = Self.resolve(description)
        #expect(r.merchant.name?.hasPrefix(brandName) != true, "\(description) → \(r.merchant.name ?? "-")")
        #expect(r.merchant.brand == nil, "\(description) → \(r.merchant.brand ?? "-")")
    }

    /// A cut word after whole words of the same brand completes wherever the brand stands: the line prints
    /// more of the brand's name than the cut word.
    @Test(arguments: ["SUNSET PLAZA DOLLAR GENER", "POS PURCHASE FAMILY DOLL"])
    func aCutWordAfterTheBrandsOwnWordsCompletes(description: String) {
        let r = Self.resolve(description)
        #expect(r.merchant.brand != nil && r.merchant.kind == .chain, "\(description) → \(r.merchant.name ?? "-")")
        #expect(r.category == "shopping.general", "\(description) → \(r.category)")
    }
}
