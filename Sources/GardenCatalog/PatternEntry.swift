/// What a pattern of the automaton stands for.
public enum PatternEntry: Sendable, Hashable {
    /// Pattern `pattern` of brand `brand` (index into ``Catalog/brands``).
    case brand(Int)
    /// A prefix of processor `processor`; `needsStar` when it must be followed by `*`.
    case processor(Int, needsStar: Bool)
    case cleaner(Int)
    case bankLine(Int)
    case keyword(Int)
    /// Record `record` of declared knowledge section `section` (``Catalog/knowledge``, ``PatternKnowledge``);
    /// `prefix` when the pattern may end inside a word.
    case declared(section: Int, record: Int, prefix: Bool)
}
