import GardenFoundation
import GardenImage
import GardenNames

/// Place names stripped from the end of descriptors (`Rules/places.tsv`: states, provinces, cities).
enum PlacesSource: KnowledgeSource {
    static let id = "places"
    static let owner = "analysis"
    static func files(in data: DataDirectory) -> [String] { ["Rules/places.tsv"] }
    static func parse(_ files: SourceFiles, _ shared: inout CompileContext) throws(DataError) -> PlaceNames {
        PlaceNames(try files.tsv(files.names[0], minimumColumns: 2))
    }
    static func write(_ places: PlaceNames, into section: inout SectionWriter, patterns: inout PatternSink) {
        places.write(to: &section)
    }
    static func view(_ section: Section, _ context: ViewContext) throws(BinaryReader.Malformed) -> PlaceList {
        var input = section.reader()
        let list = try PlaceList(reading: &input)
        try section.checkEnd(input)
        return list
    }
    static func same(_ view: PlaceList, _ parsed: PlaceNames) -> Bool {
        view.codes == parsed.codes && view.trailingWords == parsed.trailingWords && view.longestCity == parsed.longestCity
            && view.wordsByCountry == parsed.wordsByCountry && view.cities.count == parsed.cities.count
            && parsed.cities.allSatisfy(view.cities.contains) && parsed.citiesWithoutCode.allSatisfy(view.citiesWithoutCode.contains)
            && view.firstWordsByRest.all == parsed.firstWordsByRest
    }
    static let badRecord = (file: "Rules/places.tsv", line: "lonely", column: 1)
}

/// Cities whose name is also a brand pattern (`Rules/brand_places.tsv`, GeoNames): folded name → the folded
/// state or province codes of the cities of that name (``Catalog/brandPlaces``).
enum BrandPlacesSource: KnowledgeSource {
    static let id = "brand_places"
    static let owner = "analysis"
    static func files(in data: DataDirectory) -> [String] { ["Rules/brand_places.tsv"] }
    static func parse(_ files: SourceFiles, _ shared: inout CompileContext) throws(DataError) -> [String: [String]] {
        Catalog.brandPlaces(try files.tsv(files.names[0], minimumColumns: 3))
    }
    static func write(_ places: [String: [String]], into section: inout SectionWriter, patterns: inout PatternSink) {
        ImageStringLists.write(places, to: &section)
    }
    static func view(_ section: Section, _ context: ViewContext) throws(BinaryReader.Malformed) -> ImageStringLists {
        var input = section.reader()
        let lists = try ImageStringLists(reading: &input)
        try section.checkEnd(input)
        return lists
    }
    static func same(_ view: ImageStringLists, _ parsed: [String: [String]]) -> Bool { view.all == parsed }
    static let badRecord = (file: "Rules/brand_places.tsv", line: "Lonely\tBR", column: 1)
}

/// The folded words of the brand and keyword patterns and each pair of adjacent words in them (``PatternWords``),
/// derived from ``BrandsSource``'s and ``KeywordsSource``'s files.
enum PatternWordsSource: KnowledgeSource {
    static let id = "pattern_words"
    static let owner = "analysis"
    static func files(in data: DataDirectory) -> [String] { BrandsSource.files(in: data) + KeywordsSource.files(in: data) }
    static func parse(_ files: SourceFiles, _ shared: inout CompileContext) throws(DataError) -> [String] {
        PatternWords.words(brands: shared.brands, keywords: shared.keywords)
    }
    static func write(_ words: [String], into section: inout SectionWriter, patterns: inout PatternSink) {
        ImageStringTable.write(words.map { ($0, 0) }, to: &section)
    }
    static func view(_ section: Section, _ context: ViewContext) throws(BinaryReader.Malformed) -> PatternWords {
        var input = section.reader()
        let words = PatternWords(table: try ImageStringTable(reading: &input))
        try section.checkEnd(input)
        return words
    }
    static func same(_ view: PatternWords, _ parsed: [String]) -> Bool { view.set == Set(parsed) }
    // Derived: a bad record is its brand file's, reported by BrandsSource; this one refuses what BrandsSource refuses.
    static let badRecord = BrandsSource.badRecord
}

