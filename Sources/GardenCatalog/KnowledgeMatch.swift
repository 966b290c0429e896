import GardenFoundation
import GardenImage

/// A match of a declared pattern (``PatternKnowledge``) as the analyzer found it: which section and record
/// of ``Catalog/knowledge``, the folded text matched, and where.
public struct KnowledgeMatch: Sendable, Hashable {
    /// Index of the section in ``KnowledgeSections``.
    public var section: Int
    /// Index of the record within the section.
    public var record: Int
    /// The folded text matched ("padaria").
    public var text: String
    /// Folded byte span in the text searched (``Descriptor/merchantText`` or the descriptor itself, by scope).
    public var span: Range<Int>
    public var mode: PatternTrie.Match.Mode

    public init(section: Int, record: Int, text: String, span: Range<Int>, mode: PatternTrie.Match.Mode) {
        (self.section, self.record, self.text, self.span, self.mode) = (section, record, text, span, mode)
    }
}

/// A declared pattern's match read typed by its owner: the record's entry, what matched and where, and the
/// record's place in its data file.
public struct KnowledgeHit<Knowledge: PatternKnowledge>: Sendable {
    public let entry: Knowledge.Entry
    /// The folded text matched.
    public let text: String
    /// Folded byte span in the text searched.
    public let span: Range<Int>
    /// The record's file and line ("Rules/shop_words.tsv:4").
    public let location: SourceLocation
}
