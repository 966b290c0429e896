import GardenFoundation
import GardenCatalog
import GardenImage

extension KnowledgeMatch {
    /// The declared pattern's match `match` in `text`, nil when it reads more into the words than the pattern
    /// allows: a completed cut word, or a match ending inside a word for a pattern without a trailing `*`.
    init?(_ match: PatternTrie.Match, _ section: Int, _ record: Int, _ prefix: Bool, in text: TokenizedText) {
        guard match.mode != .truncated, match.mode != .prefix || prefix else { return nil }
        self.init(section: section, record: record, text: String(decoding: text.folded[match.start..<match.end], as: UTF8.self),
                  span: match.start..<match.end, mode: match.mode)
    }
}
