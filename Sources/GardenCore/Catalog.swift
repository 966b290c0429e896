/// Everything garden knows before it learns anything: the taxonomy and budgets, the brand catalog,
/// processors, boilerplate cleaners, bank-line and keyword rules, the MCC, CNAE and provider maps, the
/// user's rule files, and the one automaton that matches all their literal patterns.
///
/// Built once at start-up from a ``DataDirectory``; immutable and shareable across threads (a class, so
/// every resolver and row context shares one instance instead of copying it).
public final class Catalog: Sendable {
    public let taxonomy: Taxonomy
    public let budgets: BudgetBook
    public let brands: [Brand]
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
    /// Folded words that never identify a merchant (`Rules/identity_words.tsv`: operation words, rails,
    /// legal suffixes), for ``MerchantIdentity``.
    public let identityStopWords: Set<String>
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
        // Hand-written files first: on equal matches the earlier entry wins (PatternTrie order).
        let brandFiles = data.files(in: "Brands")
        var brandTexts: [(name: String, text: String)] = []
        for name in brandFiles.filter({ !Self.isGenerated($0) }) + brandFiles.filter(Self.isGenerated) {
            brandTexts.append((name, try read(name)))
        }
        processors = try load("Rules/processors.tsv", columns: 7).records.map { record throws(DataError) in try Self.processor(record, taxonomy: taxonomy) }
        cleaners = try load("Rules/boilerplate.tsv", columns: 5).records.map { record throws(DataError) in try Self.cleaner(record) }
        bankLines = try load("Rules/bank_lines.tsv", columns: 7).records.map { record throws(DataError) in try Self.lineRule(record, taxonomy: taxonomy, bankLine: true) }
        var operations: [String: LineRule] = [:]
        for record in try load("Rules/operation_types.tsv", columns: 7).records {
            operations[record.columns[0]] = try Self.lineRule(record, taxonomy: taxonomy, bankLine: true)
        }
        operationTypes = operations
        keywords = try load("Rules/keywords.tsv", columns: 5).records.map { record throws(DataError) in try Self.lineRule(record, taxonomy: taxonomy, bankLine: false) }
            + load("Rules/trade_words.tsv", columns: 5).records.map { record throws(DataError) in try Self.tradeWord(record, taxonomy: taxonomy) }
        mcc = try MCCMap(load("Rules/mcc.tsv", columns: 2), taxonomy: taxonomy)
        cnae = try CNAEMap(tree: load("CNAE/cnae_2_3.tsv", columns: 5), categories: load("CNAE/categories.tsv", columns: 2), taxonomy: taxonomy)
        providerCategories = try ProviderCategoryMap(pluggy: load("Rules/pluggy.tsv", columns: 3), plaid: load("Rules/plaid.tsv", columns: 2), taxonomy: taxonomy)
        let placesText = try read("Rules/places.tsv")
        identityStopWords = Set(try load("Rules/identity_words.tsv", columns: 2).records.map { String(decoding: TokenizedText($0.columns[0]).folded, as: UTF8.self) })
        let parser = UserRuleParser(taxonomy: taxonomy, budgets: budgets, processorIDs: Set(processors.map(\.id)))
        var rules: [UserRule] = []
        for file in ruleFiles {
            hasher.combine(file.name)
            hasher.combine(file.text)
            rules.append(contentsOf: try parser.parse(file: file.name, text: file.text))
        }
        for stored in storedRules {
            hasher.combine(stored.id)
            hasher.combine(stored.text)
            rules.append(try parser.parseRule(stored.text, id: stored.id, source: SourceLocation(file: "rule \(stored.id)", line: 0)))
        }
        userRules = rules
        fingerprint = hasher.hex

        let cachePath = cacheDirectory.map { CompiledCatalog.path(directory: $0, fingerprint: hasher.hex) }
        var compiled = cachePath.flatMap(CompiledCatalog.load)
        if let found = compiled, !Self.consistent(found, processors: processors.count, cleaners: cleaners.count,
                                                   bankLines: bankLines.count, keywords: keywords.count, rules: rules) {
            compiled = nil
        }
        if compiled == nil {
            var brands: [Brand] = []
            var seen: Set<String> = []
            for file in brandTexts {
                for record in try TSVFile(name: file.name, text: file.text, minimumColumns: 8).records {
                    let brand = try Self.brand(record, taxonomy: taxonomy)
                    guard seen.insert(brand.id).inserted else { throw record.error("duplicate brand id \"\(brand.id)\"") }
                    brands.append(brand)
                }
            }
            let (entries, trie) = Self.automaton(brands: brands, processors: processors, cleaners: cleaners,
                                                 bankLines: bankLines, keywords: keywords, rules: rules)
            let places = PlaceList(try TSVFile(name: "Rules/places.tsv", text: placesText, minimumColumns: 2))
            compiled = CompiledCatalog(brands: brands, entries: entries, trie: trie, places: places)
            if let cachePath { compiled?.save(cachePath) }
        }
        brands = compiled!.brands
        entries = compiled!.entries
        trie = compiled!.trie
        places = compiled!.places
        var byRoot: [String: Int] = [:]
        for (index, brand) in brands.enumerated() {
            for root in brand.cnpjRoots where byRoot[root] == nil { byRoot[root] = index }
        }
        brandByCNPJRoot = byRoot
        brandByID = Dictionary(brands.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
        var processorRoots: [String: Int] = [:]
        for (index, processor) in processors.enumerated() {
            for root in processor.cnpjRoots { processorRoots[root] = index }
        }
        processorByCNPJRoot = processorRoots
        var byBrand: [String: [Int]] = [:]
        for (index, rule) in rules.enumerated() where rule.textConditions.isEmpty {
            guard let brand = rule.brandID else { continue }
            guard let found = brandByID[brand] else {
                throw DataError(file: rule.source.file, line: rule.source.line, "unknown brand id \"\(brand)\" (see Brands/*.tsv)")
            }
            byBrand[MerchantIdentity.of(brands[found]).key, default: []].append(index)
        }
        userRulesByBrand = byBrand
        unindexedUserRules = rules.indices.filter { rules[$0].textConditions.isEmpty && rules[$0].brandID == nil }
    }

    /// The bank brand named by an account text ("Nubank", "Conta Itaú"), if the catalog knows it.
    public func bankBrand(account: String) -> Brand? {
        let text = TokenizedText(account)
        guard !text.tokens.isEmpty else { return nil }
        var matches: [PatternTrie.Match] = []
        trie.search(text, .init(tokens: 0..<text.tokens.count), into: &matches)
        var best: (Brand, Int)?
        for match in matches {
            guard case .brand(let index) = entries[match.entry], brands[index].flags.contains(.bank) else { continue }
            if best == nil || match.length > best!.1 { best = (brands[index], match.length) }
        }
        return best?.0
    }
}

extension Substring {
    func trimmingASCIISpacesSub() -> String { String(self).trimmingASCIISpaces() }
}
