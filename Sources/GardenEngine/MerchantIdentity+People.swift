import GardenFoundation
import GardenCatalog
import GardenAnalysis

extension MerchantIdentity {
    /// A person's identity: every word of their name, a trailing surname that is also a place kept (`JOANA LIMA` is
    /// `name:joanalima`, never `name:joana` with Lima read as the city), and at least two words: one given name alone
    /// (`PIX ENVIADO JOAO`) is shared by too many people to remember or to make a rule of (issue 20: a rule on "joao"
    /// caught DROGARIA SAO JOAO), so it is no identity.
    public static func personName(_ folded: String, _ context: ResolutionContext) -> MerchantIdentity? {
        let engine = context.engine
        let all = folded.split(separator: " ").map(String.init)
        let words = all.filter { word in
            !engine.identityStopWords.contains(word) && !holdsNumber(word)
        }
        guard words.count >= 2 else { return nil }
        let run = all.filter { !holdsNumber($0) }
        return MerchantIdentity(.name(words: words, phrase: run.joined(separator: " ")))
    }

    /// The identity of a row whose merchant is the catalog brand `brand`: the brand, unless it sells everything
    /// (Apple, Amazon: ``sellsEverything(_:)``) and a word none of its printed forms has touches the brand's words in
    /// the name, which then names a merchant of its own (`APPLE CAFFE 123 CUPERTINO CA` is a café, `name:applecaffe`,
    /// so teaching it never teaches Apple). Only a touching word counts: what a marketplace prints after its own name
    /// and a place (`AMAZON MARKETPLACE SEATTLE WA<br/>Skydue Letter A4 Paper`: the item bought) is no other merchant,
    /// so that row is `brand:amazon` as `AMZN Mktp US` is, and a correction of one reaches the other. A neighbour that
    /// is a place, a number, an operation word or a particle (or one glued to a state code, `billWA`), or of one or two
    /// letters, touches nothing. A name without the brand's words is the seller's (`Mercadolivre*Brewland`).
    static func ofBrand(_ brand: Brand, _ context: ResolutionContext) -> MerchantIdentity {
        let identity = of(brand)
        guard !brand.flags.isDisjoint(with: [.ambiguous, .marketplace]) else { return identity }
        let engine = context.engine
        // Behind the brand's own wallet billing for itself (`APPLE.COM/BILL ONE APPLE PARK WAY …`) the brand's words are
        // its address, no café of its name: the brand (issue 37 found that row keyed `name:oneapple`, apart from Apple's).
        if let index = context.descriptor.processor, engine.processors[index].billsForItself,
           let own = engine.brand(named: engine.processors[index].name), of(own) == identity { return identity }
        let printed = Set(brand.patterns.flatMap { String(decoding: TokenizedText($0).folded, as: UTF8.self).split(separator: " ").map(String.init) })
        let words = context.descriptor.foldedName.split(separator: " ").map(String.init)
        // None of the brand's words in the name: the processor prefix or the counterparty named the brand, and the
        // name is the seller's (`Mercadolivre*Brewland`: `name:brewland`), else nothing.
        guard var first = words.firstIndex(where: printed.contains) else {
            guard let named = name(context.descriptor.foldedName, context), case .name = named.basis else { return identity }
            return named
        }
        var last = first
        let joins = { (word: String) in printed.contains(word) || engine.identityParticles.contains(word) }
        while last + 1 < words.count, joins(words[last + 1]) { last += 1 }
        while first > 0, printed.contains(words[first - 1]) { first -= 1 }
        // A word and the state code the card network prints after it, glued (`Amzn.com/billWA`: `billwa`).
        func furniture(_ word: String) -> Bool {
            joins(word) || engine.identityStopWords.contains(word)
        }
        func gluedToACode(_ word: String) -> Bool {
            word.count > 4 && engine.places.codes.contains(String(word.suffix(2))) && furniture(String(word.dropLast(2)))
        }
        func namesAnother(_ index: Int) -> Bool {
            let word = words[index]
            // One or two letters are an initial or what is left of a reference code (`AMAZON.COM*RT5KQ`: `rt kq`).
            guard word.unicodeScalars.count > 2, !furniture(word), !engine.places.codes.contains(word), !gluedToACode(word),
                  !holdsNumber(word) else { return false }
            for length in 1...max(1, min(engine.places.longestCity, words.count - index)) {
                if engine.places.cities.contains(words[index..<(index + length)].joined(separator: " ")) { return false }
            }
            return true
        }
        let touched = (first > 0 && namesAnother(first - 1)) || (last + 1 < words.count && namesAnother(last + 1))
        guard touched, let named = name(context.descriptor.foldedName, context), case .name = named.basis else { return identity }
        return named
    }
}
