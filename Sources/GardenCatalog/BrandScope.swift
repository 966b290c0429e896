import GardenFoundation
import GardenImage

/// Which brand matches may name a row's merchant, beyond the automaton's word edges.
///
/// - A number glued to letters is part of another name: `99DESIGNS*LOGO` is not the brand `99`, and
///   `ABC99` is not it either (the match would start or end at a letter–digit change).
/// - A stock ticker is no brand: four letters glued to a B3 share-class number (`MSFT34`, a BDR of Microsoft;
///   `PETR4`, `MXRF11`) name a security bought or sold, never a purchase from the company (``isTicker(_:in:)``).
/// - A brand trades in some countries (``Brand/countries``): a row's currency names its country (BRL
///   Brazil, USD the United States, CAD Canada), and a brand of other countries decides it only on
///   strong evidence, a name of two or more words and at least ``strongLength`` letters
///   (`CASAS BAHIA`), never on one word (`SQ *CASA DI NONNA | NATURA` in USD is not the Brazilian
///   cosmetics chain). A CNPJ root in the catalog is strong evidence too (resolved elsewhere).
public enum BrandScope {
    /// Folded bytes a foreign brand's match must span to count as strong evidence.
    public static let strongLength = 10

    /// The country a row's currency points to, nil for other currencies.
    public static func country(of transaction: Transaction) -> String? {
        switch transaction.currency.code {
        case "BRL": "BR"
        case "USD": "US"
        case "CAD": "CA"
        default: nil
        }
    }

    /// Whether `match` of `brand` in `text` may name the merchant of a row of `country`.
    public static func admits(_ match: PatternTrie.Match, of brand: Brand, in text: TokenizedText, country: String?) -> Bool {
        admits(match, in: text, country: country, trades: { brand.trades(in: country) })
    }

    /// ``admits(_:of:in:country:)`` for brand `index` of `brands`, read in place (no copy of its record).
    public static func admits(_ match: PatternTrie.Match, ofBrand index: Int, in brands: BrandTable, text: TokenizedText,
                              country: String?) -> Bool {
        admits(match, in: text, country: country, trades: { brands.trades(index, in: country) })
    }

    @inline(__always)
    private static func admits(_ match: PatternTrie.Match, in text: TokenizedText, country: String?, trades: () -> Bool) -> Bool {
        if gluedNumberEdge(match, in: text) || isTicker(match, in: text) { return false }
        if trades() { return true }
        let spansWords = match.mode == .glued || text.folded[match.start..<match.end].contains(0x20)
        return spansWords && match.length >= strongLength
    }

    /// Whether the match starts or ends with a number glued to letters outside it ("99" in "99DESIGNS").
    static func gluedNumberEdge(_ match: PatternTrie.Match, in text: TokenizedText) -> Bool {
        let first = match.firstToken
        var last = first
        while last + 1 < text.tokens.count, text.tokens[last + 1].foldedStart < match.end { last += 1 }
        let head = text.tokens[first]
        if head.isNumber, first > 0, text.tokens[first - 1].gluedToNext { return true }
        let tail = text.tokens[last]
        if tail.isNumber, tail.gluedToNext, tail.foldedEnd <= match.end { return true }
        return false
    }

    /// The numbers B3 tickers end in: 3 ordinary shares, 4–8 preferred classes, 11 units, funds and ETFs, 31–35 and
    /// 39 BDRs (B3, "Códigos de negociação"; the four letters name the issuer).
    static let tickerSuffixes: Set<String> = ["3", "4", "5", "6", "7", "8", "11", "31", "32", "33", "34", "35", "39"]

    /// Whether the match is the four letters of a B3 ticker: one word of four letters glued to a share-class number that
    /// ends the word (`MSFT34`), with no letters glued before it.
    static func isTicker(_ match: PatternTrie.Match, in text: TokenizedText) -> Bool {
        let first = match.firstToken
        guard first + 1 < text.tokens.count else { return false }
        let letters = text.tokens[first], number = text.tokens[first + 1]
        guard !letters.isNumber, letters.gluedToNext, number.isNumber, !number.gluedToNext, letters.foldedEnd >= match.end,
              first == 0 || !text.tokens[first - 1].gluedToNext else { return false }
        return text.word(first).utf8.count == 4 && tickerSuffixes.contains(text.word(first + 1))
    }
}
