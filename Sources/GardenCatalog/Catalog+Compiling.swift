import GardenFoundation
import GardenImage
import GardenNames

/// Compiling the catalog image (``CompiledCatalog``) from the data files, when no cached one fits.
extension Catalog {
    /// Reads and parses the files the image holds (brands, bank lines, operation types, keywords and trade
    /// words, places and brand places, MCCs, CNAE), builds the automaton, writes the image to `cachePath` and reads it back: a start-up
    /// that builds sees the same catalog as one that maps it. `fingerprint` is asked once every file was
    /// read and parsed (``CatalogKey/fingerprint(data:knowledge:)``).
    static func compile(data: DataDirectory, taxonomy: Taxonomy, processors: [Processor], cleaners: [Cleaner],
                        knowledge: KnowledgeSections, cachePath: String?, fingerprint: () -> String) throws(DataError) -> CompiledCatalog {
        func load(_ name: String, _ columns: Int) throws(DataError) -> TSVFile {
            try TSVFile(name: name, text: data.read(name), minimumColumns: columns)
        }
        let brands = try Self.brands(brandTexts(data.files(in: "Brands"), read: data.read), taxonomy: taxonomy)
        let bankLines = try Self.bankLines(["Rules/bank_lines.tsv"] + data.files(in: "Rules/banks"), taxonomy: taxonomy, load: load)
        let operationTypes = try Self.operationTypes(load("Rules/operation_types.tsv", 7), taxonomy: taxonomy)
        let keywords = try Self.keywords(load("Rules/keywords.tsv", 5), tradeWords: load("Rules/trade_words.tsv", 5), taxonomy: taxonomy)
        let places = PlaceNames(try load("Rules/places.tsv", 2))
        let brandPlaces = Self.brandPlaces(try load("Rules/brand_places.tsv", 3))
        let mcc = try MCCMap.parse(load("Rules/mcc.tsv", 2), taxonomy: taxonomy)
        var cnae = BinaryWriter()
        try CNAEMap.write(tree: load("CNAE/cnae_2_3.tsv", 5), categories: load("CNAE/categories.tsv", 2), taxonomy: taxonomy, to: &cnae)
        let (entries, trie) = automaton(brands: brands, processors: processors, cleaners: cleaners, bankLines: bankLines,
                                        keywords: keywords, knowledge: knowledge)
        let tradeWords = Set(keywords.filter { !$0.suggestion && !$0.pattern.contains(" ") }.map { foldedWord($0.pattern) })
        let parts = CompiledCatalog.Parts(fingerprint: fingerprint(), brands: brands, entries: entries, trie: trie, places: places,
                                          patternWords: PatternWords.words(brands: brands, keywords: keywords), bankLines: bankLines,
                                          keywords: keywords, operationTypes: operationTypes, tradeWords: tradeWords,
                                          mcc: mcc, cnae: cnae.bytes, brandPlaces: brandPlaces, knowledge: knowledge)
        let bytes = CompiledCatalog.image(of: parts)
        if let cachePath { CompiledCatalog.save(bytes, to: cachePath) }
        guard let compiled = CompiledCatalog.read(ImageBytes(bytes)) else { preconditionFailure("a compiled catalog image just built does not read back") }
        return compiled
    }

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
