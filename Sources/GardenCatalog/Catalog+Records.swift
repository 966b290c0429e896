import GardenFoundation

/// Readers of the catalog's TSV records (`file:line:column` errors for the first bad field).
extension Catalog {
    static func brand(_ r: TSVFile.Record, taxonomy: Taxonomy) throws(DataError) -> Brand {
        guard let kind = MerchantKind(rawValue: r.columns[2]) else { throw r.error("unknown kind \"\(r.columns[2])\"", column: 3) }
        guard taxonomy.contains(r.columns[3]) else {
            throw r.error("unknown category \"\(r.columns[3])\"; did you mean \(taxonomy.suggestions(for: r.columns[3]).joined(separator: ", "))?", column: 4)
        }
        var flags: Brand.Flags = []
        for name in (r.optional(5) ?? "").split(separator: ",") {
            guard let flag = Brand.Flags.names.first(where: { $0.0 == name.trimmingASCIISpacesSub() })?.1 else {
                throw r.error("unknown flag \"\(name)\"", column: 6)
            }
            flags.insert(flag)
        }
        let roots = (r.optional(6) ?? "").split(separator: ",").map { String($0).trimmingASCIISpaces() }
        let patterns = r.columns[7].split(separator: "|").map { String($0).trimmingASCIISpaces() }.filter { !$0.isEmpty }
        guard !patterns.isEmpty else { throw r.error("a brand needs at least one pattern", column: 8) }
        var brand = Brand(id: r.columns[0], name: r.columns[1], kind: kind, category: r.columns[3], domain: r.optional(4),
                          flags: flags, cnpjRoots: roots, patterns: patterns, source: SourceLocation(file: r.file, line: r.line))
        brand.generated = isGenerated(r.file)
        brand.wikidata = r.optional(9)
        if let listed = r.optional(8) {
            brand.countries = Set(listed.split(separator: ",").map { String($0).trimmingASCIISpaces() })
            guard brand.countries.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isUppercase) }) else {
                throw r.error("expected ISO 3166 country codes separated by commas (BR,US), found \"\(listed)\"", column: 9)
            }
        } else {
            brand.countries = fileCountries(r.file, domain: brand.domain)
        }
        return brand
    }

    /// A data file's word folded as descriptors are (case, accents, punctuation).
    static func foldedWord(_ word: String) -> String { String(decoding: TokenizedText(word).folded, as: UTF8.self) }

    /// `Rules/organisation_words.tsv` folded: every word, and the words of public bodies (kind `public`).
    static func organisationWords(_ file: TSVFile) -> (all: Set<String>, publicBodies: Set<String>, publicForms: Set<String>, offices: Set<String>) {
        func words(_ kind: String) -> Set<String> { Set(file.records.filter { $0.columns[1] == kind }.map { TextFold.fold($0.columns[0]) }) }
        return (Set(file.records.filter { $0.columns[1] != "office" }.map { TextFold.fold($0.columns[0]) }),
                words("public"), words("public_form"), words("office"))
    }

    /// `Rules/brand_places.tsv` (name, country, state) as folded city name → its folded state codes, sorted, for
    /// the compiled image (``CompiledCatalog/brandPlaces``). A city has a row per state holding one and the states
    /// are few, so each distinct spelling is folded once (5,300 cities and 84 codes instead of 18,000 folds).
    static func brandPlaces(_ file: TSVFile) -> [String: [String]] {
        var folds: [String: String] = [:]
        func folded(_ word: String) -> String {
            if let known = folds[word] { return known }
            let fold = foldedWord(word)
            folds[word] = fold
            return fold
        }
        let sets: [String: Set<String>] = file.records.reduce(into: [:]) { $0[folded($1.columns[0]), default: []].insert(folded($1.columns[2])) }
        return sets.mapValues { $0.sorted() }
    }

    /// Generated brand files (`Brands/nsi-*.tsv`, tools/data/nsi_brands.py).
    static func isGenerated(_ file: String) -> Bool { file.hasPrefix("Brands/nsi-") }

    /// The countries of a hand-written brand without a `countries` column: its file's (`br-` BR, `us-` US
    /// and CA) when its domain is a country's (`.com.br`, `.ca`) or missing; anywhere for a generic domain.
    static func fileCountries(_ file: String, domain: String?) -> Set<String> {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        let countries: Set<String> = base.hasPrefix("br-") ? ["BR"] : base.hasPrefix("us-") ? ["US", "CA"] : []
        guard let domain else { return countries }
        let tld = domain.split(separator: ".").last.map(String.init) ?? ""
        return tld.count == 2 ? countries : []
    }

    static func processor(_ r: TSVFile.Record, taxonomy: Taxonomy) throws(DataError) -> Processor {
        guard let role = Processor.Role(rawValue: r.columns[2]) else { throw r.error("unknown role \"\(r.columns[2])\"", column: 3) }
        let category = r.optional(3)
        if let category, !taxonomy.contains(category) { throw r.error("unknown category \"\(category)\"", column: 4) }
        let flags = try Self.flags(r, column: 4, known: ["ambiguous", "online", "government"])
        return Processor(id: r.columns[0], name: r.columns[1], role: role, category: category,
                         ambiguous: flags.contains("ambiguous"), online: flags.contains("online"), government: flags.contains("government"),
                         cnpjRoots: (r.optional(5) ?? "").split(separator: ",").map(String.init),
                         prefixes: r.columns[6].split(separator: "|").map { String($0) },
                         source: SourceLocation(file: r.file, line: r.line))
    }

    static func cleaner(_ r: TSVFile.Record) throws(DataError) -> Cleaner {
        guard let effect = Cleaner.Effect(rawValue: r.columns[1]) else { throw r.error("unknown effect \"\(r.columns[1])\"", column: 2) }
        var method: PaymentMethod?
        if let text = r.optional(2) {
            guard let parsed = PaymentMethod(rawValue: text) else { throw r.error("unknown method \"\(text)\"", column: 3) }
            method = parsed
        }
        var direction: Direction?
        if let text = r.optional(3) {
            guard let parsed = Direction(rawValue: text) else { throw r.error("expected in, out or -", column: 4) }
            direction = parsed
        }
        return Cleaner(phrase: r.columns[0], effect: effect, method: method, direction: direction,
                       anchored: r.columns[4] == "yes", source: SourceLocation(file: r.file, line: r.line))
    }

    /// A row of the trade-word lexicon: a keyword that may decide alone (≤ 0.8); below 0.6 a suggestion.
    static func tradeWord(_ r: TSVFile.Record, taxonomy: Taxonomy) throws(DataError) -> LineRule {
        guard let confidence = Confidence(r.columns[2]), confidence.perMille <= 800 else {
            throw r.error("expected a confidence in [0, 0.8]", column: 3)
        }
        var record = r
        record.columns[2] = "0.5"
        // The trade lexicon's own flags, `hint` and `br`; the others are a keyword's.
        let own: Set<Substring> = ["hint", "br"]
        let flags = (r.optional(4) ?? "").split(separator: ",")
        if r.optional(4) != nil { record.columns[4] = flags.filter { !own.contains($0) }.joined(separator: ",") }
        if record.columns.count > 4, record.columns[4].isEmpty { record.columns[4] = "-" }
        var rule = try lineRule(record, taxonomy: taxonomy, bankLine: false)
        rule.confidence = confidence
        rule.suggestion = confidence.perMille < 600
        rule.hint = flags.contains("hint")
        rule.brazilOnly = flags.contains("br")
        guard !rule.hint || confidence.perMille < 400 else { throw r.error("a hint is below 0.4", column: 3) }
        return rule
    }

    static func lineRule(_ r: TSVFile.Record, taxonomy: Taxonomy, bankLine: Bool) throws(DataError) -> LineRule {
        guard taxonomy.contains(r.columns[1]) else { throw r.error("unknown category \"\(r.columns[1])\"", column: 2) }
        guard let confidence = Confidence(r.columns[2]) else { throw r.error("expected a confidence in [0, 1]", column: 3) }
        if !bankLine, confidence.perMille > 500 { throw r.error("keyword heuristics are capped at 0.5", column: 3) }
        var direction: Direction?
        if let text = r.optional(3) {
            guard let parsed = Direction(rawValue: text) else { throw r.error("expected in, out or -", column: 4) }
            direction = parsed
        }
        var flow: Flow?
        var merchant = LineRule.MerchantSpec.keep
        var flagColumn = 4
        if bankLine {
            if let text = r.optional(4) {
                guard let parsed = Flow(rawValue: text) else { throw r.error("unknown flow \"\(text)\"", column: 5) }
                flow = parsed
            }
            if let text = r.optional(5) {
                if text == "account" {
                    merchant = .account
                } else if text.hasPrefix("none:"), let kind = MerchantKind(rawValue: String(text.dropFirst(5))) {
                    merchant = .none(kind)
                } else if text.hasPrefix("read:"), let kind = MerchantKind(rawValue: String(text.dropFirst(5))) {
                    merchant = .asRead(kind)
                } else if let slash = text.lastIndex(of: "/"), let kind = MerchantKind(rawValue: String(text[text.index(after: slash)...])) {
                    merchant = .named(String(text[..<slash]), kind)
                } else {
                    throw r.error("expected account, none:KIND, read:KIND or Name/KIND, found \"\(text)\"", column: 6)
                }
            }
            flagColumn = 6
        }
        let flags = try Self.flags(r, column: flagColumn, known: bankLine ? ["prefix", "anchored", "yields", "memo", "last"] : ["prefix", "anchored"])
        var rule = LineRule(pattern: r.columns[0], category: r.columns[1], confidence: confidence, direction: direction, flow: flow,
                            merchant: merchant, prefix: flags.contains("prefix"), anchored: flags.contains("anchored"),
                            source: SourceLocation(file: r.file, line: r.line))
        rule.yieldsToPayee = flags.contains("yields")
        rule.memoOnly = flags.contains("memo")
        rule.lastOnly = flags.contains("last")
        return rule
    }

    /// The comma-separated flags in column `column` (0-based) of `r`; a flag not in `known` is a data error
    /// at its column (`file:line:column: unknown flag "x"; expected a, b`), never passed over silently.
    static func flags(_ r: TSVFile.Record, column: Int, known: [String]) throws(DataError) -> [String] {
        let flags = (r.optional(column) ?? "").split(separator: ",").map { $0.trimmingASCIISpacesSub() }
        for flag in flags where !known.contains(flag) {
            throw r.error("unknown flag \"\(flag)\"; expected \(known.joined(separator: " or "))", column: column + 1)
        }
        return flags
    }
}
