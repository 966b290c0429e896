import GardenFoundation
import GardenImage

/// How line rules (bank lines, keywords, operation types) are kept in a section: the names they share (files,
/// categories) once, then each rule with its category and file by index into them.
enum LineRulesLayout {
    /// Writes the names `rules` share (``readNames(_:)`` reads them) and returns their index.
    static func writeNames(_ rules: [LineRule], to out: inout SectionWriter) -> [String: Int] {
        let names = Array(Set(rules.map(\.source.file) + rules.map(\.category))).sorted()
        out.strings(names)
        return Dictionary(uniqueKeysWithValues: names.enumerated().map { ($0.element, $0.offset) })
    }

    /// Writes `rules`, counted.
    static func write(_ rules: [LineRule], _ names: [String: Int], to out: inout SectionWriter) {
        out.integer(UInt32(rules.count))
        for rule in rules { write(rule, names, &out) }
    }

    /// A line rule: texts, confidence, direction, flow, merchant, flags and source (its category and file
    /// by index into the section's names, shared rather than decoded per rule).
    static func write(_ rule: LineRule, _ names: [String: Int], _ out: inout SectionWriter) {
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
        case .asRead(let kind): out.integer(UInt8(4)); out.string(kind.rawValue)
        }
        let flags = [rule.prefix, rule.anchored, rule.yieldsToPayee, rule.suggestion, rule.hint, rule.brazilOnly, rule.memoOnly, rule.lastOnly]
        out.integer(flags.enumerated().reduce(UInt8(0)) { $0 | ($1.element ? 1 << UInt8($1.offset) : 0) })
        out.integer(UInt32(names[rule.source.file]!))
        out.integer(UInt32(rule.source.line))
        out.string(rule.source.description)
    }

    static func readRules(_ input: inout BinaryReader, names: [String]) throws(BinaryReader.Malformed) -> [LineRule] {
        let count = try input.count()
        var rules: [LineRule] = []
        rules.reserveCapacity(count)
        for _ in 0..<count { rules.append(try readRule(&input, names: names)) }
        return rules
    }

    static func readRule(_ input: inout BinaryReader, names: [String]) throws(BinaryReader.Malformed) -> LineRule {
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
        case 4: merchant = .asRead(try value(MerchantKind(rawValue: try input.string())))
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
    static func value<T>(_ value: T?) throws(BinaryReader.Malformed) -> T {
        guard let value else { throw BinaryReader.Malformed() }
        return value
    }
}

/// The bank's own line wording (`Rules/bank_lines.tsv`, then each bank's abbreviations in `Rules/banks/*.tsv`):
/// `lineWording` patterns looked for on the whole line and memo.
enum BankLinesSource: KnowledgeSource {
    static let id = "bank_lines"
    static let owner = "bank_line"
    static func files(in data: DataDirectory) -> [String] { ["Rules/bank_lines.tsv"] + data.files(in: "Rules/banks") }
    static func parse(_ files: SourceFiles, _ shared: inout CompileContext) throws(DataError) -> [LineRule] {
        let taxonomy = try shared.taxonomy()
        return try files.tsvs(minimumColumns: 7).flatMap(\.records)
            .map { record throws(DataError) in try Catalog.lineRule(record, taxonomy: taxonomy, bankLine: true) }
    }
    static func write(_ rules: [LineRule], into section: inout SectionWriter, patterns: inout PatternSink) {
        LineRulesLayout.write(rules, LineRulesLayout.writeNames(rules, to: &section), to: &section)
        for (index, rule) in rules.enumerated() {
            patterns.add(rule.pattern, record: index, role: .lineWording, flags: rule.prefix ? .prefix : [])
        }
    }
    static func view(_ section: Section, _ context: ViewContext) throws(BinaryReader.Malformed) -> [LineRule] {
        var input = section.reader()
        let rules = try LineRulesLayout.readRules(&input, names: try input.strings())
        try section.checkEnd(input)
        return rules
    }
    static func same(_ view: [LineRule], _ parsed: [LineRule]) -> Bool { view == parsed }
    static let badRecord = (file: "Rules/bank_lines.tsv", line: "BAD LINE\tno.such.category\t0.9\t-\t-\t-\t-", column: 2)
}

