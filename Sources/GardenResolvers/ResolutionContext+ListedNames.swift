import GardenEngine

extension ResolutionContext {
    /// The grade from which a trade word of the lexicon decides alone (`Rules/trade_words.tsv`'s head nouns).
    static let tradeHeadNoun = 750

    /// Whether a name a maintained list holds (an online service, a university, a travel brand) gives way in these
    /// merchant words: a brand of the catalog matched them (the catalog knows it better), or a trade head noun outside
    /// the listed name's `span` names another trade (`POSTO UNIVERSIDADE UBERABA` is a filling station named after
    /// the university, `AUTO POSTO FORMULA 1` one named after the race). Read by the list resolvers, never per list.
    func listedNameGivesWay(category: String?, span: Range<Int>) -> Bool {
        if matchedBrand != nil { return true }
        return descriptor.keywordMatches.contains { match in
            let rule = catalog.keywords[match.rule]
            guard rule.confidence.perMille >= Self.tradeHeadNoun, !match.span.overlaps(span) else { return false }
            guard let category else { return true }
            return !(rule.category == category || rule.category.hasPrefix(category + ".") || category.hasPrefix(rule.category + "."))
        }
    }
}
