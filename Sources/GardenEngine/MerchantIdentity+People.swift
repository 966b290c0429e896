import GardenFoundation
import GardenCatalog
import GardenAnalysis

extension MerchantIdentity {
    /// A person's identity: every word of their name, a trailing surname that is also a place kept (`JOANA LIMA` is
    /// `name:joanalima`, never `name:joana` with Lima read as the city), and at least two words: one given name alone
    /// (`PIX ENVIADO JOAO`) is shared by too many people to remember or to make a rule of (issue 20: a rule on "joao"
    /// caught DROGARIA SAO JOAO), so it is no identity.
    public static func personName(_ folded: String, _ context: ResolutionContext) -> MerchantIdentity? {
        let catalog = context.catalog
        let all = folded.split(separator: " ").map(String.init)
        let words = all.filter { word in
            !catalog.identityStopWords.contains(word) && !word.unicodeScalars.contains { $0.properties.numericType != nil }
        }
        guard words.count >= 2 else { return nil }
        let run = all.filter { !$0.unicodeScalars.contains { $0.properties.numericType != nil } }
        return MerchantIdentity(.name(words: words, phrase: run.joined(separator: " ")))
    }

    /// The identity of a row whose merchant is the catalog brand `brand`: the brand, unless it sells everything
    /// (Apple, Amazon: ``sellsEverything(_:)``) and the name holds words none of its printed forms has, which then
    /// name a merchant of their own (`APPLE CAFFE 123 CUPERTINO CA` is a café, `name:applecaffe`, so teaching it never
    /// teaches Apple).
    static func ofBrand(_ brand: Brand, _ context: ResolutionContext) -> MerchantIdentity {
        let identity = of(brand)
        guard !brand.flags.isDisjoint(with: [.ambiguous, .marketplace]),
              let named = name(context.descriptor.foldedName, context), case .name(let words, _) = named.basis else { return identity }
        let printed = Set(brand.patterns.flatMap { String(decoding: TokenizedText($0).folded, as: UTF8.self).split(separator: " ").map(String.init) })
        return words.contains(where: { !printed.contains($0) && !context.catalog.identityParticles.contains($0) }) ? named : identity
    }
}
