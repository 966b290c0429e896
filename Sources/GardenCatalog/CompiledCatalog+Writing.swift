import GardenFoundation
import GardenImage
import GardenNames

/// Writing a compiled catalog image (``CompiledCatalog``) from what the data files parsed into.
extension CompiledCatalog {
    /// What an image is compiled from.
    struct Parts {
        var fingerprint: String
        var brands: [Brand]
        var entries: [PatternEntry]
        var trie: PatternTrie
        var places: PlaceNames
        /// ``PatternWords``' words and word pairs.
        var patternWords: [String]
        var bankLines: [LineRule]
        var keywords: [LineRule]
        var operationTypes: [String: LineRule]
        var tradeWords: Set<String>
        var mcc: [String: CodeMapping]
        /// The CNAE section, already written (``CNAEMap/write(tree:categories:taxonomy:to:)``).
        var cnae: [UInt8]
        /// Folded city name → its folded state codes (``Catalog/brandPlaces(_:)``).
        var brandPlaces: [String: [String]]
        var knowledge: KnowledgeSections
    }

    /// The image of `parts`, read back by ``read(_:)``.
    static func image(of parts: Parts) -> [UInt8] {
        image { out in
            out.string(parts.fingerprint)
            writeBrands(parts.brands, &out)
            out.integer(UInt32(parts.entries.count))
            for entry in parts.entries { write(entry, &out) }
            parts.trie.write(to: &out)
            parts.places.write(to: &out)
            ImageStringTable.write(parts.patternWords.map { ($0, 0) }, to: &out)
            let all = parts.bankLines + parts.keywords + parts.operationTypes.values
            let names = Array(Set(all.map(\.source.file) + all.map(\.category))).sorted()
            out.strings(names)
            let fileIndex = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($0.element, $0.offset) })
            for rules in [parts.bankLines, parts.keywords] {
                out.integer(UInt32(rules.count))
                for rule in rules { write(rule, fileIndex, &out) }
            }
            let types = parts.operationTypes.keys.sorted()
            out.strings(types)
            for type in types { write(parts.operationTypes[type]!, fileIndex, &out) }
            ImageStringTable.write(parts.tradeWords.sorted().map { ($0, 0) }, to: &out)
            CodeMappingTable.write(parts.mcc, to: &out)
            out.bytes(parts.cnae)
            ImageStringLists.write(parts.brandPlaces, to: &out)
            writeKnowledge(parts.knowledge, &out)
        }
    }

    /// One section per declared knowledge: its id, its records (file, line, columns) as one block, and each record's
    /// offset in it (read back on first use, ``readKnowledge(_:)``).
    private static func writeKnowledge(_ knowledge: KnowledgeSections, _ out: inout BinaryWriter) {
        out.integer(UInt32(knowledge.sections.count))
        for section in knowledge.sections {
            out.string(section.id)
            var records = BinaryWriter()
            var offsets: [UInt32] = []
            for index in 0..<section.recordCount {
                let record = section.record(index)
                offsets.append(UInt32(records.position))
                records.string(record.file)
                records.integer(UInt32(record.line))
                records.strings(record.columns)
            }
            out.integer(UInt32(records.bytes.count))
            out.bytes(records.bytes)
            out.array(offsets)
        }
    }

    /// The brand records (their size, then each record), each record's offset in them, and the indexes by
    /// brand id and by CNPJ root (the first brand listing a root).
    private static func writeBrands(_ brands: [Brand], _ out: inout BinaryWriter) {
        var records = BinaryWriter()
        var offsets: [UInt32] = []
        for brand in brands {
            offsets.append(UInt32(records.position))
            write(brand, &records)
        }
        out.integer(UInt32(records.bytes.count))
        out.bytes(records.bytes)
        out.array(offsets)
        ImageStringTable.write(brands.enumerated().map { ($0.element.id, $0.offset) }, to: &out)
        let roots = Catalog.byRoot(brands.map(\.cnpjRoots), firstWins: true)
        ImageStringTable.write(roots.keys.sorted().map { ($0, roots[$0]!) }, to: &out)
    }

    private static func write(_ brand: Brand, _ out: inout BinaryWriter) {
        for text in [brand.id, brand.name, brand.kind.rawValue, brand.category, brand.source.file] { out.string(text) }
        out.optionalString(brand.domain)
        out.optionalString(brand.wikidata)
        out.integer(brand.flags.rawValue)
        out.integer(UInt8(brand.generated ? 1 : 0))
        out.integer(Int64(brand.source.line))
        out.strings(brand.cnpjRoots)
        out.strings(brand.patterns)
        out.strings(brand.countries.sorted())
    }

    private static func write(_ entry: PatternEntry, _ out: inout BinaryWriter) {
        let (tag, a, b): (UInt8, Int, Int) = switch entry {
        case .brand(let i): (0, i, 0)
        case .processor(let i, let needsStar): (1, i, needsStar ? 1 : 0)
        case .cleaner(let i): (2, i, 0)
        case .bankLine(let i): (3, i, 0)
        case .keyword(let i): (4, i, 0)
        case .declared(let section, let record, let prefix): (prefix ? 7 : 6, section, record)
        }
        out.integer(tag)
        out.integer(Int32(a))
        out.integer(Int32(b))
    }

    /// A line rule: texts, confidence, direction, flow, merchant, flags and source (its category and file
    /// by index into the image's list of the rules' names, shared rather than decoded per rule).
    private static func write(_ rule: LineRule, _ names: [String: Int], _ out: inout BinaryWriter) {
        out.string(rule.pattern)
        out.integer(UInt32(names[rule.category]!))
        out.integer(Int16(rule.confidence.perMille))
        out.optionalString(rule.direction?.rawValue)
        out.optionalString(rule.flow?.rawValue)
        switch rule.merchant {
        case .keep: out.integer(UInt8(0))
        case .account: out.integer(UInt8(1))
        case .none(let kind): out.integer(UInt8(2)); out.string(kind.rawValue)
        case .named(let name, let kind): out.integer(UInt8(3)); out.string(kind.rawValue); out.string(name)
        }
        let flags = [rule.prefix, rule.anchored, rule.yieldsToPayee, rule.suggestion, rule.hint, rule.brazilOnly, rule.memoOnly, rule.lastOnly]
        out.integer(flags.enumerated().reduce(UInt8(0)) { $0 | ($1.element ? 1 << UInt8($1.offset) : 0) })
        out.integer(UInt32(names[rule.source.file]!))
        out.integer(UInt32(rule.source.line))
        out.string(rule.source.description)
    }
}
