/// Reads a descriptor: removes bank boilerplate, documents, dates and times, installments, card masks
/// and phone numbers; unwraps processor, channel and marketplace prefixes; and records what the
/// automaton matched. The result (a ``Descriptor``) is the evidence every resolver works from.
///
/// Stages, in order: boilerplate (`Rules/boilerplate.tsv`) → documents (CNPJ, CPF) → bank details after
/// a document → dates, times, installments → card masks, phone numbers → processor prefixes
/// (`Rules/processors.tsv`) → brand and keyword matches on what is left.
public struct DescriptorAnalyzer: Sendable {
    public let catalog: Catalog

    public init(catalog: Catalog) { self.catalog = catalog }

    /// The shortest descriptor whose last word may have been cut by the bank ("Dl*Google Youtub": 16).
    public static let shortestCutDescriptor = 16

    /// Bytes of a descriptor that are analyzed: bank descriptors are well under 300 characters, and a
    /// bound keeps every step linear in practice (a 1 MiB line of "1 1 1 …" must not stall the stream).
    public static let maximumDescriptorBytes = 1_024

    /// `text` cut to at most ``maximumDescriptorBytes`` on a UTF-8 character boundary.
    static func bounded(_ text: String) -> String {
        guard text.utf8.count > maximumDescriptorBytes else { return text }
        let bytes = Array(text.utf8)
        var end = maximumDescriptorBytes
        while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// `text` bounded and repaired as exporters damage it (``TextRepair``).
    private func repaired(_ text: String) -> String {
        TextRepair.repaired(Self.bounded(text), knownWords: catalog.patternWords.set)
    }

    public func analyze(_ transaction: Transaction) -> Descriptor {
        let text = TokenizedText(repaired(transaction.resolvableText))
        var state = State(text: text)
        var matches: [PatternTrie.Match] = []
        matches.reserveCapacity(16)
        if !text.tokens.isEmpty {
            catalog.trie.search(text, .init(tokens: 0..<text.tokens.count), into: &matches)
        }
        var bankLines: [(rule: Int, text: String, length: Int)] = []
        var cleanerMatches: [(cleaner: Int, match: PatternTrie.Match)] = []
        var ruleConditions: [Int: Set<Int>] = [:]
        for match in matches {
            switch catalog.entries[match.entry] {
            case .bankLine(let index):
                let rule = catalog.bankLines[index]
                if rule.anchored && match.firstToken != 0 { continue }
                bankLines.append((index, String(decoding: text.folded[match.start..<match.end], as: UTF8.self), match.length))
            case .cleaner(let index):
                cleanerMatches.append((index, match))
            case .userRule(let index, let condition):
                if catalog.userRules[index].textConditions[condition].field == "description" {
                    ruleConditions[index, default: []].insert(condition)
                }
            default:
                continue
            }
        }
        if let memo = transaction.memo.map(repaired), !memo.isEmpty {
            let memoText = TokenizedText(memo)
            var memoMatches: [PatternTrie.Match] = []
            if !memoText.tokens.isEmpty { catalog.trie.search(memoText, .init(tokens: 0..<memoText.tokens.count), into: &memoMatches) }
            for match in memoMatches {
                switch catalog.entries[match.entry] {
                case .bankLine(let index) where !catalog.bankLines[index].anchored || match.firstToken == 0:
                    bankLines.append((index, String(decoding: memoText.folded[match.start..<match.end], as: UTF8.self), match.length))
                case .userRule(let index, let condition) where catalog.userRules[index].textConditions[condition].field == "memo":
                    ruleConditions[index, default: []].insert(condition)
                default: continue
                }
            }
        }
        state.applyCleaners(cleanerMatches, catalog: catalog, givenMethod: transaction.paymentMethod)
        state.applyLabels(cleanerMatches, catalog: catalog)
        state.findDocuments(transferContext: isTransferContext(state, transaction))
        state.removeDatesAndInstallments(rowDate: transaction.date)
        state.removeCardMasksAndPhones()
        state.removeLeadingNumbers()
        state.removeLeadingConnector()
        state.removeTrailingPlace(catalog.places, northAmerican: transaction.currency.code == "USD" || transaction.currency.code == "CAD",
                                  endsBrand: { city in endsBrand(text, city) })
        var merchantBytes = state.merchantBytes()
        var usedMemo = false
        // Nothing left but boilerplate ("ENVIO PIX"): the memo names the counterparty.
        if merchantBytes.isEmpty, let memo = transaction.memo.map(repaired), !memo.isEmpty {
            usedMemo = true
            var memoState = State(text: TokenizedText(memo))
            var memoMatches: [PatternTrie.Match] = []
            if !memoState.text.tokens.isEmpty {
                catalog.trie.search(memoState.text, .init(tokens: 0..<memoState.text.tokens.count), into: &memoMatches)
            }
            let memoCleaners = memoMatches.compactMap { match -> (cleaner: Int, match: PatternTrie.Match)? in
                if case .cleaner(let index) = catalog.entries[match.entry] { return (index, match) }
                return nil
            }
            memoState.applyCleaners(memoCleaners, catalog: catalog, givenMethod: .pix)
            memoState.findDocuments(transferContext: true)
            memoState.removeDatesAndInstallments(rowDate: transaction.date)
            memoState.removeCardMasksAndPhones()
            merchantBytes = memoState.merchantBytes()
            state.documents.append(contentsOf: memoState.documents)
        }

        var descriptor = Descriptor(text: text, merchantText: TokenizedText(""), merchantRange: 0..<0, foldedName: "",
                                    cleanedName: nil, method: state.method, directionHint: state.direction,
                                    refundWording: state.refundWording, processor: nil, unknownWrapper: nil, seller: nil,
                                    installment: state.installment, documents: state.documents,
                                    isTransferWording: isTransferContext(state, transaction))
        descriptor.cleanersApplied = state.cleanersApplied
        descriptor.notes = state.notes
        descriptor.userRuleConditions = ruleConditions
        descriptor.bankLineMatches = bankLines.sorted { $0.length > $1.length }.map { ($0.rule, $0.text) }
        descriptor.documents = state.documents
        // When the kept words are one run of the descriptor (the usual case), they are matched in place;
        // otherwise the cleaned text is tokenized again.
        if !usedMemo, state.trimmedEnd.isEmpty, let run = state.keptRun() {
            unwrapAndMatch(text, run, inPlace: true, country: BrandScope.country(of: transaction), into: &descriptor)
        } else {
            let merchant = TokenizedText(bytes: merchantBytes)
            unwrapAndMatch(merchant, 0..<merchant.tokens.count, inPlace: false, country: BrandScope.country(of: transaction), into: &descriptor)
        }
        return descriptor
    }

    /// Whether a brand pattern starts before the words `city` and ends with them ("BOOST MOBILE").
    private func endsBrand(_ text: TokenizedText, _ city: ClosedRange<Int>) -> Bool {
        guard city.lowerBound > 0 else { return false }
        var found: [PatternTrie.Match] = []
        catalog.trie.search(text, .init(tokens: 0..<(city.upperBound + 1)), into: &found)
        let end = text.tokens[city.upperBound].foldedEnd
        return found.contains { match in
            guard case .brand = catalog.entries[match.entry], match.mode == .word else { return false }
            return match.firstToken < city.lowerBound && match.end == end
        }
    }

    private func isTransferContext(_ state: State, _ t: Transaction) -> Bool {
        Self.isTransfer(state.method ?? t.paymentMethod)
    }

    /// Rails that move money between people or accounts (a Pix paid by QR code is a purchase).
    static func isTransfer(_ method: PaymentMethod?) -> Bool {
        switch method {
        case .pix, .ted, .doc, .zelle, .p2p, .internal, .wire, .ach: return true
        default: return false
        }
    }

    /// Unwraps prefixes on the cleaned merchant words `range` of `merchant` and finds brands and keywords
    /// in what follows. `inPlace`: `merchant` is the descriptor's own text, so its offsets are print columns.
    private func unwrapAndMatch(_ merchant: TokenizedText, _ range: Range<Int>, inPlace: Bool, country: String?, into d: inout Descriptor) {
        d.merchantText = merchant
        let first = range.lowerBound
        let count = range.upperBound
        var start = first
        var matches: [PatternTrie.Match] = []
        // Processor, channel and marketplace prefixes at the head, possibly nested (DL*GOOGLE *YOUTUBE).
        while start < count {
            matches.removeAll(keepingCapacity: true)
            catalog.trie.search(merchant, .init(tokens: start..<min(count, start + 4)), into: &matches)
            var best: (processor: Int, end: Int, length: Int)?
            for match in matches where match.firstToken == start && match.mode == .word {
                guard case .processor(let index, let needsStar) = catalog.entries[match.entry] else { continue }
                let last = lastToken(of: match, in: merchant)
                if needsStar && merchant.tokens[last].punctuationAfter != UInt8(ascii: "*") { continue }
                if best == nil || match.length > best!.length { best = (index, last + 1, match.length) }
            }
            guard let found = best else { break }
            let processor = catalog.processors[found.processor]
            if processor.role == .marketplace {
                if d.processor == nil || catalog.processors[d.processor!].role != .marketplace { d.processor = found.processor }
                if found.end < count { d.seller = Self.displayName(merchant, found.end..<count, places: catalog.nameTrailingWords) }
                start = found.end
                break
            }
            if d.processor == nil || catalog.processors[d.processor!].role == .processor && processor.role == .channel {
                d.processor = found.processor
            }
            start = found.end
        }
        // An unknown short wrapper ("XY*NAME") when no catalog prefix was found.
        if d.processor == nil, count - first >= 2, merchant.tokens[first].punctuationAfter == UInt8(ascii: "*"),
           merchant.tokens[first].foldedEnd - merchant.tokens[first].foldedStart <= 3, !merchant.tokens[first].isNumber,
           !isBrandWord(merchant, first) {
            d.unknownWrapper = merchant.word(first).uppercased()
            start = first + 1
        }
        d.merchantRange = start..<count
        if start < count {
            matches.removeAll(keepingCapacity: true)
            let relaxed = start > first
            // Banks cut descriptors at a column limit (22 to 25 characters on cards): a short one was not cut.
            // When the name is read in place, its own end must reach that column too: "GUITAR CENTER TX" was
            // not cut after CENTER (a place follows a short name), so CENTER does not complete to CENTERPOINT.
            let mayBeCut = d.text.source.count >= Self.shortestCutDescriptor
                && (!inPlace || merchant.tokens[count - 1].end >= Self.shortestCutDescriptor)
            catalog.trie.search(merchant, .init(tokens: start..<count, relaxFirstWord: relaxed, allowTruncatedEnd: mayBeCut), into: &matches)
            var brands: [PatternTrie.Match] = []
            var keywords: [PatternTrie.Match] = []
            for match in matches {
                switch catalog.entries[match.entry] {
                case .brand: brands.append(match)
                case .keyword(let index):
                    // Relaxed matching after a prefix is for brands; a keyword ends inside a word only when
                    // declared so ("posto"), or "MERCADOLIVRE*MERCADOL" would read as a market.
                    if match.mode == .prefix && !catalog.keywords[index].prefix { continue }
                    if match.mode == .truncated && isWholeWord(merchant.word(lastToken(of: match, in: merchant))) { continue }
                    keywords.append(match)
                    d.keywordMatches.append((index, String(decoding: merchant.folded[match.start..<match.end], as: UTF8.self), match.start..<match.end))
                default: continue
                }
            }
            // A brand read from the start of a glued word loses to a keyword that covers more of that word
            // ("ESTACIONAMENTO" is not "ESTACIO").
            brands.removeAll { brand in
                (brand.mode == .prefix || brand.mode == .glued) &&
                    keywords.contains { $0.start == brand.start && $0.end > brand.end }
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
            // Numbers glued to letters and brands of other countries on weak evidence (BrandScope).
            brands.removeAll { match in
                guard case .brand(let index) = catalog.entries[match.entry] else { return false }
                return !BrandScope.admits(match, of: catalog.brands[index], in: merchant, country: country)
            }
            d.brandMatches = brands.sorted(by: Self.better)
        }
        if start > first {
            matches.removeAll(keepingCapacity: true)
            catalog.trie.search(merchant, .init(tokens: first..<start), into: &matches)
            d.headBrandMatches = matches.filter { if case .brand = catalog.entries[$0.entry] { return true }; return false }.sorted(by: Self.better)
        }
        if d.processor.map({ catalog.processors[$0].role == .marketplace }) ?? false {
            // The marketplace is the merchant; its seller is already recorded.
            d.foldedName = d.seller.map { CPFScrubber.scrub(TextFold.fold($0)) } ?? ""
            d.cleanedName = catalog.processors[d.processor!].name
        } else {
            let (name, key) = Self.nameAndKey(merchant, start..<count, places: catalog.nameTrailingWords)
            d.cleanedName = name.isEmpty ? nil : name
            // A long name printed glued ("Farmaciassaopaulo") is shown in its words; the key stays as printed.
            if !name.contains(" "), name.count >= GluedNameSplitter.minimumLength, let words = catalog.gluedNames.split(key) {
                d.cleanedName = words.enumerated().map { k, word in
                    k > 0 && Self.smallWords.contains(word) ? word : word.prefix(1).uppercased() + word.dropFirst()
                }.joined(separator: " ")
                // Trade words of the split name count as printed whole ("ACOUGUEBOIGORDO" is a butcher's).
                if d.keywordMatches.isEmpty, d.brandMatches.isEmpty { d.keywordMatches = keywordMatches(in: words.joined(separator: " ")) }
            }
            // The key names memory, features and proposed rules, all stored: never a CPF in it.
            d.foldedName = CPFScrubber.scrub(key)
            d.namesPublicBody = d.brandMatches.isEmpty && catalog.namesPublicBody(key)
        }
    }

    /// The keyword and trade-word matches of whole words in `text` (a split glued name), with empty spans.
    private func keywordMatches(in text: String) -> [(rule: Int, text: String, span: Range<Int>)] {
        let split = TokenizedText(text)
        var found: [PatternTrie.Match] = []
        catalog.trie.search(split, .init(tokens: 0..<split.tokens.count), into: &found)
        return found.compactMap { match in
            guard match.mode == .word, case .keyword(let index) = catalog.entries[match.entry] else { return nil }
            return (index, String(decoding: split.folded[match.start..<match.end], as: UTF8.self), 0..<0)
        }
    }

    /// Whether word `index` is by itself a brand pattern ("TIM" in "TIM*4499": the brand, not a wrapper).
    private func isBrandWord(_ text: TokenizedText, _ index: Int) -> Bool {
        var found: [PatternTrie.Match] = []
        catalog.trie.search(text, .init(tokens: index..<(index + 1)), into: &found)
        return found.contains { match in
            if case .brand = catalog.entries[match.entry], match.mode == .word { return true }
            return false
        }
    }

    /// A word some pattern has whole, or a place's name ("SERRA" is a city, not SERRALHERIA cut short).
    private func isWholeWord(_ word: String) -> Bool {
        catalog.patternWords.set.contains(word) || catalog.places.cities.contains(word)
    }

    private func lastToken(of match: PatternTrie.Match, in text: TokenizedText) -> Int {
        var k = match.firstToken
        while k + 1 < text.tokens.count, text.tokens[k + 1].foldedStart < match.end { k += 1 }
        return k
    }

    /// Match order: longer first; whole words before glued, prefix and truncated matches; then earlier.
    static func better(_ a: PatternTrie.Match, _ b: PatternTrie.Match) -> Bool {
        if a.length != b.length { return a.length > b.length }
        if a.mode != b.mode { return a.mode.rawValue < b.mode.rawValue }
        if a.start != b.start { return a.start < b.start }
        return a.entry < b.entry
    }
}
