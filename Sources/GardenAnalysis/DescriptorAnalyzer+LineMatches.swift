import GardenFoundation
import GardenCatalog
import GardenImage

extension DescriptorAnalyzer {
    /// What the automaton found on a whole line before cleaning: bank-line rules, boilerplate cleaners and
    /// declared line knowledge (the user's rules match in their own automaton, ``UserRules``).
    struct LineMatches {
        var bankLines: [(rule: Int, text: String, length: Int)] = []
        var cleanerMatches: [(cleaner: Int, match: PatternTrie.Match)] = []
        /// Declared knowledge of ``KnowledgeScope/line`` found on the descriptor.
        var knowledge: [KnowledgeMatch] = []

        /// Collects the matches on the descriptor `text`.
        mutating func collect(in text: TokenizedText, catalog: Catalog) {
            var matches: [PatternTrie.Match] = []
            matches.reserveCapacity(16)
            if !text.tokens.isEmpty {
                catalog.trie.search(text, .init(tokens: 0..<text.tokens.count), into: &matches)
            }
            for match in matches {
                switch catalog.entries[match.entry] {
                case .bankLine(let index):
                    let rule = catalog.bankLines[index]
                    if rule.anchored && match.firstToken != 0 || rule.memoOnly || rule.lastOnly && match.end != text.tokens[text.tokens.count - 1].foldedEnd { continue }
                    bankLines.append((index, String(decoding: text.folded[match.start..<match.end], as: UTF8.self), match.length))
                case .cleaner(let index):
                    cleanerMatches.append((index, match))
                case .declared(let section, let record, let prefix):
                    guard catalog.knowledge.scope(section) == .line, let found = KnowledgeMatch(match, section, record, prefix, in: text) else { continue }
                    knowledge.append(found)
                default:
                    continue
                }
            }
        }

        /// Collects the bank-line rules matching the row's memo (`memoText`).
        mutating func collectMemo(in memoText: TokenizedText, catalog: Catalog) {
            var memoMatches: [PatternTrie.Match] = []
            if !memoText.tokens.isEmpty { catalog.trie.search(memoText, .init(tokens: 0..<memoText.tokens.count), into: &memoMatches) }
            for match in memoMatches {
                switch catalog.entries[match.entry] {
                case .bankLine(let index) where (!catalog.bankLines[index].anchored || match.firstToken == 0)
                    && (!catalog.bankLines[index].lastOnly || match.end == memoText.tokens[memoText.tokens.count - 1].foldedEnd):
                    bankLines.append((index, String(decoding: memoText.folded[match.start..<match.end], as: UTF8.self), match.length))
                default: continue
                }
            }
        }
    }
}
