import GardenFoundation
import GardenCatalog
import GardenImage
import GardenNames

/// Reads a descriptor: removes bank boilerplate, documents, dates and times, installments, card masks
/// and phone numbers; unwraps processor, channel and marketplace prefixes; and records what the
/// automaton matched. The result (a ``Descriptor``) is the evidence every resolver works from.
///
/// Stages, in order: boilerplate (`Rules/boilerplate.tsv`) → documents (CNPJ, CPF) → bank details after
/// a document → dates, times, installments → card masks, phone numbers → processor prefixes
/// (`Rules/processors.tsv`) → brand and keyword matches on what is left.
public struct DescriptorAnalyzer: Sendable {
    public let views: AnalysisViews

    public init(_ views: AnalysisViews) { self.views = views }

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

    /// `text` bounded and repaired as exporters damage it (``TextRepair``): what the descriptor and the memo are read as.
    public func repaired(_ text: String) -> String {
        Self.repaired(text, patternWords: views.patternWords)
    }

    /// `text` bounded and repaired as ``repaired(_:)`` does, with the catalog's pattern words given
    /// (``AnalysisViews/patternWords``): for a reader that holds them and not the analyzer.
    public static func repaired(_ text: String, patternWords: PatternWords) -> String {
        TextRepair.repaired(bounded(text), knownWords: patternWords.set)
    }

    /// The row's descriptor analyzed and its counterparty read from it (one call: neither is copied on the way).
    public func read(_ transaction: Transaction) -> (descriptor: Descriptor, counterparty: Counterparty) {
        let descriptor = analyze(transaction)
        return (descriptor, Counterparty(transaction: transaction, descriptor: descriptor, views: views))
    }

    public func analyze(_ transaction: Transaction) -> Descriptor {
        let text = TokenizedText(repaired(transaction.resolvableText))
        var state = State(text: text)
        // One buffer for the automaton's matches of every search of the row: one allocation, not one a search.
        var matches: [PatternTrie.Match] = []
        matches.reserveCapacity(16)
        var found = LineMatches()
        found.collect(in: text, views: views, matches: &matches)
        if let memo = transaction.memo.map(repaired), !memo.isEmpty {
            found.collectMemo(in: TokenizedText(memo), views: views)
        }
        clean(&state, found.cleanerMatches, transaction)
        // When the kept words are one run of the descriptor (the usual case), they are matched in place: their
        // bytes are not needed (a kept word is never empty, so the memo is not read either); otherwise the cleaned
        // text is tokenized again.
        if state.trimmedEnd.isEmpty, let run = state.keptRun() {
            var descriptor = describe(state, found, transaction)
            unwrapAndMatch(text, run, inPlace: true, country: BrandScope.country(of: transaction), matches: &matches, into: &descriptor)
            return descriptor
        }
        var merchantBytes = state.merchantBytes()
        // Nothing left but boilerplate ("ENVIO PIX"): the memo names the counterparty.
        if merchantBytes.isEmpty, let memo = transaction.memo.map(repaired), !memo.isEmpty {
            merchantBytes = memoMerchant(memo, transaction, documents: &state.documents)
        }
        var descriptor = describe(state, found, transaction)
        let merchant = TokenizedText(bytes: merchantBytes)
        unwrapAndMatch(merchant, 0..<merchant.tokens.count, inPlace: false, country: BrandScope.country(of: transaction),
                       matches: &matches, into: &descriptor)
        return descriptor
    }

    /// Removes from `state` boilerplate (`cleanerMatches`), documents, dates and installments, card masks,
    /// phones, leading numbers and connectors, and a trailing place.
    @inline(__always)
    private func clean(_ state: inout State, _ cleanerMatches: [(cleaner: Int, match: PatternTrie.Match)], _ transaction: Transaction) {
        let text = state.text
        state.applyCleaners(cleanerMatches, views: views, givenMethod: transaction.paymentMethod)
        state.applyLabels(cleanerMatches, views: views)
        state.findDocuments(transferContext: isTransferContext(state, transaction))
        state.removeDatesAndInstallments(rowDate: transaction.date)
        state.removeCardMasksAndPhones()
        state.removeLeadingNumbers()
        state.removeLeadingConnector()
        state.removeStatementFields(views.statementFields, country: BrandScope.country(of: transaction),
                                     labelled: state.cleanersApplied.contains { views.cleaners[$0].isLabel })
        state.printsWebAddress = state.removeWebAddress()
        state.removeTrailingPlace(views.places, country: BrandScope.country(of: transaction), brandPlaces: views.brandPlaces,
                                  endsBrand: { city in endsBrand(text, city) }, onlyTrade: { words in onlyTrade(text, words) })
    }