/// Bank operation types (Open Finance `type`, Pluggy `operationType`; `Rules/operation_types.tsv`) → line
/// rules; a type listed twice: the last line wins.
enum OperationTypesSource: KnowledgeSource {
    static let id = "operation_types"
    static let owner = "operation_type"
    static func files(in data: DataDirectory) -> [String] { ["Rules/operation_types.tsv"] }
    static func parse(_ files: SourceFiles, _ shared: inout CompileContext) throws(DataError) -> [String: LineRule] {
        try Catalog.operationTypes(files.tsv(files.names[0], minimumColumns: 7), taxonomy: shared.taxonomy())
    }
    static func write(_ types: [String: LineRule], into section: inout SectionWriter, patterns: inout PatternSink) {
        let keys = types.keys.sorted()
        let names = LineRulesLayout.writeNames(keys.map { types[$0]! }, to: &section)
        section.strings(keys)
        for key in keys { LineRulesLayout.write(types[key]!, names, &section) }
    }
    static func view(_ section: Section, _ context: ViewContext) throws(BinaryReader.Malformed) -> [String: LineRule] {
        var input = section.reader()
        let names = try input.strings()
        var types: [String: LineRule] = [:]
        for type in try input.strings() { types[type] = try LineRulesLayout.readRule(&input, names: names) }
        try section.checkEnd(input)
        return types
    }
    static func same(_ view: [String: LineRule], _ parsed: [String: LineRule]) -> Bool { view == parsed }
    static let badRecord = (file: "Rules/operation_types.tsv", line: "BAD_TYPE\ttransfer.other\tlots\t-\t-\t-\t-", column: 3)
}

/// Keyword heuristics (`Rules/keywords.tsv`, ≤ 0.5) then the trade-word lexicon (`Rules/trade_words.tsv`):
/// `trade` patterns grouped by category (a cut word completes to one category's words only), and the
/// single words that name a trade alone (`Shipped` and ``EngineViews/tradeWords``).
enum KeywordsSource: KnowledgeSource {
    struct View {
        var rules: [LineRule]
        var tradeWords: ImageStringTable
    }
    static let id = "keywords"
    static let owner = "keyword"
    static func files(in data: DataDirectory) -> [String] { ["Rules/keywords.tsv", "Rules/trade_words.tsv"] }
    static func parse(_ files: SourceFiles, _ shared: inout CompileContext) throws(DataError) -> [LineRule] {
        let rules = try Catalog.keywords(files.tsv(files.names[0], minimumColumns: 5), tradeWords: files.tsv(files.names[1], minimumColumns: 5),
                                         taxonomy: shared.taxonomy())
        shared.keywords = rules
        return rules
    }
    /// The single words of the deciding keywords, folded.
    static func tradeWords(_ rules: [LineRule]) -> [String] {
        Set(rules.filter { !$0.suggestion && !$0.pattern.contains(" ") }.map { Catalog.foldedWord($0.pattern) }).sorted()
    }
    static func write(_ rules: [LineRule], into section: inout SectionWriter, patterns: inout PatternSink) {
        LineRulesLayout.write(rules, LineRulesLayout.writeNames(rules, to: &section), to: &section)
        ImageStringTable.write(tradeWords(rules).map { ($0, 0) }, to: &section)
        for (index, rule) in rules.enumerated() {
            patterns.add(rule.pattern, record: index, role: .trade, flags: rule.prefix ? .prefix : [],
                         group: "keyword:\(rule.category)", truncationClass: 1)
        }
    }
    static func view(_ section: Section, _ context: ViewContext) throws(BinaryReader.Malformed) -> View {
        var input = section.reader()
        let rules = try LineRulesLayout.readRules(&input, names: try input.strings())
        let tradeWords = try ImageStringTable(reading: &input)
        try section.checkEnd(input)
        return View(rules: rules, tradeWords: tradeWords)
    }
    static func same(_ view: View, _ parsed: [LineRule]) -> Bool {
        let words = tradeWords(parsed)
        return view.rules == parsed && view.tradeWords.count == words.count && words.allSatisfy(view.tradeWords.contains)
    }
    static let badRecord = (file: "Rules/keywords.tsv", line: "bad word\tfood.groceries\t0.9\t-\t-", column: 3)
}
