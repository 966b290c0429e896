/// One word of a descriptor: a run of letters or a run of digits (a letter–digit change splits words,
/// so "SAO PAULO01/03" gives `sao`, `paulo`, `01`, `03` and "POS1234" gives `pos`, `1234`).
public struct Token: Sendable, Hashable {
    /// Byte span in the source text.
    public var start: Int
    public var end: Int
    /// Byte span of the folded form in ``TokenizedText/folded``.
    public var foldedStart: Int
    public var foldedEnd: Int
    /// All ASCII digits.
    public var isNumber: Bool
    /// The first punctuation character between this word and the next (`*`, `/`, `-`, `.`, `:`, `#`…),
    /// 0 when there is none, 0xFF for non-ASCII punctuation such as `•`.
    public var punctuationAfter: UInt8
    /// Whether whitespace separates this word from the next.
    public var spaceAfter: Bool
    /// Whether the next word starts right after this one with no separator (a letter–digit split).
    public var gluedToNext: Bool
}