    /// The merchant words of the `memo` cleaned as a Pix line; its documents are appended to `documents`.
    private func memoMerchant(_ memo: String, _ transaction: Transaction, documents: inout [Descriptor.Document]) -> [UInt8] {
        var memoState = State(text: TokenizedText(memo))
        var memoMatches: [PatternTrie.Match] = []
        if !memoState.text.tokens.isEmpty {
            views.trie.search(memoState.text, .init(tokens: 0..<memoState.text.tokens.count), into: &memoMatches)
        }
        let memoCleaners = memoMatches.compactMap { match -> (cleaner: Int, match: PatternTrie.Match)? in
            let entry = views.entries[match.entry]
            return entry.role == .boilerplate ? (entry.record, match) : nil
        }
        memoState.applyCleaners(memoCleaners, views: views, givenMethod: .pix)
        memoState.findDocuments(transferContext: true)
        memoState.removeDatesAndInstallments(rowDate: transaction.date)
        memoState.removeCardMasksAndPhones()
        documents.append(contentsOf: memoState.documents)
        return memoState.merchantBytes()
    }

    /// The descriptor of what cleaning found (`state`) and the line matches (`found`), before unwrapping.
    @inline(__always)
    private func describe(_ state: State, _ found: LineMatches, _ transaction: Transaction) -> Descriptor {
        var descriptor = Descriptor(text: state.text, merchantText: TokenizedText(""), merchantRange: 0..<0, foldedName: "",
                                    cleanedName: nil, method: state.method, directionHint: state.direction,
                                    refundWording: state.refundWording, processor: nil, unknownWrapper: nil, seller: nil,
                                    installment: state.installment, documents: state.documents,
                                    isTransferWording: isTransferContext(state, transaction))
        descriptor.cleanersApplied = state.cleanersApplied
        descriptor.marksCompany = state.marksCompany
        descriptor.printsWebAddress = state.printsWebAddress
        descriptor.notes = state.notes
        descriptor.knowledgeMatches = found.knowledge
        descriptor.bankLineMatches = found.bankLines.sorted { $0.length > $1.length }.map { ($0.rule, $0.text) }
        descriptor.documents = state.documents
        return descriptor
    }

    /// Whether a brand pattern starts before the words `city` and ends with them ("BOOST MOBILE").
    private func endsBrand(_ text: TokenizedText, _ city: ClosedRange<Int>) -> Bool {
        guard city.lowerBound > 0 else { return false }
        var found: [PatternTrie.Match] = []
        views.trie.search(text, .init(tokens: 0..<(city.upperBound + 1)), into: &found)
        let end = text.tokens[city.upperBound].foldedEnd
        return found.contains { match in
            guard views.entries[match.entry].role == .name, match.mode == .word else { return false }
            return match.firstToken < city.lowerBound && match.end == end
        }
    }

