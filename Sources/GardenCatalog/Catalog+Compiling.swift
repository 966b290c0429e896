import GardenFoundation
import GardenImage
import GardenNames

/// Reading the catalog's rule files (the sources of ``CatalogSources`` call these when they compile).
extension Catalog {
    /// The texts of the brand files `names`, hand-written ones first: on equal matches the earlier entry
    /// wins (PatternTrie order).
    static func brandTexts(_ names: [String], read: (String) throws(DataError) -> String) throws(DataError) -> [(name: String, text: String)] {
        try (names.filter { !isGenerated($0) } + names.filter(isGenerated)).map { name throws(DataError) in (name: name, text: try read(name)) }
    }

    /// The bank-line rules of the files `names` (`Rules/bank_lines.tsv`, then each bank's own abbreviations).
    static func bankLines(_ names: [String], taxonomy: Taxonomy,
                          load: (String, Int) throws(DataError) -> TSVFile) throws(DataError) -> [LineRule] {
        try names.map { name throws(DataError) in try load(name, 7) }.flatMap(\.records)
            .map { record throws(DataError) in try lineRule(record, taxonomy: taxonomy, bankLine: true) }
    }

    /// Bank operation types (first column) → line rules; a type listed twice: the last line wins.
    static func operationTypes(_ file: TSVFile, taxonomy: Taxonomy) throws(DataError) -> [String: LineRule] {
        try Dictionary(file.records.map { record throws(DataError) in
            (record.columns[0], try lineRule(record, taxonomy: taxonomy, bankLine: true))
        }, uniquingKeysWith: { _, last in last })
    }

    /// The keyword heuristics followed by the trade-word lexicon.
    static func keywords(_ keywords: TSVFile, tradeWords: TSVFile, taxonomy: Taxonomy) throws(DataError) -> [LineRule] {
        try keywords.records.map { record throws(DataError) in try lineRule(record, taxonomy: taxonomy, bankLine: false) }
            + tradeWords.records.map { record throws(DataError) in try tradeWord(record, taxonomy: taxonomy) }
    }
}
