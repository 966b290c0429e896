/// Everything garden knows before it learns anything: the taxonomy and budgets, the brand catalog,
/// processors, boilerplate cleaners, bank-line and keyword rules, the MCC, CNAE and provider maps, the
/// user's rule files, and the one automaton that matches all their literal patterns.
///
/// Built once at start-up from a ``DataDirectory``; immutable and shareable across threads (a class, so
/// every resolver and row context shares one instance instead of copying it).
public final class Catalog: Sendable {
    public let taxonomy: Taxonomy
    public let budgets: BudgetBook
    /// The brands, decoded from the compiled image as they are asked for (``BrandTable``).
    public let brands: BrandTable
    public let processors: [Processor]
    public let cleaners: [Cleaner]
    public let bankLines: [LineRule]
    /// Keyword heuristics (`Rules/keywords.tsv`, ≤ 0.5) followed by the trade-word lexicon (`Rules/trade_words.tsv`).
    public let keywords: [LineRule]
    /// Bank operation types (Open Finance `type` / `transactionType`, Pluggy `operationType`) → line rules.
    public let operationTypes: [String: LineRule]
    public let mcc: MCCMap
    public let cnae: CNAEMap
    public let providerCategories: ProviderCategoryMap
    public let userRules: [UserRule]
    /// Place names stripped from the end of descriptors.
    public let places: PlaceList
    /// Cities whose name is also a brand pattern (`Rules/brand_places.tsv`, GeoNames): folded name → the folded
    /// state or province codes of the cities of that name; a place only right before one of its codes.
    public let brandPlaces: [String: Set<String>]
    /// Folded words that never identify a merchant (`Rules/identity_words.tsv`: operation words, rails,
    /// legal suffixes), for ``MerchantIdentity``.
    public let identityStopWords: Set<String>
    /// The particles among them (`de`, `do`, `the`: kind `particle`), kept inside a name's run of words when
    /// its key glues them ("PADARIA DO ZE" and "PAG*PADARIADOZE" are one merchant).
    public let identityParticles: Set<String>
    /// Words dropped from the end of a displayed name: the places' trailing words and the operation and rail
    /// words of `Rules/identity_words.tsv` ("BB TUITION MGMT ACH" names Bb Tuition Management, its MGMT written
    /// out by ``nameAbbreviations``), for rows of any country; ``nameTrailingWords(country:)`` for one country's rows.
    public let nameTrailingWords: Set<String>
    /// ``nameTrailingWords`` by row country ("BR", "US", "CA"): another country's state codes left out
    /// (``PlaceList/isLocal(_:country:)``).
    private let nameTrailingWordsByCountry: [String: Set<String>]
    /// Splits a long name printed glued into its words (`Rules/name_words.tsv`, parsed on first use).
    public let gluedNames: GluedNameSplitter
    /// Abbreviations written out in displayed names (`Rules/name_abbreviations.tsv`: MGMT, SUPERM, MAT CONSTR).
    public let nameAbbreviations: NameAbbreviations
    /// Single words that name a trade, not a merchant (the one-word keywords of `Rules/keywords.tsv` and
    /// the deciding ones, 0.6 and more, of `Rules/trade_words.tsv`), folded: a name made only of them
    /// ("TAXI", "DROGARIA" once its city is dropped) is no merchant identity.
    public let tradeWords: Set<String>
    /// Words only a business or an organisation carries in its name (`Rules/organisation_words.tsv`:
    /// legal forms, organisation, public-body, trade and account words), folded: a transfer to such a name is
    /// not to a person.
    public let organisationWords: Set<String>
    /// Words that name a public body (the `public` lines of `Rules/organisation_words.tsv`), folded.
    public let publicBodyWords: Set<String>
    /// Words that make an account's name a credit-card account (`Rules/card_accounts.tsv`), folded.
    public let cardAccountWords: Set<String>
    /// Legal-form words a company's name may carry or not (`Rules/legal_suffixes.tsv`: LTDA, S.A., INC...),
    /// folded: dropped from the end of a displayed name, ignored when names are compared.
    public let legalSuffixes: Set<String>
    /// Folded words of the brand and keyword patterns, and each pair of adjacent words in them, built on first
    /// use: the words a letter lost to U+FFFD may restore (``TextRepair``), and whole words that a truncated
    /// match must not complete.
    public let patternWords: PatternWords
    /// The automaton over every literal pattern; entry `i` is ``entries``[i].
    public let trie: PatternTrie
    public let entries: [PatternEntry]
    /// Brand index by CNPJ root.
    public let brandByCNPJRoot: [String: Int]
    /// Brand index by brand id.
    public let brandByID: [String: Int]
    /// Processor index by CNPJ root.
    public let processorByCNPJRoot: [String: Int]
    /// User rules without any text condition (checked on every row), but those about a brand.
    public let unindexedUserRules: [Int]
    /// User rules without a text condition about a brand (`brand br_uber`), by the brand's identity key
    /// (`brand:uber`): checked on that brand's rows only.
    public let userRulesByBrand: [String: [Int]]
    /// A content fingerprint of the data files, for `--version` and caches.
    public let fingerprint: String

