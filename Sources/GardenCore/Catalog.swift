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
    /// User rules without a text condition about a brand (`brand br_uber`), by brand id: checked on that
    /// brand's rows only.
    public let userRulesByBrand: [String: [Int]]
    /// A content fingerprint of the data files, for `--version` and caches.
    public let fingerprint: String

    /// Loads the data directory and the user's rule files.
    /// - Throws: ``DataError`` with `file:line:column` for the first bad record.
    /// - Parameter storedRules: rules kept in the store (`garden rules add`, taught), with their ids
    ///   (`r12`) and origins.
    public init(data: DataDirectory, ruleFiles: [(name: String, text: String)] = [],
                storedRules: [(id: String, text: String)] = []) throws(DataError) {
        var hasher = FNV1a()
        func load(_ name: String, columns: Int) throws(DataError) -> TSVFile {
            let text = try data.read(name)
            hasher.combine(name)
            hasher.combine(text)
            return try TSVFile(name: name, text: text, minimumColumns: columns)
        }
        let taxonomy = try Taxonomy(load("Rules/taxonomy.tsv", columns: 5))
        self.taxonomy = taxonomy
        budgets = try BudgetBook(load("Rules/budgets.tsv", columns: 5), taxonomy: taxonomy)
        var brands: [Brand] = []
        var seen: Set<String> = []
        for name in data.files(in: "Brands") {
            for record in try load(name, columns: 8).records {
                let brand = try Self.brand(record, taxonomy: taxonomy)
                guard seen.insert(brand.id).inserted else { throw record.error("duplicate brand id \"\(brand.id)\"") }
                brands.append(brand)
            }
        }
        self.brands = brands
        brandByID = Dictionary(brands.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
        processors = try load("Rules/processors.tsv", columns: 7).records.map { record throws(DataError) in try Self.processor(record, taxonomy: taxonomy) }
        cleaners = try load("Rules/boilerplate.tsv", columns: 5).records.map { record throws(DataError) in try Self.cleaner(record) }
        bankLines = try load("Rules/bank_lines.tsv", columns: 7).records.map { record throws(DataError) in try Self.lineRule(record, taxonomy: taxonomy, bankLine: true) }
        var operations: [String: LineRule] = [:]
        for record in try load("Rules/operation_types.tsv", columns: 7).records {
            operations[record.columns[0]] = try Self.lineRule(record, taxonomy: taxonomy, bankLine: true)
        }
        operationTypes = operations
        keywords = try load("Rules/keywords.tsv", columns: 5).records.map { record throws(DataError) in try Self.lineRule(record, taxonomy: taxonomy, bankLine: false) }
        mcc = try MCCMap(load("Rules/mcc.tsv", columns: 2), taxonomy: taxonomy)
        cnae = try CNAEMap(tree: load("CNAE/cnae_2_3.tsv", columns: 5), categories: load("CNAE/categories.tsv", columns: 2), taxonomy: taxonomy)
        providerCategories = try ProviderCategoryMap(pluggy: load("Rules/pluggy.tsv", columns: 3), plaid: load("Rules/plaid.tsv", columns: 2), taxonomy: taxonomy)
        places = PlaceList(try load("Rules/places.tsv", columns: 2))
        identityStopWords = Set(try load("Rules/identity_words.tsv", columns: 2).records.map { String(decoding: TokenizedText($0.columns[0]).folded, as: UTF8.self) })
        let parser = UserRuleParser(taxonomy: taxonomy, budgets: budgets, brandIDs: Set(brands.map(\.id)), processorIDs: Set(processors.map(\.id)))
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

        // One automaton for every literal pattern.
        var patterns: [(text: [UInt8], flags: PatternTrie.EntryFlags, group: Int)] = []
        var entries: [PatternEntry] = []
        var groups: [String: Int] = [:]
        var classes: [UInt8] = []
        func add(_ text: String, _ flags: PatternTrie.EntryFlags, _ entry: PatternEntry, group: String? = nil) {
            let folded = TokenizedText(text).folded
            guard !folded.isEmpty else { return }
            var groupID = -1
            if let group {
                groupID = groups[group] ?? groups.count
                groups[group] = groupID
            }
            patterns.append((folded, flags, groupID))
            classes.append(group?.hasPrefix("keyword:") == true ? 1 : 0)
            entries.append(entry)
        }
        var byRoot: [String: Int] = [:]
        for (index, brand) in brands.enumerated() {
            for var pattern in brand.patterns {
                var flags: PatternTrie.EntryFlags = brand.flags.contains(.prefix) ? .prefix : []
                if pattern.hasPrefix("^") { flags.insert(.anchored); pattern.removeFirst() }
                if pattern.hasSuffix("*") { flags.insert(.prefix); pattern.removeLast() }
                add(pattern, flags, .brand(index), group: "brand:\(index)")
            }
            for root in brand.cnpjRoots where byRoot[root] == nil { byRoot[root] = index }
        }
        brandByCNPJRoot = byRoot
        var processorRoots: [String: Int] = [:]
        for (index, processor) in processors.enumerated() {
            for prefix in processor.prefixes {
                let needsStar = prefix.hasSuffix("*")
                add(needsStar ? String(prefix.dropLast()) : prefix, .anchored, .processor(index, needsStar: needsStar))
            }
            for root in processor.cnpjRoots { processorRoots[root] = index }
        }
        processorByCNPJRoot = processorRoots
        for (index, cleaner) in cleaners.enumerated() { add(cleaner.phrase, [], .cleaner(index)) }
        for (index, rule) in bankLines.enumerated() { add(rule.pattern, rule.prefix ? .prefix : [], .bankLine(index)) }
        for (index, rule) in keywords.enumerated() { add(rule.pattern, rule.prefix ? .prefix : [], .keyword(index), group: "keyword:\(rule.category)") }
        var unindexed: [Int] = []
        var byBrand: [String: [Int]] = [:]
        for (index, rule) in rules.enumerated() {
            let texts = rule.textConditions
            if texts.isEmpty, let brand = rule.brandID { byBrand[brand, default: []].append(index); continue }
            if texts.isEmpty { unindexed.append(index); continue }
            for (k, condition) in texts.enumerated() { add(condition.text, condition.prefix ? .prefix : [], .userRule(index, condition: k)) }
        }
        unindexedUserRules = unindexed
        userRulesByBrand = byBrand
        self.entries = entries
        trie = PatternTrie(patterns: patterns, truncationClass: classes)
    }

    // MARK: record readers

    static func brand(_ r: TSVFile.Record, taxonomy: Taxonomy) throws(DataError) -> Brand {
        guard let kind = MerchantKind(rawValue: r.columns[2]) else { throw r.error("unknown kind \"\(r.columns[2])\"", column: 3) }
        guard taxonomy.contains(r.columns[3]) else {
            throw r.error("unknown category \"\(r.columns[3])\"; did you mean \(taxonomy.suggestions(for: r.columns[3]).joined(separator: ", "))?", column: 4)
        }
        var flags: Brand.Flags = []
        for name in (r.optional(5) ?? "").split(separator: ",") {
            guard let flag = Brand.Flags.names.first(where: { $0.0 == name.trimmingASCIISpacesSub() })?.1 else {
                throw r.error("unknown flag \"\(name)\"", column: 6)
            }
            flags.insert(flag)
        }
        let roots = (r.optional(6) ?? "").split(separator: ",").map { String($0).trimmingASCIISpaces() }
        let patterns = r.columns[7].split(separator: "|").map { String($0).trimmingASCIISpaces() }.filter { !$0.isEmpty }
        guard !patterns.isEmpty else { throw r.error("a brand needs at least one pattern", column: 8) }
        return Brand(id: r.columns[0], name: r.columns[1], kind: kind, category: r.columns[3], domain: r.optional(4),
                     flags: flags, cnpjRoots: roots, patterns: patterns, source: SourceLocation(file: r.file, line: r.line))
    }

    static func processor(_ r: TSVFile.Record, taxonomy: Taxonomy) throws(DataError) -> Processor {
        guard let role = Processor.Role(rawValue: r.columns[2]) else { throw r.error("unknown role \"\(r.columns[2])\"", column: 3) }
        let category = r.optional(3)
        if let category, !taxonomy.contains(category) { throw r.error("unknown category \"\(category)\"", column: 4) }
        return Processor(id: r.columns[0], name: r.columns[1], role: role, category: category,
                         ambiguous: r.optional(4)?.contains("ambiguous") ?? false,
                         cnpjRoots: (r.optional(5) ?? "").split(separator: ",").map(String.init),
                         prefixes: r.columns[6].split(separator: "|").map { String($0) },
                         source: SourceLocation(file: r.file, line: r.line))
    }

    static func cleaner(_ r: TSVFile.Record) throws(DataError) -> Cleaner {
        guard let effect = Cleaner.Effect(rawValue: r.columns[1]) else { throw r.error("unknown effect \"\(r.columns[1])\"", column: 2) }
        var method: PaymentMethod?
        if let text = r.optional(2) {
            guard let parsed = PaymentMethod(rawValue: text) else { throw r.error("unknown method \"\(text)\"", column: 3) }
            method = parsed
        }
        var direction: Direction?
        if let text = r.optional(3) {
            guard let parsed = Direction(rawValue: text) else { throw r.error("expected in, out or -", column: 4) }
            direction = parsed
        }
        return Cleaner(phrase: r.columns[0], effect: effect, method: method, direction: direction,
                       anchored: r.columns[4] == "yes", source: SourceLocation(file: r.file, line: r.line))
    }

    static func lineRule(_ r: TSVFile.Record, taxonomy: Taxonomy, bankLine: Bool) throws(DataError) -> LineRule {
        guard taxonomy.contains(r.columns[1]) else { throw r.error("unknown category \"\(r.columns[1])\"", column: 2) }
        guard let confidence = Confidence(r.columns[2]) else { throw r.error("expected a confidence in [0, 1]", column: 3) }
        if !bankLine, confidence.perMille > 500 { throw r.error("keyword heuristics are capped at 0.5", column: 3) }
        var direction: Direction?
        if let text = r.optional(3) {
            guard let parsed = Direction(rawValue: text) else { throw r.error("expected in, out or -", column: 4) }
            direction = parsed
        }
        var flow: Flow?
        var merchant = LineRule.MerchantSpec.keep
        var flagText = r.optional(4)
        if bankLine {
            if let text = r.optional(4) {
                guard let parsed = Flow(rawValue: text) else { throw r.error("unknown flow \"\(text)\"", column: 5) }
                flow = parsed
            }
            if let text = r.optional(5) {
                if text == "account" {
                    merchant = .account
                } else if text.hasPrefix("none:"), let kind = MerchantKind(rawValue: String(text.dropFirst(5))) {
                    merchant = .none(kind)
                } else if let slash = text.lastIndex(of: "/"), let kind = MerchantKind(rawValue: String(text[text.index(after: slash)...])) {
                    merchant = .named(String(text[..<slash]), kind)
                } else {
                    throw r.error("expected account, none:KIND or Name/KIND, found \"\(text)\"", column: 6)
                }
            }
            flagText = r.optional(6)
        }
        let flags = (flagText ?? "").split(separator: ",").map(String.init)
        return LineRule(pattern: r.columns[0], category: r.columns[1], confidence: confidence, direction: direction, flow: flow,
                        merchant: merchant, prefix: flags.contains("prefix"), anchored: flags.contains("anchored"),
                        source: SourceLocation(file: r.file, line: r.line))
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
