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
    /// Words only a business or an organisation carries in its name (`Rules/organisation_words.tsv`:
    /// legal forms, organisation and trade words), folded: a transfer to such a name is not to a person.
    public let organisationWords: Set<String>
    /// Words that name a public body (the `public` lines of `Rules/organisation_words.tsv`), folded: a merchant
    /// named with one is kind government.
    public let publicBodyWords: Set<String>
    /// Words that make an account's name a credit-card account (`Rules/card_accounts.tsv`), folded.
    public let cardAccountWords: Set<String>
    /// Folded words of every literal pattern, and each pair of adjacent words in them: the words a letter
    /// lost to U+FFFD may restore (``TextRepair``).
    public let patternWords: PatternWords
    /// The automaton over every literal pattern; entry `i` is ``entries``[i].
    public let trie: PatternTrie
    public let entries: [PatternEntry]
    /// Brand index by CNPJ root.
    public let brandByCNPJRoot: [String: Int]
    /// Processor index by CNPJ root.
    public let processorByCNPJRoot: [String: Int]
    /// User rules without any text condition (checked on every row).
    public let unindexedUserRules: [Int]
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
        processors = try load("Rules/processors.tsv", columns: 7).records.map { record throws(DataError) in try Self.processor(record, taxonomy: taxonomy) }
        var cleaners = try load("Rules/boilerplate.tsv", columns: 5).records.map { record throws(DataError) in try Self.cleaner(record) }
        for record in try load("Rules/operations.tsv", columns: 4).records { cleaners += try Self.operationWords(record) }
        for record in try load("Rules/ach_labels.tsv", columns: 2).records { cleaners.append(try Self.label(record)) }
        self.cleaners = cleaners
        var bankLines = try load("Rules/bank_lines.tsv", columns: 7).records.map { record throws(DataError) in try Self.lineRule(record, taxonomy: taxonomy, bankLine: true) }
        // Each bank's own abbreviations, one dictionary per bank (Rules/banks/*.tsv), read for every row.
        for name in data.files(in: "Rules/banks") {
            for record in try load(name, columns: 7).records { bankLines.append(try Self.lineRule(record, taxonomy: taxonomy, bankLine: true)) }
        }
        self.bankLines = bankLines
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
        cardAccountWords = Set(try load("Rules/card_accounts.tsv", columns: 2).records.map { TextFold.fold($0.columns[0]) })
        let organisations = try load("Rules/organisation_words.tsv", columns: 2).records
        organisationWords = Set(organisations.map { TextFold.fold($0.columns[0]) })
        publicBodyWords = Set(organisations.filter { $0.columns[1] == "public" }.map { TextFold.fold($0.columns[0]) })
        let parser = UserRuleParser(taxonomy: taxonomy, budgets: budgets)
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
        for (index, rule) in rules.enumerated() {
            let texts = rule.textConditions
            if texts.isEmpty { unindexed.append(index); continue }
            for (k, condition) in texts.enumerated() { add(condition.text, condition.prefix ? .prefix : [], .userRule(index, condition: k)) }
        }
        unindexedUserRules = unindexed
        self.entries = entries
        patternWords = PatternWords(patterns: patterns.map(\.text))
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
    /// Whether the folded, space-separated words `key` (a descriptor's normalized name) hold a public body's word.
    public func namesPublicBody(_ key: String) -> Bool {
        var found = false
        var word = Substring(key)
        while !found, !word.isEmpty {
            let end = word.firstIndex(of: " ") ?? word.endIndex
            found = publicBodyWords.contains(String(word[..<end]))
            word = end == word.endIndex ? "" : word[word.index(after: end)...]
        }
        return found
    }

    /// Whether the account's name says it is a credit-card account ("Chase Sapphire", "Nubank cartão").
    public func isCardAccount(_ account: String?) -> Bool {
        guard let account else { return false }
        let text = TokenizedText(account)
        return (0..<text.tokens.count).contains { cardAccountWords.contains(text.word($0)) }
    }

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
