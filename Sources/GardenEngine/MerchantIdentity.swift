import GardenFoundation
import GardenCatalog
import GardenAnalysis
import GardenNames

/// Who a row's merchant is, as garden resolved it, in a form every printed variant of that merchant shares
/// ("UBER *TRIP", "Dl*Uberrides" and "UBER DO BRASIL TECNOLOGIA" are all `brand:uber`). It is the key of
/// merchant memory and of the ledger's `merchant_key`, and the subject of the rules `teach` proposes.
///
/// In order: the identity a match stage's proposal states (``Proposal/identity``; the bank-line resolver states
/// a bank's own line: IOF, interest, fees, card bill, the line type and the bank for its own business), a
/// catalog brand (matched in the words, or by CNPJ root), a registry CNPJ root, else the merchant's distinguishing words —
/// the cleaned name without operation words, rails, legal suffixes (`Rules/identity_words.tsv`), numbers
/// and trailing places. A leftover (a legal suffix, an operation word, a number, one word of under four
/// letters) is no identity: nil, and then nothing is remembered and no rule is proposed.
public struct MerchantIdentity: Sendable, Hashable {
    public enum Basis: Sendable, Hashable {
        /// A catalog brand: its id (`br_uber`) and its name folded to letters and digits (`uber`), which is
        /// the key, so a chain listed per country (`br_mcdonalds`, `us_mcdonalds`) is one merchant.
        case brand(id: String, name: String)
        /// The 8-character root of a CNPJ not in the catalog.
        case document(String)
        /// A bank's own line: its category, the bank when the line is the bank's own business (interest,
        /// fees, its card bill, a move between the holder's accounts or into an investment: the account's bank brand
        /// id, else `account:` and a hash of the account; for a line type with a fixed payee, that payee
        /// folded, `iof`, `receitafederal`, and the account's bank after it when the line is a bank's own kind under a
        /// generic payee, `atm@br_itau`) but not when it is a tax or a cash move without one, and the
        /// wording matched (`iof`), when a wording matched.
        case bankLine(category: String, bank: String?, wording: String?)
        /// The distinguishing words, folded, in order, with the particles between them (`["padaria", "do",
        /// "ze"]`), and the run of the cleaned words from the first to the last of them (`padaria do ze`).
        case name(words: [String], phrase: String)
    }

    public var basis: Basis
    /// The remembered identity this printed form is one merchant with (``MerchantFollowing``: a spelling variant of a
    /// taught name, or the user's merge), whose key it then takes; nil: its own.
    public var follows: String?
    /// The bank-statement line this identity was stated from (a line rule's proposal), nil for one read from the
    /// merchant's name, brand or document.
    public var line: StatedLine?
    /// A bank's own kind of line whose key takes the account's bank (``scopedToAccount(_:)``), once the row's identity
    /// is needed: a correction of it never moves another bank's line of the kind (issue 37).
    public var perAccount: Bool

    public init(_ basis: Basis, line: StatedLine? = nil, perAccount: Bool = false) {
        self.basis = basis
        self.line = line
        self.perAccount = perAccount
    }

    /// The stored key: the identity it follows (``follows``), else its own (``ownKey``).
    public var key: String { follows ?? ownKey }

    /// The key of the printed form itself: `brand:uber` (the same for a chain listed per country), `cnpj:18033552`,
    /// `line:fees.interest@br_santander`, `line:taxes.iof@iof` (a line type with a fixed payee),
    /// `name:padariadoze` (a name's words glued, as processors print them: `PAG*PADARIADOZE`).
    public var ownKey: String {
        switch basis {
        case .brand(_, let name): return "brand:" + name
        case .document(let root): return "cnpj:" + root
        case .bankLine(let category, let bank, _): return "line:" + category + (bank.map { "@" + $0 } ?? "")
        case .name(let words, _): return "name:" + words.joined()
        }
    }

