import GardenFoundation
import GardenCatalog
import GardenImage

/// Unwrapping prefixes and finding brands and keywords in the merchant words (``DescriptorAnalyzer/analyze(_:)``).
extension DescriptorAnalyzer {
    /// Records the processor, channel and marketplace prefixes at the head of `range`, possibly nested
    /// (DL*GOOGLE *YOUTUBE), or an unknown short wrapper ("XY*NAME"); returns where the merchant starts.
    @inline(__always)
    func unwrapPrefixes(_ merchant: TokenizedText, _ range: Range<Int>, country: String?, matches: inout [PatternTrie.Match],
                                into d: inout Descriptor) -> Int {
        let first = range.lowerBound
        let count = range.upperBound
        var start = first
        while start < count {
            guard let found = longestProcessor(merchant, at: start, end: count, matches: &matches) else { break }
            let role = views.processors[found.processor].role      // read in place: a `Processor` copy retains its strings
            if role == .marketplace {
                if d.processor == nil || views.processors[d.processor!].role != .marketplace { d.processor = found.processor }
                if found.end < count { d.seller = Self.displayName(merchant, found.end..<count, places: views.nameTrailingWords(country: country), legalSuffixes: views.legalSuffixes) }
                start = found.end
                break
            }
            if d.processor == nil || views.processors[d.processor!].role == .processor && role == .channel {
                d.processor = found.processor
            }
            start = found.end
        }
        // An unknown short wrapper ("XY*NAME") when no catalog prefix was found; or a payment facilitator's name cut
        // to seven characters before the sponsored merchant's name (Visa Core Rules, payment facilitator merchant
        // name field: the facilitator's name in 3, 7 or 12 characters, "*", the sponsored merchant's name:
        // "BERLINF*POSTO APOLLO"), when a word, not a code, follows the star.
        if d.processor == nil, count - first >= 2, merchant.tokens[first].punctuationAfter == UInt8(ascii: "*"),
           case let wrapperLength = merchant.tokens[first].foldedEnd - merchant.tokens[first].foldedStart, wrapperLength <= 3 || wrapperLength == 7 && !merchant.tokens[first + 1].isNumber && !merchant.tokens[first + 1].gluedToNext,
           !merchant.tokens[first].isNumber, !isBrandWord(merchant, first) {
            d.unknownWrapper = merchant.word(first).uppercased()
            start = first + 1
        }
        return start
    }

    /// The longest processor prefix starting at word `start` (within four words, before `end`), with the
    /// word after it.
    @inline(__always)
    func longestProcessor(_ merchant: TokenizedText, at start: Int, end count: Int,
                                  matches: inout [PatternTrie.Match]) -> (processor: Int, end: Int, length: Int)? {
        matches.removeAll(keepingCapacity: true)
        // Only matches beginning at `start` are read: the walks from the other words are skipped.
        views.trie.search(merchant, .init(tokens: start..<min(count, start + 4), fromFirstWordOnly: true), into: &matches)
        var best: (processor: Int, end: Int, length: Int)?
        for match in matches where match.firstToken == start && match.mode == .word {
            let entry = views.entries[match.entry]
            guard entry.role == .wrapper else { continue }
            let index = entry.record, needsStar = entry.options.contains(.needsStar)
            let last = lastToken(of: match, in: merchant)
            if needsStar && merchant.tokens[last].punctuationAfter != UInt8(ascii: "*") { continue }
            if best == nil || match.length > best!.length { best = (index, last + 1, match.length) }
        }
        return best
    }

