import GardenFoundation
import GardenImage

/// The one automaton over every literal pattern of the catalog (brands, processors, boilerplate,
/// bank lines, keywords, declared knowledge), and the check that a cached one fits. The user's rules have an
/// automaton of their own (``UserRules``).
extension Catalog {
    /// Entry `i` of the result stands for pattern `i` of the trie. Brand patterns: `^` anchors at the
    /// first word, a final `*` may end inside a word; a generated brand's patterns complete no cut word.
    static func automaton(brands: [Brand], processors: [Processor], cleaners: [Cleaner], bankLines: [LineRule],
                          keywords: [LineRule],
                          knowledge: KnowledgeSections = KnowledgeSections()) -> (entries: [PatternEntry], trie: PatternTrie) {
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
        for (index, brand) in brands.enumerated() {
            for var pattern in brand.patterns {
                var flags: PatternTrie.EntryFlags = brand.flags.contains(.prefix) ? .prefix : []
                if pattern.hasPrefix("^") { flags.insert(.anchored); pattern.removeFirst() }
                if pattern.hasSuffix("*") { flags.insert(.prefix); pattern.removeLast() }
                add(pattern, flags, .brand(index), group: brand.generated ? nil : "brand:\(index)")
            }
        }
        for (index, processor) in processors.enumerated() {
            for prefix in processor.prefixes {
                let needsStar = prefix.hasSuffix("*")
                add(needsStar ? String(prefix.dropLast()) : prefix, .anchored, .processor(index, needsStar: needsStar))
            }
        }
        for (index, cleaner) in cleaners.enumerated() { add(cleaner.phrase, [], .cleaner(index)) }
        for (index, rule) in bankLines.enumerated() { add(rule.pattern, rule.prefix ? .prefix : [], .bankLine(index)) }
        for (index, rule) in keywords.enumerated() { add(rule.pattern, rule.prefix ? .prefix : [], .keyword(index), group: "keyword:\(rule.category)") }
        for (section, patterns) in knowledge.sections.map(\.patterns).enumerated() {
            for (record, texts) in patterns.enumerated() {
                for var text in texts {
                    var flags: PatternTrie.EntryFlags = []
                    if text.hasPrefix("^") { flags.insert(.anchored); text.removeFirst() }
                    if text.hasSuffix("*") { flags.insert(.prefix); text.removeLast() }
                    add(text, flags, .declared(section: section, record: record, prefix: flags.contains(.prefix)))
                }
            }
        }
        return (entries, PatternTrie(patterns: patterns, truncationClass: classes))
    }

    /// Whether a cached image's automaton entries all point inside the freshly read tables and its own.
    static func consistent(_ compiled: CompiledCatalog, processors: Int, cleaners: Int, knowledge: KnowledgeSections) -> Bool {
        compiled.entries.allSatisfy { entry in
            switch entry {
            case .brand(let i): i < compiled.brands.count
            case .processor(let i, _): i < processors
            case .cleaner(let i): i < cleaners
            case .bankLine(let i): i < compiled.bankLines.count
            case .keyword(let i): i < compiled.keywords.count
            case .declared(let s, let r, _): s < knowledge.sections.count && r < knowledge.sections[s].recordCount
            }
        }
    }
}