    /// The words a `description` condition can match for this identity: a name's run of words or a bank
    /// line's wording, when the descriptor prints them together (nil for brands and documents).
    public func printedPhrase(_ context: ResolutionContext) -> String? {
        let phrase: String
        switch basis {
        case .name(_, let run): phrase = run
        case .bankLine(_, _, let wording?): phrase = wording
        default: return nil
        }
        let descriptor = " " + String(decoding: context.descriptor.text.folded, as: UTF8.self) + " "
        return descriptor.contains(" " + phrase + " ") ? phrase : nil
    }

    /// The key of a name the bank may have cut at its column limit (`PAG*SupermercadoBomPre`, `INSTACAR REV 02/04`
    /// for `INSTACART`, `SORVETERIA GIRASS`): a name of its own (following no other) whose words glued hold 8 letters or
    /// more, its last word ending the cleaned name, in a line of 16 characters or more
    /// (``DescriptorAnalyzer/shortestCutDescriptor``) or followed by other columns (a status word, a date, a number, a
    /// place: no part of the name); memory may complete it to the one longer remembered name or brand it begins
    /// (``LearnedState/memoryKey(completing:)``).
    public func cutNameKey(_ context: ResolutionContext) -> String? {
        guard follows == nil, case .name(let words, _) = basis, let last = words.last,
              words.reduce(0, { $0 + $1.utf8.count }) >= Self.shortestCutName else { return nil }
        let name = context.descriptor.foldedName
        // A name alone in its line was cut only in a line long enough to reach a column limit; one followed by other
        // columns (a status word, a date, a number, a place) was cut inside its own column.
        if name.hasSuffix(" " + last) || name == last {
            return context.descriptor.text.source.count >= DescriptorAnalyzer.shortestCutDescriptor ? key : nil
        }
        return Self.endsName(last, name, context) ? key : nil
    }

    /// Letters a cut name holds at least, glued (`instacar`): a shorter one begins too many names.
    public static let shortestCutName = 8

    /// Whether `word` is the last word of `name` that is not a status or operation word, a number or a place (the
    /// columns a bank prints after the name: `INSTACAR REV 02/04`).
    static func endsName(_ word: String, _ name: String, _ context: ResolutionContext) -> Bool {
        let engine = context.engine
        for other in name.split(separator: " ").reversed() {
            if other == word { return true }
            let text = String(other)
            guard engine.identityStopWords.contains(text) || holdsNumber(text) || engine.places.codes.contains(text) else { return false }
        }
        return false
    }

    /// The brand id, for a brand identity.
    public var brandID: String? {
        if case .brand(let id, _) = basis { return id }
        return nil
    }

    /// Whether the identity is a brand whose category depends on what was bought (Amazon, Walmart, a
    /// marketplace): one correction says little about its other rows. `brands`: ``EngineViews/brandNames``.
    public func sellsEverything(_ brands: BrandNames) -> Bool {
        guard let id = brandID, let index = brands.index(id: id) else { return false }
        return !brands[index].flags.isDisjoint(with: [.ambiguous, .marketplace])
    }

    /// The ordering channel a row came through when `category` is the one that channel sets (an iFood
    /// order taught as food.delivery): the same restaurant in person is a restaurant meal, so the
    /// correction holds only through that channel.
    public static func channel(_ context: ResolutionContext, implying category: String?) -> Processor? {
        for index in [context.descriptor.processor, context.counterparty.processor].compactMap({ $0 }) {
            let processor = context.engine.processors[index]
            if processor.role == .channel, category == nil || processor.category == category { return processor }
        }
        return nil
    }

    /// The identity of a row. `stated`: the identity a match-stage proposal's evidence establishes
    /// (``Proposal/identity``: a bank's own line), which comes first. `brand`: the brand the catalog stages
    /// resolved (the first brand among the match-stage proposals), which knows more forms than a plain pattern
    /// match ("99*", a channel's head). `person`: the match stages read the payee as a person, whose identity is
    /// their full name (``personName(_:_:)``).
    public static func of(_ context: ResolutionContext, stated: MerchantIdentity? = nil, brand: String?, person: Bool = false) -> MerchantIdentity? {
        if let stated { return stated.scopedToAccount(context) }
        if let brand, let index = context.engine.brandByID[brand] { return ofBrand(context.engine.brands[index], context) }
        if let index = context.counterparty.brand { return of(context.engine.brands[index]) }
        if let (found, _) = context.matchedBrand { return ofBrand(found, context) }
        if let cnpj = context.counterparty.cnpj, context.counterparty.processor == nil { return MerchantIdentity(.document(cnpj.root)) }
        let given = context.transaction.counterpartyName.map(TextFold.fold)
        if person || context.counterparty.isPerson { return personName(given ?? context.descriptor.foldedName, context) }
        if let named = name(given ?? context.descriptor.foldedName, context) { return named }
        return given == nil ? selfBillingWallet(context) : nil
    }

