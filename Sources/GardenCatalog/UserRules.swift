import GardenFoundation
import GardenImage

/// The user's rules, parsed and indexed beside the shipped knowledge, never compiled into its image (issue 34):
/// adding or removing a rule re-parses these few lines and leaves the shipped image untouched.
///
/// Shape: ``all`` in precedence order (rule files in name order, then the store's rules by id); the text
/// conditions (`description "…"`, `memo "…"`) in an automaton of their own (``PatternTrie``, the same matching
/// as the shipped patterns: whole folded words, `*` may end inside a word); the rules without text indexed by
/// the catalog brand's identity name (``byBrand``) or the merchant identity key (``byIdentity``), the rest
/// (``unindexed``) checked on every row.
public struct UserRules: Sendable {
    /// Every rule, in the order ids were given (files first, then stored rules).
    public let all: [UserRule]
    /// The text conditions' automaton; entry `i` is ``conditionOfEntry``[i].
    let trie: PatternTrie
    /// For each automaton entry: the rule (index into ``all``) and the condition (index into its ``UserRule/textConditions``).
    let conditionOfEntry: [(rule: Int, condition: Int)]
    /// Whether any text condition reads the memo (the memo is tokenized for them only).
    public let readsMemo: Bool
    /// Rules without a text, brand or identity condition: checked on every row.
    public let unindexed: [Int]
    /// Rules without a text condition about a catalog brand (`brand br_uber`), by the brand's identity name (`uber`).
    public let byBrand: [String: [Int]]
    /// Rules without a text condition about a merchant identity (`identity name:padariadoze`), by that key.
    public let byIdentity: [String: [Int]]

    /// No rules at all.
    public static let none = UserRules(rules: [], byBrand: [:])

    /// Indexes `rules`; `byBrand` is the brand index built by ``init(_:catalog:)``.
    init(rules: [UserRule], byBrand: [String: [Int]]) {
        all = rules
        var patterns: [(text: [UInt8], flags: PatternTrie.EntryFlags, group: Int)] = []
        var entries: [(rule: Int, condition: Int)] = []
        var memo = false
        for (index, rule) in rules.enumerated() {
            for (k, condition) in rule.textConditions.enumerated() {
                if condition.field == "memo" { memo = true }
                for alternative in UserRule.alternatives(condition.text, prefix: condition.prefix) {
                    let folded = TokenizedText(alternative.text).folded
                    guard !folded.isEmpty else { continue }
                    patterns.append((folded, alternative.prefix ? .prefix : [], -1))
                    entries.append((index, k))
                }
            }
        }
        trie = PatternTrie(patterns: patterns)
        conditionOfEntry = entries
        readsMemo = memo
        let plain = rules.indices.filter { rules[$0].textConditions.isEmpty && rules[$0].brandID == nil }
        byIdentity = Dictionary(grouping: plain, by: { rules[$0].identityKey ?? "" }).filter { !$0.key.isEmpty }
        unindexed = plain.filter { rules[$0].identityKey == nil }
        self.byBrand = byBrand
    }

    /// `rules` indexed against the shipped `catalog`'s brands.
    /// - Throws: ``DataError`` at the rule for a `brand` condition naming a brand id the catalog does not know.
    public init(_ rules: [UserRule], catalog: Catalog) throws(DataError) {
        var byBrand: [String: [Int]] = [:]
        for (index, rule) in rules.enumerated() where rule.textConditions.isEmpty {
            guard let brand = rule.brandID else { continue }
            guard let found = catalog.brandByID[brand] else {
                throw DataError(file: rule.source.file, line: rule.source.line, "unknown brand id \"\(brand)\" (see Brands/*.tsv)")
            }
            byBrand[catalog.brands[found].identityName, default: []].append(index)
        }
        self.init(rules: rules, byBrand: byBrand)
    }

    public var isEmpty: Bool { all.isEmpty }

    /// The text conditions the row satisfies, rule index → condition indices: `description` conditions found in
    /// the descriptor `line` (before cleaning, as printed), `memo` conditions in the row's `memo`.
    public func satisfiedConditions(line: TokenizedText, memo: () -> TokenizedText?) -> [Int: Set<Int>] {
        guard !conditionOfEntry.isEmpty else { return [:] }
        var found: [Int: Set<Int>] = [:]
        collect(in: line, field: "description", into: &found)
        if readsMemo, let memoText = memo() { collect(in: memoText, field: "memo", into: &found) }
        return found
    }

    private func collect(in text: TokenizedText, field: String, into found: inout [Int: Set<Int>]) {
        guard !text.tokens.isEmpty else { return }
        var matches: [PatternTrie.Match] = []
        trie.search(text, .init(tokens: 0..<text.tokens.count), into: &matches)
        for match in matches {
            let (rule, condition) = conditionOfEntry[match.entry]
            if all[rule].textConditions[condition].field == field { found[rule, default: []].insert(condition) }
        }
    }
}
