import GardenCatalog
import GardenEngine

extension ResolutionContext {
    /// The grade from which a trade word of the lexicon decides alone (`Rules/trade_words.tsv`'s head nouns).
    static let tradeHeadNoun = 750

    /// Whether a name a maintained list holds (an online service, a university, a travel brand) gives way in these
    /// merchant words: a brand of the catalog matched them (the catalog knows it better), or a trade head noun outside
    /// the listed name's `span` names another trade (`POSTO UNIVERSIDADE UBERABA` is a filling station named after
    /// the university, `AUTO POSTO FORMULA 1` one named after the race). Read by the list resolvers, never per list.
    /// `keywords`: the keyword and trade-word rules the row's keyword matches index, the resolver's view.
    func listedNameGivesWay(category: String?, span: Range<Int>, keywords: [LineRule]) -> Bool {
        if matchedBrand != nil { return true }
        return descriptor.keywordMatches.contains { match in
            let rule = keywords[match.rule]
            guard rule.confidence.perMille >= Self.tradeHeadNoun, !match.span.overlaps(span) else { return false }
            guard let category else { return true }
            return !(rule.category == category || rule.category.hasPrefix(category + ".") || category.hasPrefix(rule.category + "."))
        }
    }

    /// Whether the row is a local business's name a model or a mined word may read: some name left after cleaning,
    /// money going out (the corpora are places people pay), no brand matched, no bank line type, no registered company
    /// (the registry and CNAE speak for it), no person, and no head noun of the trade-word lexicon (a word that decides
    /// alone); a name with only weak words is read.
    /// `keywords`: the keyword and trade-word rules the row's keyword matches index, the resolver's view.
    func readsAsALocalBusinessName(keywords: [LineRule]) -> Bool {
        let d = descriptor
        // A transfer names a payee.
        guard !d.foldedName.isEmpty, direction != .in, !d.isTransferWording else { return false }
        guard !d.keywordMatches.contains(where: { keywords[$0.rule].confidence.perMille >= Self.tradeHeadNoun }) else { return false }
        guard d.brandMatches.isEmpty, d.bankLineMatches.isEmpty else { return false }
        return counterparty.cnpj == nil && !counterparty.isPerson && counterparty.brand == nil
    }
}
