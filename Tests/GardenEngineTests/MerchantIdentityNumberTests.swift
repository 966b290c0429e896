import Testing
@testable import GardenEngine

/// The number test of identity words reads ASCII as bytes and agrees with the Unicode property everywhere.
struct MerchantIdentityNumberTests {
    static func byProperty(_ word: String) -> Bool { word.unicodeScalars.contains { $0.properties.numericType != nil } }

    @Test func everyASCIIScalarIsJudgedAsItsPropertySays() {
        for value in UInt32(1)..<0x80 {
            let word = "ab" + String(Character(Unicode.Scalar(value)!)) + "c"
            #expect(MerchantIdentity.holdsNumber(word) == Self.byProperty(word), "U+\(String(value, radix: 16))")
        }
    }

    @Test(arguments: ["padaria", "drogaria123", "7eleven", "são", "joão٣", "½kg", "café", "ⅻ", "caféx9", "", "北京"])
    func wordsInOtherScriptsAreJudgedByTheirProperty(_ word: String) {
        #expect(MerchantIdentity.holdsNumber(word) == Self.byProperty(word))
    }

    @Test func numbersAreFound() {
        #expect(MerchantIdentity.holdsNumber("loja12") && MerchantIdentity.holdsNumber("joão٣") && !MerchantIdentity.holdsNumber("joão"))
    }
}
