import GardenFoundation
import GardenCatalog
import GardenNames

extension DescriptorAnalyzer {
    /// How common a word must be (Zipf, ``GluedNameSplitter/zipf(of:)``) for a brand named by it to be read
    /// as that word inside a longer name: 5.0 is about once in 100,000 words ("dia" 6.2, "extra" 5.1).
    static let commonWordZipf = 5.0
    /// The longest brand word read so: a short one ("DIA", "OI").
    static let shortBrandWord = 4

    /// Drops the brand matches that are a trade word and a short common word heading a longer business
    /// name: "SUPERMERCADO DIA A DIA" is a supermarket called Dia a Dia, not the Dia chain, whose pattern
    /// "SUPERMERCADO DIA" it begins with. The brand stands when the name ends with the match, or goes on
    /// only with a store number, a place or words of another of the brand's patterns ("SUPERMERCADO DIA
    /// 045 SP", "SUPERMERCADO DIA CAMPINAS", "MERCADO DIA BRASIL"); and when its own word is rare ("MERCADO
    /// LIVRE" is no common-word name) or long.
    func dropBrandsHeadingLongerNames(into d: inout Descriptor) {
        guard !d.brandMatches.isEmpty, !d.keywordMatches.isEmpty else { return }
        let name = d.foldedName
        let analyzed = d
        d.brandMatches.removeAll { match in
            let entry = views.entries[match.entry]
            guard match.mode == .word, entry.role == .name else { return false }
            let brand = entry.record
            let matched = analyzed.matchedText(match)
            // A trade word heads the match, and the match heads the name.
            guard name.hasPrefix(matched + " "),
                  let trade = analyzed.keywordMatches.first(where: { $0.span.lowerBound == match.start && !views.keywords[$0.rule].hint }),
                  trade.span.upperBound < match.end else { return false }
            let own = String(decoding: analyzed.merchantText.folded[trade.span.upperBound..<match.end], as: UTF8.self).split(separator: " ")
            guard !own.isEmpty, own.allSatisfy({ $0.count <= Self.shortBrandWord && (views.gluedNames.zipf(of: String($0)) ?? 0) >= Self.commonWordZipf })
            else { return false }
            // Where the brand's matches end: a longer pattern of the same brand may read on ("DIA BRASIL").
            let end = analyzed.brandMatches.filter { views.entries[$0.entry].role == .name && views.entries[$0.entry].record == brand }.map(\.end).max() ?? match.end
            let covered = String(decoding: analyzed.merchantText.folded[match.start..<end], as: UTF8.self)
            guard name.hasPrefix(covered + " ") else { return false }
            return continuesAsAName(name.dropFirst(covered.count + 1).split(separator: " ").map(String.init))
        }
    }

    /// Whether the words after a brand's match go on with the business's name: something else than numbers,
    /// state and country codes and a city's name.
    private func continuesAsAName(_ words: [String]) -> Bool {
        var rest = words.filter { !$0.allSatisfy(\.isNumber) }
        while let last = rest.last, views.places.codes.contains(last) { rest.removeLast() }
        guard !rest.isEmpty else { return false }
        return !views.places.cities.contains(rest.joined(separator: " "))
    }
}