/// Words with their frequency (`Rules/name_words.tsv`, Zipf), for splitting a name printed glued
/// (``GluedNameSplitter``, which parses them on first use): kept as the file's text.
enum NameWordsSource: KnowledgeSource {
    static let id = "name_words"
    static let owner = "analysis"
    static func files(in data: DataDirectory) -> [String] { ["Rules/name_words.tsv"] }
    static func parse(_ files: SourceFiles, _ shared: inout CompileContext) throws(DataError) -> String {
        let text = try files.text(files.names[0])
        // Checked here, so a bad line is reported by file and line instead of being passed over when split.
        _ = try TSVFile(name: files.names[0], text: text, minimumColumns: 2)
        return text
    }
    static func write(_ text: String, into section: inout SectionWriter, patterns: inout PatternSink) {
        section.bytes(Array(text.utf8))
    }
    static func view(_ section: Section, _ context: ViewContext) throws(BinaryReader.Malformed) -> String {
        String(decoding: section.bytes, as: UTF8.self)
    }
    static func same(_ view: String, _ parsed: String) -> Bool { view == parsed }
    static let badRecord = (file: "Rules/name_words.tsv", line: "lonely", column: 1)
}

/// Words of real business names by country with their frequency (`Rules/business_words_br.tsv`,
/// `Rules/business_words_us.tsv`, Zipf; generated by `tools/data/business_name_words.py`), for completing a
/// name's last word cut at the bank's column limit (``CutWordCompleter``, which parses them on first use):
/// kept as each file's text, keyed by the country its file name ends in.
enum BusinessWordsSource: KnowledgeSource {
    static let id = "business_words"
    static let owner = "analysis"
    static func files(in data: DataDirectory) -> [String] { ["Rules/business_words_br.tsv", "Rules/business_words_us.tsv"] }
    static func parse(_ files: SourceFiles, _ shared: inout CompileContext) throws(DataError) -> [String: String] {
        var texts: [String: String] = [:]
        for name in files.names {
            let text = try files.text(name)
            // Checked here, so a bad line is reported by file and line instead of being passed over.
            _ = try TSVFile(name: name, text: text, minimumColumns: 2)
            texts[country(name)] = text
        }
        return texts
    }
    /// `BR` of `Rules/business_words_br.tsv`.
    static func country(_ file: String) -> String {
        String(file.dropLast(4).split(separator: "_").last ?? "").uppercased()
    }
    static func write(_ texts: [String: String], into section: inout SectionWriter, patterns: inout PatternSink) {
        // country NUL text NUL, in country order.
        var bytes: [UInt8] = []
        for country in texts.keys.sorted() {
            bytes += Array(country.utf8) + [0] + Array(texts[country]!.utf8) + [0]
        }
        section.bytes(bytes)
    }
    static func view(_ section: Section, _ context: ViewContext) throws(BinaryReader.Malformed) -> [String: String] {
        let parts = Array(section.bytes).split(separator: 0, omittingEmptySubsequences: false)
        // Pairs, each ended by NUL: an odd count, the last part empty; a section cut short is refused.
        guard parts.count % 2 == 1, parts.last?.isEmpty == true else { throw BinaryReader.Malformed() }
        var texts: [String: String] = [:]
        var index = 0
        while index + 1 < parts.count {
            texts[String(decoding: parts[index], as: UTF8.self)] = String(decoding: parts[index + 1], as: UTF8.self)
            index += 2
        }
        return texts
    }
    static func same(_ view: [String: String], _ parsed: [String: String]) -> Bool { view == parsed }
    static let badRecord = (file: "Rules/business_words_br.tsv", line: "lonely", column: 1)
}
