import GardenFoundation
import GardenImage
import GardenNames

/// Reading a compiled catalog image (``CompiledCatalog``) back: the tables are viewed in place, the
/// automaton's arrays copied, the rules decoded; brands are decoded one by one on first use (``BrandTable``).
extension CompiledCatalog {
    /// The sections after the checksum, in the order ``image(of:)`` writes them.
    static func readSections(_ input: inout BinaryReader) throws(BinaryReader.Malformed) -> CompiledCatalog {
        let fingerprint = try input.string()
        let records = try input.bytes(try input.count())
        let offsets = try input.uint32s()
        guard offsets.allSatisfy({ Int($0) < records.count }) else { throw BinaryReader.Malformed() }
        let brands = BrandTable(image: input.image, offsets: offsets.map { $0 + UInt32(records.lowerBound) })
        let brandByID = try ImageStringTable(reading: &input)
        let brandByCNPJRoot = try ImageStringTable(reading: &input)
        let entryCount = try input.count()
        var entries: [PatternEntry] = []
        entries.reserveCapacity(entryCount)
        for _ in 0..<entryCount { entries.append(try readEntry(&input)) }
        let trie = try PatternTrie(reading: &input)
        let places = try PlaceList(reading: &input)
        let patternWords = PatternWords(table: try ImageStringTable(reading: &input))
        let names = try input.strings()
        let bankLines = try readRules(&input, names: names)
        let keywords = try readRules(&input, names: names)
        var operationTypes: [String: LineRule] = [:]
        for type in try input.strings() { operationTypes[type] = try readRule(&input, names: names) }
        let tradeWords = try ImageStringTable(reading: &input)
        let mcc = try MCCMap(reading: &input)
        let cnae = try CNAEMap(reading: &input)
        let brandPlaces = try ImageStringLists(reading: &input)
        let knowledge = try readKnowledge(&input)
        guard input.atEnd, trie.entryCount == entries.count else { throw BinaryReader.Malformed() }
        return CompiledCatalog(fingerprint: fingerprint, brands: brands, brandByID: brandByID, brandByCNPJRoot: brandByCNPJRoot,
                               entries: entries, trie: trie, places: places, patternWords: patternWords, bankLines: bankLines,
                               keywords: keywords, operationTypes: operationTypes, tradeWords: tradeWords,
                               mcc: mcc, cnae: cnae, brandPlaces: brandPlaces, knowledge: knowledge)
    }

    /// The declared knowledge's sections (``writeKnowledge(_:_:)``): each section's records are viewed in place and
    /// decoded on first use.
    private static func readKnowledge(_ input: inout BinaryReader) throws(BinaryReader.Malformed) -> [(id: String, records: LazyImageRecords<TSVFile.Record>)] {
        var sections: [(id: String, records: LazyImageRecords<TSVFile.Record>)] = []
        for _ in 0..<(try input.count()) {
            let id = try input.string()
            let blob = try input.bytes(try input.count())
            let offsets = try input.uint32s()
            guard offsets.allSatisfy({ Int($0) < blob.count }) else { throw BinaryReader.Malformed() }
            let records = LazyImageRecords(image: input.image, offsets: offsets.map { $0 + UInt32(blob.lowerBound) }) { record throws(BinaryReader.Malformed) in
                let file = try record.string(), line = Int(try record.uint32())
                return TSVFile.Record(line: line, columns: try record.strings(), file: file)
            }
            sections.append((id, records))
        }
        return sections
    }

    static func readBrand(_ input: inout BinaryReader) throws(BinaryReader.Malformed) -> Brand {
        let id = try input.string(), name = try input.string(), kindText = try input.string()
        let category = try input.string(), file = try input.string()
        let domain = try input.optionalString(), wikidata = try input.optionalString()
        let flags = Brand.Flags(rawValue: try input.uint8())
        let generated = try input.uint8() == 1
        let line = Int(try input.int64())
        guard let kind = MerchantKind(rawValue: kindText) else { throw BinaryReader.Malformed() }
        var brand = Brand(id: id, name: name, kind: kind, category: category, domain: domain, flags: flags,
                          cnpjRoots: try input.strings(), patterns: try input.strings(), source: SourceLocation(file: file, line: line))
        brand.countries = Set(try input.strings())
        brand.wikidata = wikidata
        brand.generated = generated
        return brand
    }

    private static func readEntry(_ input: inout BinaryReader) throws(BinaryReader.Malformed) -> PatternEntry {
        let tag = try input.uint8()
        let a = Int(try input.int32()), b = Int(try input.int32())
        switch tag {
        case 0: return .brand(a)
        case 1: return .processor(a, needsStar: b == 1)
        case 2: return .cleaner(a)
        case 3: return .bankLine(a)
        case 4: return .keyword(a)
        case 6, 7: return .declared(section: a, record: b, prefix: tag == 7)
        default: throw BinaryReader.Malformed()
        }
    }

    private static func readRules(_ input: inout BinaryReader, names: [String]) throws(BinaryReader.Malformed) -> [LineRule] {
        let count = try input.count()
        var rules: [LineRule] = []
        rules.reserveCapacity(count)
        for _ in 0..<count { rules.append(try readRule(&input, names: names)) }
        return rules
    }

    private static func readRule(_ input: inout BinaryReader, names: [String]) throws(BinaryReader.Malformed) -> LineRule {
        let pattern = try input.string(), category = Int(try input.uint32())
        let confidence = Confidence(perMille: Int(try input.int16()))
        let direction = try input.optionalString().map { text throws(BinaryReader.Malformed) in try value(Direction(rawValue: text)) }
        let flow = try input.optionalString().map { text throws(BinaryReader.Malformed) in try value(Flow(rawValue: text)) }
        let merchant: LineRule.MerchantSpec
        switch try input.uint8() {
        case 0: merchant = .keep
        case 1: merchant = .account
        case 2: merchant = .none(try value(MerchantKind(rawValue: try input.string())))
        case 3:
            let kind = try value(MerchantKind(rawValue: try input.string()))
            merchant = .named(try input.string(), kind)
        default: throw BinaryReader.Malformed()
        }
        let flags = try input.uint8()
        let file = Int(try input.uint32()), line = Int(try input.uint32())
        let location = try input.string()
        guard file < names.count, category < names.count else { throw BinaryReader.Malformed() }
        var rule = LineRule(pattern: pattern, category: names[category], confidence: confidence, direction: direction, flow: flow,
                            merchant: merchant, prefix: flags & 1 != 0, anchored: flags & 2 != 0,
                            source: SourceLocation(file: names[file], line: line, description: location))
        rule.yieldsToPayee = flags & 4 != 0
        rule.suggestion = flags & 8 != 0
        rule.hint = flags & 16 != 0
        rule.brazilOnly = flags & 32 != 0
        rule.memoOnly = flags & 64 != 0
        rule.lastOnly = flags & 128 != 0
        return rule
    }

    /// `value`, or ``BinaryReader/Malformed`` when nil (a name the image holds that this build does not know).
    private static func value<T>(_ value: T?) throws(BinaryReader.Malformed) -> T {
        guard let value else { throw BinaryReader.Malformed() }
        return value
    }
}
