import Testing
import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenResolvers

/// Issue 21, item 1: chains of the name-suggestion-index named by common words with a trade word (GUITAR
/// CENTER, BOSTON PIZZA, COMFORT DENTAL, a school district, a gas network) reach the catalog as head patterns:
/// the chain at the head of the line before store furniture, never inside a longer name; an owner's name with a
/// trade word (SAL'S PIZZA, PETE'S MARKET) stays a shop's own name. Lines written for these tests from the kinds
/// of line (a chain's store line, a utility bill, a longer local name), none from `../shared/dev`.
struct CommonWordChainTests {
    static func resolve(_ description: String, currency: String = "USD") -> Resolution {
        Fixture.resolve(Fixture.row(description, "-25", extra: ",\"currency\":\"\(currency)\""))
    }

    @Test(arguments: [
        ("GUITAR CENTER 0412 AUSTIN TX", "shopping.general", "Guitar Center"),
        ("BOSTON PIZZA 112 CALGARY AB", "food.restaurants", "Boston Pizza"),
        ("COMFORT DENTAL 0041 DENVER CO", "health.care", "Comfort Dental"),
        ("HOUSTON INDEPENDENT SCHOOL DISTRICT", "education", "Houston Independent School District"),
    ])
    func aCommonWordChainAtTheHeadDecides(description: String, category: String, name: String) {
        let r = Self.resolve(description)
        #expect(r.category == category, "\(description) → \(r.category)")
        #expect(r.merchant.name == name, "\(description) → \(r.merchant.name ?? "-")")
        #expect(r.merchant.brand?.hasPrefix("nsi_") == true, "\(description) → \(r.merchant.brand ?? "-")")
        #expect(!r.review, "\(description) flagged: \(r.reviewReasons)")
    }

    /// The same words inside or at the head of a longer name are that shop's own name.
    @Test(arguments: ["NORTHSIDE BOSTON PIZZA", "BOSTON PIZZA KITCHEN AND GRILL", "GUITAR CENTER LESSONS STUDIO"])
    func aCommonWordChainInsideALongerNameIsNotTheChain(description: String) {
        let r = Self.resolve(description)
        #expect(r.merchant.brand == nil, "\(description) → \(r.merchant.brand ?? "-")")
    }

    /// An owner's name with a trade word names a shop, whatever chain the index lists under it.
    @Test(arguments: ["SALS PIZZA 0231 TRENTON NJ", "PETES MARKET 12 CHICAGO IL"])
    func anOwnersNameWithATradeWordIsAShop(description: String) {
        let r = Self.resolve(description)
        #expect(r.merchant.brand == nil, "\(description) → \(r.merchant.brand ?? "-")")
        #expect(r.merchant.kind != .chain)
    }

    @Test func theConverterKeepsTheseAsHeadPatterns() {
        let generated = Fixture.catalog.brands.filter(\.generated)
        for name in ["Guitar Center", "Boston Pizza", "Comfort Dental", "Southwest Gas"] {
            let brand = generated.first { $0.name == name }
            #expect(brand?.flags.contains(.head) == true, "\(name)")
            #expect(brand?.patterns.allSatisfy { $0.hasPrefix("^") } == true, "\(name): \(brand?.patterns ?? [])")
        }
        #expect(!generated.contains { $0.name == "Sal's Pizza" || $0.name == "Pete's Market" })
    }
}
