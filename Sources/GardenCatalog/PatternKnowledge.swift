import GardenFoundation
import GardenImage

/// The pattern data one resolver owns: its data files, how a record of them reads, and the patterns it
/// gives the catalog's one automaton (``PatternTrie``). The catalog reads the files through its
/// ``DataDirectory`` (so `--data` finds them), keeps the records in a section of the compiled image named by
/// ``section`` (the resolver's id), and the analyzer hands each match back as a ``KnowledgeMatch``; the
/// resolver reads them typed (`context.matches(of: Self.self)` in GardenEngine).
///
/// Declaring it is all a resolver does: no file of GardenCatalog, GardenAnalysis or GardenEngine names it.
public protocol PatternKnowledge: Sendable {
    /// What one record of the files means to the resolver (a category, a confidence...).
    associatedtype Entry: Sendable
    /// The image section's name: the owning resolver's id ("mcc", "shop_word"); unique within a precedence.
    static var section: String { get }
    /// The data files, relative to the data directory ("Rules/shop_words.tsv"), in reading order.
    static func files(in data: DataDirectory) -> [String]
    /// The fewest columns a record has (a shorter one is a ``DataError`` at its line).
    static var minimumColumns: Int { get }
    /// Where the automaton looks for the patterns.
    static var scope: KnowledgeScope { get }
    /// One record's patterns and entry. A pattern is matched as brand patterns are: whole words, a
    /// leading `^` anchors it at the first word searched, a trailing `*` lets it end inside a word.
    /// `taxonomy` checks a category the record names.
    /// - Throws: ``DataError`` at the record's field (``TSVFile/Record/error(_:column:)``).
    static func read(_ record: TSVFile.Record, taxonomy: Taxonomy) throws(DataError) -> (patterns: [String], entry: Entry)
}

/// The text a ``PatternKnowledge``'s patterns are looked for in.
public enum KnowledgeScope: UInt8, Sendable {
    /// The merchant words, after cleaning and unwrapping (where brands and keywords are found).
    case merchantWords
    /// The whole descriptor before cleaning (where bank lines are found).
    case line
}