    /// Finds the brands and keywords of the merchant words `range`; `relaxed`: a prefix was unwrapped, so
    /// the first word may be glued to it.
    @inline(__always)
    func matchBrandsAndKeywords(_ merchant: TokenizedText, _ range: Range<Int>, relaxed: Bool, inPlace: Bool, country: String?,
                                        matches: inout [PatternTrie.Match], into d: inout Descriptor) {
        let count = range.upperBound
        matches.removeAll(keepingCapacity: true)
        // Banks cut descriptors at a column limit (22 to 25 characters on cards): a short one was not cut.
        // When the name is read in place, its own end must reach that column too: "GUITAR CENTER TX" was
        // not cut after CENTER (a place follows a short name), so CENTER does not complete to CENTERPOINT.
        let mayBeCut = d.text.source.count >= Self.shortestCutDescriptor
            && (!inPlace || merchant.tokens[count - 1].end >= Self.shortestCutDescriptor)
        views.trie.search(merchant, .init(tokens: range, relaxFirstWord: relaxed, allowTruncatedEnd: mayBeCut), into: &matches)
        // The brand matches are kept in `matches` itself (the others removed below, order kept); the keyword
        // matches are read from `d.keywordMatches` (their spans): no array of their own.
        for match in matches {
            let entry = views.entries[match.entry]
            switch entry.role {
            case .name: continue
            case .trade:
                let index = entry.record
                // Relaxed matching after a prefix is for brands; a keyword ends inside a word only when
                // declared so ("posto"), or "MERCADOLIVRE*MERCADOL" would read as a market.
                if match.mode == .prefix && !views.keywords[index].prefix { continue }
                if match.mode == .truncated && isWholeWord(merchant.word(lastToken(of: match, in: merchant))) { continue }
                if views.keywords[index].brazilOnly, country == "US" || country == "CA" { continue }
                d.keywordMatches.append((index, String(decoding: merchant.folded[match.start..<match.end], as: UTF8.self), match.start..<match.end))
            case .other:
                guard !entry.options.contains(.lineScope), let section = views.knowledge.index(ofSlot: entry.slot),
                      let found = KnowledgeMatch(match, section, entry.record, entry.options.contains(.prefix), in: merchant) else { continue }
                d.knowledgeMatches.append(found)
            default: continue
            }
        }
        matches.removeAll { views.entries[$0.entry].role != .name }
        removeWeakBrands(&matches, keywords: d.keywordMatches, merchant, country: country)
        dropCompletionsAfterOtherWords(&matches, merchant, range)
        dropHeadBrandsWithoutFurniture(&matches, merchant, range, country: country)
        matches.sort(by: Self.better)                     // in place: `sorted` made a second array
        d.brandMatches = matches
    }

    /// Drops the brand matches that read too much into the words: part of a longer keyword, a completion of
    /// a whole word, a number glued to letters, another country's brand on weak evidence.
    @inline(__always)
    func removeWeakBrands(_ brands: inout [PatternTrie.Match], keywords: [(rule: Int, text: String, span: Range<Int>)],
                          _ merchant: TokenizedText, country: String?) {
        // (Most merchant words match no brand: `removeAll(where:)` on an empty array still costs a call each.)
        guard !brands.isEmpty else { return }
        // A brand read from the start of a glued word loses to a keyword that covers more of that word
        // ("ESTACIONAMENTO" is not "ESTACIO").
        brands.removeAll { brand in
            (brand.mode == .prefix || brand.mode == .glued) &&
                keywords.contains { $0.span.lowerBound == brand.start && $0.span.upperBound > brand.end }
        }
        // A completion only where the last word was really cut: a whole word ("LAVANDERIA EXPRESS") or a
        // place never becomes a longer brand ("EXPRESSO ...") or trade word. A word is whole when some pattern has it as a word.
        brands.removeAll { brand in
            brand.mode == .truncated && isWholeWord(merchant.word(lastToken(of: brand, in: merchant)))
        }
        // A number glued to letters is part of a longer name: "99DESIGNS" is not the brand "99".
        brands.removeAll { brand in
            let last = lastToken(of: brand, in: merchant)
            return merchant.tokens[last].isNumber && merchant.tokens[last].gluedToNext && merchant.tokens[last].foldedEnd == brand.end
        }
        // A word doubled around "a" (`dia a dia`, `passo a passo`, `porta a porta`: the Portuguese and Spanish
        // idiom "noun a noun") is the idiom, a name of its own: "SUPERMERCADO DIA A DIA" is not the chain Dia.
        brands.removeAll { brand in
            isInDoubledIdiom(brand.firstToken, merchant) || isInDoubledIdiom(lastToken(of: brand, in: merchant), merchant)
        }
        // Numbers glued to letters and brands of other countries on weak evidence (BrandScope).
        brands.removeAll { match in
            let entry = views.entries[match.entry]
            guard entry.role == .name else { return false }
            return !BrandScope.admits(match, ofBrand: entry.record, in: views.brands, text: merchant, country: country)
        }
    }

    /// Whether token `k` is one end of a word doubled around `a` or `à` (`dia a dia`): letters only, at least
    /// two of them, the same word on both sides.
    func isInDoubledIdiom(_ k: Int, _ text: TokenizedText) -> Bool {
        func doubled(_ first: Int) -> Bool {
            guard first >= 0, first + 2 < text.tokens.count, !text.tokens[first].isNumber else { return false }
            let word = text.wordBytes(first)
            return word.count >= 2 && text.wordBytes(first + 1).elementsEqual("a".utf8) && text.wordBytes(first + 2).elementsEqual(word)
        }
        return doubled(k) || doubled(k - 2)
    }
}
