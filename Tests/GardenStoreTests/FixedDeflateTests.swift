import Testing
@testable import GardenStore

/// The ledger's own deflate encoder writes streams that zlib's inflate reads back with the same dictionary.
struct FixedDeflateTests {
    static let dictionary = Array("merchant kind local chain brand_catalog Mercado Restaurantes e bares".utf8)

    @Test(arguments: ["", "a", "Mercado", "Mercado Mercado Mercado", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                      "çãõ✓ brand_catalog 0123456789", String(repeating: "Restaurantes e bares do Zé ", count: 400)])
    func zlibInflatesWhatItWrites(_ text: String) {
        let encoder = FixedDeflate(dictionary: Self.dictionary)
        let packed = encoder.compress(Array(text.utf8))
        let read = packed.withUnsafeBytes { LedgerText.inflate($0, dictionary: Self.dictionary, windowBits: 15) }
        #expect(read == Array(text.utf8))
    }

    @Test func wordsOfTheDictionaryTakeAFewBytes() {
        let packed = FixedDeflate(dictionary: Self.dictionary).compress(Array("Restaurantes e bares".utf8))
        #expect(packed.count < 6)
    }
}
