import GardenFoundation
import GardenCatalog

/// The words the keyword resolver reads beside the trade words when it chooses among the words of a name
/// (`Rules/keyword_signals.tsv`): cuisines, "RESTAURANT" cut at the column limit, and head nouns that name a shop's
/// trade at the head of its name. Searched in the merchant words (``KeywordResolver/signal(_:over:)``).
public enum KeywordSignals: PatternKnowledge {
    /// What one record is.
    public enum Entry: Sendable, Hashable {
        /// A cuisine ("chinese"): a restaurant's name.
        case cuisine(category: String)
        /// "RESTAURANT" cut at the column limit ("res"): read as the name's last word, beside a cuisine or a food word.
        case cut(category: String)
        /// A head noun ("pet"): names the trade at the head of the name.
        case head(category: String)
        /// A word names use as a modifier ("garden", "world"): a trade word among these names no trade beside a cuisine.
        case generic
    }

    public static let section = "keyword"
    public static let minimumColumns = 3
    public static let scope = KnowledgeScope.merchantWords
    public static func files(in data: DataDirectory) -> [String] { ["Rules/keyword_signals.tsv"] }

    /// - Throws: ``DataError`` at an unknown kind or a category the taxonomy lacks.
    public static func read(_ record: TSVFile.Record, taxonomy: Taxonomy) throws(DataError) -> (patterns: [String], entry: Entry) {
        let category = record.columns[2]
        if record.columns[0] == "generic" { return ([record.columns[1]], .generic) }
        guard taxonomy.contains(category) else { throw record.error("unknown category \"\(category)\"", column: 3) }
        switch record.columns[0] {
        case "cuisine": return ([record.columns[1]], .cuisine(category: category))
        case "cut": return ([record.columns[1]], .cut(category: category))
        case "head": return ([record.columns[1]], .head(category: category))
        default: throw record.error("unknown kind \"\(record.columns[0])\" (cuisine, cut, head or generic)")
        }
    }
}