    /// Loads the data directory and the user's rule files.
    /// - Throws: ``DataError`` with `file:line:column` for the first bad record.
    /// - Parameter storedRules: rules kept in the store (`garden rules add`, taught), with their ids
    ///   (`r12`) and origins.
    /// - Parameter cacheDirectory: where the compiled brands and automaton are cached by fingerprint
    ///   (``CompiledCatalog``); nil builds them every time.
    public init(data: DataDirectory, ruleFiles: [(name: String, text: String)] = [],
                storedRules: [(id: String, text: String)] = [], cacheDirectory: String? = nil) throws(DataError) {
        var hasher = FNV1a()
        func read(_ name: String) throws(DataError) -> String {
            let text = try data.read(name)
            hasher.combine(name)
            hasher.combine(text)
            return text
        }
        func load(_ name: String, columns: Int) throws(DataError) -> TSVFile {
            try TSVFile(name: name, text: read(name), minimumColumns: columns)
        }
        let taxonomy = try Taxonomy(load("Rules/taxonomy.tsv", columns: 5))
        self.taxonomy = taxonomy
        budgets = try BudgetBook(load("Rules/budgets.tsv", columns: 5), taxonomy: taxonomy)
        let brandTexts = try Self.brandTexts(data.files(in: "Brands"), read: read)
        processors = try load("Rules/processors.tsv", columns: 7).records.map { record throws(DataError) in try Self.processor(record, taxonomy: taxonomy) }
        let cleaners = try Self.cleaners(boilerplate: load("Rules/boilerplate.tsv", columns: 5), operations: load("Rules/operations.tsv", columns: 4),
                                         labels: load("Rules/ach_labels.tsv", columns: 2))
        self.cleaners = cleaners
        // Each bank's own abbreviations, one dictionary per bank (Rules/banks/*.tsv), read for every row.
        let bankLines = try Self.bankLines(["Rules/bank_lines.tsv"] + data.files(in: "Rules/banks"), taxonomy: taxonomy, load: load)
        self.bankLines = bankLines
        operationTypes = try Self.operationTypes(load("Rules/operation_types.tsv", columns: 7), taxonomy: taxonomy)
        keywords = try Self.keywords(load("Rules/keywords.tsv", columns: 5), tradeWords: load("Rules/trade_words.tsv", columns: 5), taxonomy: taxonomy)
        mcc = try MCCMap(load("Rules/mcc.tsv", columns: 2), taxonomy: taxonomy)
        cnae = try CNAEMap(tree: load("CNAE/cnae_2_3.tsv", columns: 5), categories: load("CNAE/categories.tsv", columns: 2), taxonomy: taxonomy)
        providerCategories = try ProviderCategoryMap(pluggy: load("Rules/pluggy.tsv", columns: 3), plaid: load("Rules/plaid.tsv", columns: 2), taxonomy: taxonomy)
        let placesText = try read("Rules/places.tsv")
        brandPlaces = Self.brandPlaces(try load("Rules/brand_places.tsv", columns: 3))
        let identityWords = try load("Rules/identity_words.tsv", columns: 2).records
        identityStopWords = Set(identityWords.map { Self.foldedWord($0.columns[0]) })
        identityParticles = Set(identityWords.filter { $0.columns[1] == "particle" }.map { Self.foldedWord($0.columns[0]) })
        gluedNames = GluedNameSplitter(text: try read("Rules/name_words.tsv"))
        nameAbbreviations = try NameAbbreviations(load("Rules/name_abbreviations.tsv", columns: 3))
        tradeWords = Set(keywords.filter { !$0.suggestion && !$0.pattern.contains(" ") }.map { Self.foldedWord($0.pattern) })
        cardAccountWords = Set(try load("Rules/card_accounts.tsv", columns: 2).records.map { TextFold.fold($0.columns[0]) })
        legalSuffixes = Set(try load("Rules/legal_suffixes.tsv", columns: 2).records.map { TextFold.fold($0.columns[0]) })
        (organisationWords, publicBodyWords) = Self.organisationWords(try load("Rules/organisation_words.tsv", columns: 2))
        let parser = UserRuleParser(taxonomy: taxonomy, budgets: budgets, processorIDs: Set(processors.map(\.id)))
        let rules = try Self.userRules(parser, files: ruleFiles, stored: storedRules, hasher: &hasher)
        userRules = rules
        fingerprint = hasher.hex
        let compiled = try Self.compiled(cacheDirectory.map { CompiledCatalog.path(directory: $0, fingerprint: hasher.hex) },
                                         brandTexts: brandTexts, placesText: placesText, taxonomy: taxonomy, processors: processors,
                                         cleaners: cleaners, bankLines: bankLines, keywords: keywords, rules: rules)
        brands = compiled.brands
        entries = compiled.entries
        trie = compiled.trie
        places = compiled.places
        let operationWords = Set(identityWords.filter { ["operation", "rail"].contains($0.columns[1]) }.map { TextFold.fold($0.columns[0]) })
        (nameTrailingWords, nameTrailingWordsByCountry) = Self.trailingWords(places: compiled.places, operationWords: operationWords)
        patternWords = PatternWords(sorted: compiled.patternWords)
        brandByCNPJRoot = Self.byRoot(brands.cnpjRoots, firstWins: true)
        brandByID = Dictionary(brands.ids.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        processorByCNPJRoot = Self.byRoot(processors.map(\.cnpjRoots), firstWins: false)
        userRulesByBrand = try Self.rulesByBrand(rules, brands: brands, brandByID: brandByID)
        unindexedUserRules = rules.indices.filter { rules[$0].textConditions.isEmpty && rules[$0].brandID == nil }
    }

    /// The words a displayed name may not end in: place words and operation words, for any country and
    /// for each country the place list knows.
    static func trailingWords(places: PlaceList, operationWords: Set<String>) -> (all: Set<String>, byCountry: [String: Set<String>]) {
        let byCountry = Dictionary(uniqueKeysWithValues: places.wordsByCountry.keys.map { country in
            (country, places.trailingWords(country: country).union(operationWords))
        })
        return (places.trailingWords.union(operationWords), byCountry)
    }

    /// The brands, automaton and places: from the cache at `cachePath` when it holds them for these files
    /// (the same fingerprint and counts), else compiled from the texts and saved there.
    static func compiled(_ cachePath: String?, brandTexts: [(name: String, text: String)], placesText: String, taxonomy: Taxonomy,
                         processors: [Processor], cleaners: [Cleaner], bankLines: [LineRule], keywords: [LineRule],
                         rules: [UserRule]) throws(DataError) -> CompiledCatalog {
        if let found = cachePath.flatMap(CompiledCatalog.load),
           consistent(found, processors: processors.count, cleaners: cleaners.count, bankLines: bankLines.count, keywords: keywords.count, rules: rules) {
            return found
        }
        let brands = try Self.brands(brandTexts, taxonomy: taxonomy)
        let (entries, trie) = Self.automaton(brands: brands, processors: processors, cleaners: cleaners,
                                             bankLines: bankLines, keywords: keywords, rules: rules)
        let places = PlaceList(try TSVFile(name: "Rules/places.tsv", text: placesText, minimumColumns: 2))
        let compiled = CompiledCatalog(brands: BrandTable(brands), entries: entries, trie: trie, places: places,
                                       patternWords: PatternWords.words(brands: brands, keywords: keywords))
        if let cachePath { compiled.save(cachePath) }
        return compiled
    }

    /// The texts of the brand files `names`, hand-written ones first: on equal matches the earlier entry
    /// wins (PatternTrie order).
    static func brandTexts(_ names: [String], read: (String) throws(DataError) -> String) throws(DataError) -> [(name: String, text: String)] {
        try (names.filter { !isGenerated($0) } + names.filter(isGenerated)).map { name throws(DataError) in (name: name, text: try read(name)) }
    }

    /// The bank-line rules of the files `names` (`Rules/bank_lines.tsv`, then each bank's own abbreviations).
    static func bankLines(_ names: [String], taxonomy: Taxonomy,
                          load: (String, Int) throws(DataError) -> TSVFile) throws(DataError) -> [LineRule] {
        try names.map { name throws(DataError) in try load(name, 7) }.flatMap(\.records)
            .map { record throws(DataError) in try lineRule(record, taxonomy: taxonomy, bankLine: true) }
    }

    /// Bank operation types (first column) → line rules; a type listed twice: the last line wins.
    static func operationTypes(_ file: TSVFile, taxonomy: Taxonomy) throws(DataError) -> [String: LineRule] {
        try Dictionary(file.records.map { record throws(DataError) in
            (record.columns[0], try lineRule(record, taxonomy: taxonomy, bankLine: true))
        }, uniquingKeysWith: { _, last in last })
    }

    /// The keyword heuristics followed by the trade-word lexicon.
    static func keywords(_ keywords: TSVFile, tradeWords: TSVFile, taxonomy: Taxonomy) throws(DataError) -> [LineRule] {
        try keywords.records.map { record throws(DataError) in try lineRule(record, taxonomy: taxonomy, bankLine: false) }
            + tradeWords.records.map { record throws(DataError) in try tradeWord(record, taxonomy: taxonomy) }
    }

    /// The cleaners, in order: bank boilerplate, operation words (`Rules/operations.tsv`), ACH labels.
    static func cleaners(boilerplate: TSVFile, operations: TSVFile, labels: TSVFile) throws(DataError) -> [Cleaner] {
        var cleaners = try boilerplate.records.map { record throws(DataError) in try Self.cleaner(record) }
        for record in operations.records { cleaners += try Self.operationWords(record) }
        for record in labels.records { cleaners.append(try Self.label(record)) }
        return cleaners
    }

    /// Index of the first (`firstWins`) or last entry listing each CNPJ root, from each entry's `roots`.
    static func byRoot(_ roots: [[String]], firstWins: Bool) -> [String: Int] {
        var index: [String: Int] = [:]
        for (position, entryRoots) in roots.enumerated() {
            for root in entryRoots where !firstWins || index[root] == nil { index[root] = position }
        }
        return index
    }

    /// The user's rules: those of `files`, then those kept in the store (`stored`), each combined into `hasher`.
    static func userRules(_ parser: UserRuleParser, files: [(name: String, text: String)], stored: [(id: String, text: String)],
                          hasher: inout FNV1a) throws(DataError) -> [UserRule] {
        var rules: [UserRule] = []
        for file in files {
            hasher.combine(file.name)
            hasher.combine(file.text)
            rules.append(contentsOf: try parser.parse(file: file.name, text: file.text))
        }
        for rule in stored {
            hasher.combine(rule.id)
            hasher.combine(rule.text)
            rules.append(try parser.parseRule(rule.text, id: rule.id, source: SourceLocation(file: "rule \(rule.id)", line: 0)))
        }
        return rules
    }

    /// The brands of the `Brands/*.tsv` texts, in order; a brand id listed twice is a data error.
    static func brands(_ texts: [(name: String, text: String)], taxonomy: Taxonomy) throws(DataError) -> [Brand] {
        var brands: [Brand] = []
        var seen: Set<String> = []
        for file in texts {
            for record in try TSVFile(name: file.name, text: file.text, minimumColumns: 8).records {
                let brand = try Self.brand(record, taxonomy: taxonomy)
                guard seen.insert(brand.id).inserted else { throw record.error("duplicate brand id \"\(brand.id)\"") }
                brands.append(brand)
            }
        }
        return brands
    }

    /// The user rules without text that name a brand (`brand br_uber`), by the brand's merchant identity key.
    /// - Throws: ``DataError`` at the rule for a brand id the catalog does not know.
    static func rulesByBrand(_ rules: [UserRule], brands: BrandTable, brandByID: [String: Int]) throws(DataError) -> [String: [Int]] {
        var byBrand: [String: [Int]] = [:]
        for (index, rule) in rules.enumerated() where rule.textConditions.isEmpty {
            guard let brand = rule.brandID else { continue }
            guard let found = brandByID[brand] else {
                throw DataError(file: rule.source.file, line: rule.source.line, "unknown brand id \"\(brand)\" (see Brands/*.tsv)")
            }
            byBrand[MerchantIdentity.of(brands[found]).key, default: []].append(index)
        }
        return byBrand
    }

    /// The bank brand named by an account text ("Nubank", "Conta Itaú"), if the catalog knows it.
    public func bankBrand(account: String) -> Brand? {
        var best: (Brand, Int)?
        for (index, match) in brandMatches(account) where brands[index].flags.contains(.bank) {
            if best == nil || match.length > best!.1 { best = (brands[index], match.length) }
        }
        return best?.0
    }

    /// The brand a name given by the user names whole ("Target", "mc donalds"), matched as descriptors
    /// are: nil when the name is more than a brand's pattern ("Padaria Target").
    public func brand(named name: String) -> Brand? {
        let folded = TokenizedText(name).folded.count
        return brandMatches(name).first { $0.1.start == 0 && $0.1.end == folded && $0.1.mode == .word }.map { brands[$0.0] }
    }

    /// The words dropped from the end of a displayed name on a row of `country` (``BrandScope/country(of:)``;
    /// nil: any country's): ``nameTrailingWords`` without other countries' state codes.
    public func nameTrailingWords(country: String?) -> Set<String> {
        country.flatMap { nameTrailingWordsByCountry[$0] } ?? nameTrailingWords
    }

    /// The catalog brands whose patterns occur in `text`, with where.
    private func brandMatches(_ text: String) -> [(Int, PatternTrie.Match)] {
        let tokenized = TokenizedText(text)
        guard !tokenized.tokens.isEmpty else { return [] }
        var matches: [PatternTrie.Match] = []
        trie.search(tokenized, .init(tokens: 0..<tokenized.tokens.count), into: &matches)
        return matches.compactMap { match in
            guard case .brand(let index) = entries[match.entry] else { return nil }
            return (index, match)
        }
    }
}

extension Substring {
    func trimmingASCIISpacesSub() -> String { String(self).trimmingASCIISpaces() }
}
