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

        /// Collects the matches on the descriptor `text`; `matches`: the row's buffer of automaton matches (emptied first).
        mutating func collect(in text: TokenizedText, views: AnalysisViews, matches: inout [PatternTrie.Match]) {
            matches.removeAll(keepingCapacity: true)
            if !text.tokens.isEmpty {
                views.trie.search(text, .init(tokens: 0..<text.tokens.count), into: &matches)
            }
            for match in matches {
                let entry = views.entries[match.entry]
                switch entry.role {
                case .lineWording:
                    let index = entry.record
                    let rule = views.bankLines[index]
                    if rule.anchored && match.firstToken != 0 || rule.memoOnly || rule.lastOnly && match.end != text.tokens[text.tokens.count - 1].foldedEnd { continue }
                    bankLines.append((index, String(decoding: text.folded[match.start..<match.end], as: UTF8.self), match.length))
                case .boilerplate:
                    cleanerMatches.append((entry.record, match))
                case .other:
                    guard entry.options.contains(.lineScope), let section = views.knowledge.index(ofSlot: entry.slot),
                          let found = KnowledgeMatch(match, section, entry.record, entry.options.contains(.prefix), in: text) else { continue }
                    knowledge.append(found)
                default:
                    continue
                }
            }
        }

        /// Collects the bank-line rules matching the row's memo (`memoText`).
        mutating func collectMemo(in memoText: TokenizedText, views: AnalysisViews) {
            var memoMatches: [PatternTrie.Match] = []
            if !memoText.tokens.isEmpty { views.trie.search(memoText, .init(tokens: 0..<memoText.tokens.count), into: &memoMatches) }
            for match in memoMatches {
                let entry = views.entries[match.entry]
                guard entry.role == .lineWording else { continue }
                let index = entry.record
                if (!views.bankLines[index].anchored || match.firstToken == 0)
                    && (!views.bankLines[index].lastOnly || match.end == memoText.tokens[memoText.tokens.count - 1].foldedEnd) {
                    bankLines.append((index, String(decoding: memoText.folded[match.start..<match.end], as: UTF8.self), match.length))
                }
            }
        }
    }
}