    /// A wallet billing for its own store with no merchant printed after it, only leftovers (`APPLE.COM/BILL`,
    /// `APPLE.COM/BILL 866-712-7753 CA`; ``Processor/billsForItself``): the wallet is the merchant, as the brand
    /// catalog stage resolves it, so its identity is the catalog brand bearing its name (`brand:apple`, as
    /// `ICLOUD` and `APPLE MUSIC` are), else its name's words.
    static func selfBillingWallet(_ context: ResolutionContext) -> MerchantIdentity? {
        guard let index = context.descriptor.processor else { return nil }
        let wallet = context.engine.processors[index]
        guard wallet.billsForItself else { return nil }
        if let brand = context.engine.brand(named: wallet.name) { return of(brand) }
        return name(TextFold.fold(wallet.name), context)
    }

    /// The identity of a catalog brand.
    public static func of(_ brand: Brand) -> MerchantIdentity {
        MerchantIdentity(.brand(id: brand.id, name: brand.identityName))
    }

    /// The distinguishing words of a cleaned name, or nil when only leftovers remain: operation words, rails,
    /// legal suffixes, numbers, trailing places, or trade words alone ("taxi", "drogaria": a trade, not a
    /// merchant). The key glues the words of the run with the particles between them, so a processor's glued
    /// form (`PAG*PADARIADOZE`) is the same merchant as the spaced one (`PADARIA DO ZE LTDA`).
    public static func name(_ folded: String, _ context: ResolutionContext) -> MerchantIdentity? {
        let engine = context.engine
        // Any digit, in any script (a CPF in Arabic-Indic digits is still a CPF): numbers are no name.
        func distinguishing(_ word: String) -> Bool {
            !engine.identityStopWords.contains(word) && !holdsNumber(word)
        }
        var all = folded.split(separator: " ").map(String.init)
        dropSequencePrefix(&all, printed: context.descriptor.text.source)
        splitGluedPlace(&all, engine.places)
        // A trailing place is dropped only while a word naming the merchant stays before it: not its trade ("DROGARIA
        // SAO JOAO" is a pharmacy called São João, not a drogaria in São João), nor a word of a trade phrase the keywords
        // matched ("AUTO POSTO SANTOS" is a station in Santos, not one "Auto Posto" of every city), nor a place itself
        // ("SANTOS CAMPINAS" and "SANTOS PEDREIRA" are two businesses: a word shared by many towns' shops names none
        // of them alone; hostile A10).
        var tradePhrase: Set<String>?
        dropTrailingPlaces(&all, engine.places) { rest in
            let trade = tradePhrase ?? Self.tradePhraseWords(context)
            tradePhrase = trade
            return rest.contains { distinguishing($0) && !engine.tradeWords.contains($0) && !trade.contains($0) && !engine.places.cities.contains($0) }
        }
        let kept = all.indices.filter { distinguishing(all[$0]) }
        guard let first = kept.first, let last = kept.last else { return nil }
        let words = kept.map { all[$0] }
        if words.count == 1, words[0].unicodeScalars.count < 4 { return nil }
        if words.allSatisfy(engine.tradeWords.contains) { return nil }
        let run = all[first...last].filter { distinguishing($0) || engine.identityParticles.contains($0) }
        var bounded: [String] = []
        var glued = 0       // the bytes of `bounded` joined
        for word in run where glued + word.utf8.count < 80 {
            bounded.append(word)
            glued += word.utf8.count
        }
        return MerchantIdentity(.name(words: bounded, phrase: all[first...last].joined(separator: " ")))
    }

