import GardenFoundation
import GardenCatalog
import GardenImage

/// When a word the bank cut at its column limit completes to a brand (issue 21, item 4).
///
/// A card line's merchant field is cut at a fixed column, so its last word may be the start of a longer one
/// (`BURLINGTON COAT FA`, `SQ *STARBUC`). Completing that word to the one brand it can begin is evidence only
/// when the brand's own name is what the line prints: the brand heads the merchant's name, or the cut word is
/// the last of several of the brand's words the line prints whole. A cut word after words that are no part of
/// the brand (`TASTE OF BURLING`, `SANCHEZ FAMILY ENTERPR`, `ROCKY MOUNTAIN ELECTRI`) ends another business's
/// name: its first letters are a common word's as often as a brand's (ENTERPRISES, ELECTRIC, PROPERTIES,
/// MARKET), and on held-out venue names such completions named the brand once in 78
/// (`tools/data/brand_holdout.py`, docs/MEASUREMENTS.md, session 4).
extension DescriptorAnalyzer {
    /// Drops the completions of a cut word that is the only word of the brand the line prints, unless it
    /// is the first word of the merchant words `range` (the merchant's name is the brand's, cut).
    @inline(__always)
    func dropCompletionsAfterOtherWords(_ brands: inout [PatternTrie.Match], _ merchant: TokenizedText, _ range: Range<Int>) {
        guard brands.contains(where: { $0.mode == .truncated }) else { return }
        brands.removeAll { match in
            match.mode == .truncated && match.firstToken != range.lowerBound
                && lastToken(of: match, in: merchant) == match.firstToken
        }
    }
}
