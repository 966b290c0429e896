import Testing
@testable import GardenEngine

/// When two printed names are one merchant (``MerchantSimilarity``) and which remembered merchant a name follows
/// (``MerchantFollowing``).
struct MerchantFollowingTests {
    @Test(arguments: [("mate", "matte", 666), ("megamate", "megamatte", 823), ("joana", "joao", 444)])
    func similarityIsTheDiceOfTrigrams(_ a: String, _ b: String, _ perMille: Int) {
        #expect(MerchantSimilarity.similarity(MerchantSimilarity.trigrams(a), MerchantSimilarity.trigrams(b)) == perMille)
    }

    @Test(arguments: [
        (["mega", "mate"], ["mega", "matte"], true),                         // a spelling variant of one word
        (["brian", "auto"], ["brianna", "auto"], false),                    // a word that begins another: another name
        (["sinpetaxi"], ["sintaxi"], false),                                // one word: nothing shared anchors it
        (["rc", "comercio", "combustiveis"], ["r", "comercio", "combustiveis"], false),  // initials: another company
        (["mega", "mate"], ["mega", "modas"], false),                        // another word
        (["casa", "de", "carnes"], ["casa", "de", "carnes", "mf"], false),   // a word more
        (["alvorada", "padaria"], ["alvorada", "farmacia"], false),         // another trade
        (["mega", "mate"], ["mega", "mate"], false),                         // the same name is no variant
    ])
    func twoNamesAreOneMerchantWhenOneWordIsASpellingVariant(_ a: [String], _ b: [String], _ one: Bool) {
        #expect((MerchantSimilarity.alike(a, b) != nil) == one)
    }

    static let names = ["name:megamate": ["mega", "mate"], "name:padariadoze": ["padaria", "do", "ze"]]

    @Test func aNameFollowsTheOneRememberedNameAlikeEnough() {
        let following = MerchantFollowing(remembered: ["name:megamate", "name:padariadoze", "brand:uber"], words: Self.names, merges: [:], splits: [:])
        #expect(following.following("name:megamatte", words: ["mega", "matte"])?.key == "name:megamate")
        #expect(following.following("name:megamate", words: ["mega", "mate"]) == nil)        // remembered itself
        #expect(following.following("name:megamodas", words: ["mega", "modas"]) == nil)      // another merchant
        #expect(following.following("brand:ubers", words: nil) == nil)                       // only names follow by similarity
    }

    @Test func aTieBetweenTwoRememberedNamesFollowsNeither() {
        let following = MerchantFollowing(remembered: ["name:megamatex", "name:megamatey"],
                                          words: ["name:megamatex": ["mega", "matex"], "name:megamatey": ["mega", "matey"]], merges: [:], splits: [:])
        #expect(following.following("name:megamate", words: ["mega", "mate"]) == nil)
    }

    @Test func mergesAreFollowedAndSplitsStandAlone() {
        let following = MerchantFollowing(remembered: ["name:megamate"], words: Self.names,
                                          merges: ["name:cpq": ("name:casadopao", "by hand"), "name:casadopao": ("name:casadopaodequeijo", "by hand")],
                                          splits: ["name:megamatte": "by hand"])
        #expect(following.following("name:cpq", words: ["cpq"])?.key == "name:casadopaodequeijo")
        #expect(following.following("name:megamatte", words: ["mega", "matte"]) == nil)
        let cycle = MerchantFollowing(remembered: [], words: [:], merges: ["name:aaaaaa": ("name:bbbbbb", "x"), "name:bbbbbb": ("name:aaaaaa", "x")], splits: [:])
        #expect(cycle.following("name:aaaaaa", words: nil) == nil)
    }
}