    /// Whether every word of `words` (token indices of `text`, in order) lies in a keyword or trade-word match (not
    /// a hint: TROPICAL is a name).
    private func onlyTrade(_ text: TokenizedText, _ words: [Int]) -> Bool {
        guard let last = words.last else { return true }
        var found: [PatternTrie.Match] = []
        views.trie.search(text, .init(tokens: 0..<(last + 1)), into: &found)
        return words.allSatisfy { k in
            let token = text.tokens[k]
            return found.contains { match in
                let entry = views.entries[match.entry]
                guard entry.role == .trade, !views.keywords[entry.record].hint else { return false }
                return match.start <= token.foldedStart && token.foldedEnd <= match.end
            }
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
    /// `matches`: the row's buffer of automaton matches (its contents are not read: every search below empties it first).
    private func unwrapAndMatch(_ merchant: TokenizedText, _ range: Range<Int>, inPlace: Bool, country: String?,
                                matches: inout [PatternTrie.Match], into d: inout Descriptor) {
        d.merchantText = merchant
        let first = range.lowerBound
        let count = range.upperBound
        let start = unwrapPrefixes(merchant, range, country: country, matches: &matches, into: &d)
        d.merchantRange = start..<count
        if start < count {
            matchBrandsAndKeywords(merchant, start..<count, relaxed: start > first, inPlace: inPlace, country: country,
                                   matches: &matches, into: &d)
        }
        if start > first {
            matches.removeAll(keepingCapacity: true)
            views.trie.search(merchant, .init(tokens: first..<start), into: &matches)
            matches.removeAll { views.entries[$0.entry].role != .name }
            matches.sort(by: Self.better)
            d.headBrandMatches = matches
        }
        name(merchant, start..<count, country: country, into: &d)
        dropBrandsHeadingLongerNames(into: &d)
    }

    /// Sets the merchant's display name, its folded key, and whether it names a public body.
    @inline(__always)
    private func name(_ merchant: TokenizedText, _ range: Range<Int>, country: String?, into d: inout Descriptor) {
        if d.processor.map({ views.processors[$0].role == .marketplace }) ?? false {
            // The marketplace is the merchant; its seller is already recorded.
            d.foldedName = d.seller.map { CPFScrubber.scrub(TextFold.fold($0)) } ?? ""
            d.cleanedName = views.processors[d.processor!].name
            return
        }
        let (name, key) = Self.nameAndKey(merchant, range, places: views.nameTrailingWords(country: country), legalSuffixes: views.legalSuffixes)
        d.cleanedName = name.isEmpty ? nil : name
        // A long name printed glued ("Farmaciassaopaulo") is shown in its words; the key stays as printed.
        if !name.utf8.contains(0x20), name.count >= GluedNameSplitter.minimumLength, let words = views.gluedNames.split(key) {
            d.cleanedName = words.enumerated().map { k, word in
                if k > 0 && k == words.count - 1 && GluedNameSplitter.isRomanNumeral(word) { return word.uppercased() }
                return k > 0 && Self.smallWords.contains(word) ? word : word.prefix(1).uppercased() + word.dropFirst()
            }.joined(separator: " ")
            // Trade words of the split name count as printed whole ("ACOUGUEBOIGORDO" is a butcher's).
            if d.keywordMatches.isEmpty, d.brandMatches.isEmpty { d.keywordMatches = keywordMatches(in: words.joined(separator: " ")) }
        }
        d.cleanedName = d.cleanedName.map { completingCutWord(views.nameAbbreviations.expanded($0, country: country), country: country) }
        // The key names memory, features and proposed rules, all stored: never a CPF in it.
        d.foldedName = CPFScrubber.scrub(key)
        d.namesPublicBody = d.brandMatches.isEmpty && views.namesPublicBody(key)
        if d.brandMatches.isEmpty, country == nil || country == "BR", let pm = Self.pmWord(in: key),
           let city = municipality(after: String(key[pm...])) {
            d.cleanedName = "Prefeitura Municipal de " + city
            d.namesPublicBody = true
        }
    }

    /// Where the word "pm" followed by a space begins in the folded `key`: a scan of its bytes (a Foundation search on
    /// every row cost thousands of instructions and an allocation).
    static func pmWord(in key: String) -> String.Index? {
        var key = key
        let offset: Int? = key.withUTF8 { bytes in
            guard bytes.count >= 4 else { return nil }
            var i = 0
            while i + 2 < bytes.count {
                if bytes[i] == 0x70, bytes[i + 1] == 0x6D, bytes[i + 2] == 0x20, i == 0 || bytes[i - 1] == 0x20 { return i }
                i += 1
            }
            return nil
        }
        return offset.map { key.utf8.index(key.utf8.startIndex, offsetBy: $0) }
    }

    /// The municipality a Brazilian line names after PM, the form Brazilian banks print for "Prefeitura Municipal"
    /// in a tax or fee payment ("PM CACAPAV", "TRIBUTO PM JUNDIAI": the words after PM to the end), title-cased: the words after PM as a city of
    /// `Rules/places.tsv` (IBGE's municipalities and GeoNames' places), or, when the bank cut the last of them at its
    /// column limit, the one whole city name of as many words that begins with them (4 letters or more of the cut
    /// word; the list's own cuts of long names lead to it). Nil when none or several do: PM names no municipality then ("PM" is also a time, a person's initials).
    func municipality(after key: String) -> String? {
        let words = key.split(separator: " ").dropFirst()
        guard let last = words.last, words.count <= views.places.longestCity,
              words.allSatisfy({ $0.allSatisfy(\.isLetter) }) else { return nil }
        let printed = words.joined(separator: " ")
        var city: String? = views.places.cities.contains(printed) ? printed : nil
        if last.count >= 4 {
            // The list holds the cuts of long names too ("PINDAMONHANG"): the whole name is the one no other begins.
            let candidates = views.places.cities.keys(withPrefix: printed, limit: 8)
                .filter { $0.split(separator: " ").count == words.count }
            let whole = candidates.filter { name in !candidates.contains { $0 != name && $0.hasPrefix(name) } }
            city = whole.count == 1 ? whole[0] : candidates.isEmpty ? city : nil
        }
        return city.map { name in
            name.split(separator: " ").enumerated().map { k, word in
                k > 0 && Self.smallWords.contains(String(word)) ? String(word) : word.prefix(1).uppercased() + word.dropFirst()
            }.joined(separator: " ")
        }
    }

    /// The keyword and trade-word matches of whole words in `text` (a split glued name), with empty spans.
    private func keywordMatches(in text: String) -> [(rule: Int, text: String, span: Range<Int>)] {
        let split = TokenizedText(text)
        var found: [PatternTrie.Match] = []
        views.trie.search(split, .init(tokens: 0..<split.tokens.count), into: &found)
        return found.compactMap { match in
            let entry = views.entries[match.entry]
            guard match.mode == .word, entry.role == .trade else { return nil }
            return (entry.record, String(decoding: split.folded[match.start..<match.end], as: UTF8.self), 0..<0)
        }
    }

    /// Whether word `index` is by itself a brand pattern ("TIM" in "TIM*4499": the brand, not a wrapper).
    func isBrandWord(_ text: TokenizedText, _ index: Int) -> Bool {
        var found: [PatternTrie.Match] = []
        views.trie.search(text, .init(tokens: index..<(index + 1)), into: &found)
        return found.contains { match in
            views.entries[match.entry].role == .name && match.mode == .word
        }
    }

    /// A word some pattern has whole, or a place's name ("SERRA" is a city, not SERRALHERIA cut short).
    func isWholeWord(_ word: String) -> Bool {
        views.patternWords.contains(word) || views.places.cities.contains(word)
    }

    func lastToken(of match: PatternTrie.Match, in text: TokenizedText) -> Int {
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