    /// The words of the trade phrases of two words or more the keyword stage matched in the merchant words (`auto posto`,
    /// `posto de combustivel`): together they name a trade, though neither is a trade word alone.
    static func tradePhraseWords(_ context: ResolutionContext) -> Set<String> {
        var words: Set<String> = []
        for match in context.descriptor.keywordMatches where match.text.contains(" ") {
            for word in TextFold.fold(match.text).split(separator: " ") { words.insert(String(word)) }
        }
        return words
    }

    /// Removes a statement's sequence prefix from the head of a name: one or two letters glued to the number after them
    /// where the line begins (`HQ443 TFR-TO C/C`, `RG591 TFR-TO C/C`: a reference the bank numbers anew every month; the
    /// letter↔digit rule splits it and the number is dropped, which left `hq` to make the key `name:hqtocc` one month and
    /// `name:rgtocc` the next), so the line's key is the same every month (issue 37). `printed`: the descriptor's bytes.
    static func dropSequencePrefix(_ words: inout [String], printed: [UInt8]) {
        guard words.count > 1, let letters = sequencePrefix(printed), words[0] == letters else { return }
        words.removeFirst()
    }

    /// The letters of a sequence prefix the line begins with (`HQ443 …` → `hq`): one or two ASCII letters, then two
    /// digits or more, then no letter; nil otherwise.
    static func sequencePrefix(_ printed: [UInt8]) -> String? {
        var index = printed.startIndex
        while index < printed.endIndex, printed[index] == 0x20 { index += 1 }
        let start = index
        func letter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte | 0) || (0x61...0x7A).contains(byte) }
        while index < printed.endIndex, letter(printed[index]), index - start < 3 { index += 1 }
        let letters = index - start
        guard (1...2).contains(letters) else { return nil }
        let digitsStart = index
        while index < printed.endIndex, (0x30...0x39).contains(printed[index]) { index += 1 }
        guard index - digitsStart >= 2, index == printed.endIndex || !letter(printed[index]) else { return nil }
        return String(decoding: printed[start..<digitsStart].map { $0 | 0x20 }, as: UTF8.self)
    }

    /// Splits a last word that glues a city and a country code to the end of the name (`CONDOR SITIO
    /// CERCADOCURITIBABRA`): a card network prints its fixed columns — the merchant's name, its city, a three-letter
    /// country code — with no space between them when the name fills its column, so one printed form of a merchant
    /// ends `cercadocuritibabra` and another `cercado` (issue 37). The word becomes what is left of the name, the city
    /// and the code, which ``dropTrailingPlaces(_:_:keeping:)`` then drops as it drops them printed apart. Only a
    /// one-word city of four letters or more, the longest that ends the word before the code.
    static func splitGluedPlace(_ words: inout [String], _ places: PlaceList) {
        guard words.count > 1, let last = words.last, last.count >= 7, last.allSatisfy(\.isLetter) else { return }
        let code = String(last.suffix(3))
        guard places.codes.contains(code) else { return }
        let rest = Array(last.dropLast(3))
        for start in 0...(rest.count - 4) where places.cities.contains(String(rest[start...])) {
            words.removeLast()
            if start > 0 { words.append(String(rest[..<start])) }
            words += [String(rest[start...]), code]
            return
        }
    }

    /// Removes state or country codes and city names from the end ("padaria ze sao paulo sp" → "padaria ze"),
    /// never the first word, and only while `enough` holds for the words that would stay.
    static func dropTrailingPlaces(_ words: inout [String], _ places: PlaceList, keeping enough: ([String].SubSequence) -> Bool = { _ in true }) {
        var changed = true
        while changed, words.count > 1 {
            changed = false
            if places.codes.contains(words[words.count - 1]), enough(words.dropLast()) { words.removeLast(); changed = true; continue }
            for length in stride(from: min(places.longestCity, words.count - 1), through: 1, by: -1) {
                if places.cities.contains(words.suffix(length).joined(separator: " ")), enough(words.dropLast(length)) {
                    words.removeLast(length)
                    changed = true
                    break
                }
            }
        }
    }
}
