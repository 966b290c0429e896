import GardenFoundation
import GardenCatalog
import GardenImage

/// Short and common-word brand names that count only at the head of a name followed by store furniture
/// (brands flagged `head`, their `^` patterns: `^DSW`, `^76`, `^BOSE`, `^EXTRA`; issue 21).
///
/// A card line prints a chain as its name, then the store's furniture: a store number, a place, a phone
/// (`DSW PRESTONWOOD 5201 BELT`, `BOSE STORE 327 ONTARIO CA`, `REI 1234 SEATTLE WA`). A short or common
/// word that a longer name begins with is that shop's own name (`DIA A DIA MERCADO`, `MAX SUSHI BAR`), so
/// such a pattern names the brand only when what follows it is furniture.
extension DescriptorAnalyzer {
    /// How many words after a head brand's name may come before its store number: one branch or mall name
    /// (`DSW PRESTONWOOD 5201`) or a store word (`BOSE STORE 327`).
    static let wordsBeforeStoreNumber = 1

    /// Drops the matches of head patterns (`^`) of brands flagged `head` that are not followed by store
    /// furniture within the merchant words `range` of `merchant`.
    @inline(__always)
    func dropHeadBrandsWithoutFurniture(_ brands: inout [PatternTrie.Match], _ merchant: TokenizedText, _ range: Range<Int>,
                                        country: String?) {
        guard !brands.isEmpty else { return }
        brands.removeAll { match in
            let entry = views.entries[match.entry]
            guard entry.role == .name else { return false }
            guard views.brands.flags(entry.record).contains(.head),
                  isHeadPattern(match, of: views.brands[entry.record], in: merchant) else { return false }
            guard match.firstToken == range.lowerBound, match.mode == .word || match.mode == .glued else { return true }
            return !furnitureFollows(lastToken(of: match, in: merchant) + 1, range.upperBound, merchant, country: country)
        }
    }

    /// Whether `match` is one of `brand`'s head patterns (written `^NAME`), compared folded and without spaces.
    private func isHeadPattern(_ match: PatternTrie.Match, of brand: Brand, in merchant: TokenizedText) -> Bool {
        let matched = merchant.folded[match.start..<match.end].filter { $0 != 0x20 }
        return brand.patterns.contains { pattern in
            pattern.hasPrefix("^") && TokenizedText(String(pattern.dropFirst())).folded.filter { $0 != 0x20 } == matched
        }
    }

    /// Whether the words `next..<end` are store furniture: none (what followed, a place or a phone, was
    /// cleaned away, or the name is the brand alone), a store number within ``wordsBeforeStoreNumber`` + 1
    /// words (none of them a trade word), or only a place with its state or country codes.
    private func furnitureFollows(_ next: Int, _ end: Int, _ merchant: TokenizedText, country: String?) -> Bool {
        guard next < end else { return true }
        // A store number after at most one branch word; a trade word there makes it a shop's own name
        // (`ALPINE TIRES 0042` is a tyre shop, not the Alpine chain).
        let window = next..<min(end, next + Self.wordsBeforeStoreNumber + 1)
        if let number = window.first(where: { merchant.tokens[$0].isNumber }),
           !(next..<number).contains(where: { views.tradeWords.contains(merchant.word($0)) }) { return true }
        var words = (next..<end).filter { !merchant.tokens[$0].isNumber }.map { merchant.word($0) }
        while let last = words.last, views.places.isCode(last, country: country) { words.removeLast() }
        return words.isEmpty || views.places.cities.contains(words.joined(separator: " "))
    }
}
