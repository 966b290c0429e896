import Foundation
import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenCommandKit
import GardenLedger

/// `garden eval FILE`: resolves labelled rows (format of `../shared/dev/README.md`) without any store
/// and reports merchant, kind and category accuracy (high+medium labels, and all), coverage, review
/// rate, category accuracy on rows not flagged, per-resolver precision, and the misses with traces.
enum EvalCommand: Command {
    typealias Group = CommandOption.Group
    static let name = "eval"
    static let arguments = "FILE"
    static let summary = "accuracy of resolve against labelled rows (../shared/dev format)"
    static let about = """
    Resolves labelled rows without any store and reports merchant, kind and category accuracy, coverage,
    review rate, per-resolver precision and the misses with their traces.
    """
    static let options = Group.data + [
        CommandOption("--quiet", nil, "the figures without the misses"),
        CommandOption("--learning-curve", nil, "also simulate learning from corrections row by row"),
        CommandOption("--by", "source", "add one line per collection and per source, worst category first (`collection`: collections only)"),
    ]
    static let maximumArguments: Int? = 1

    struct Row {
        var id: String
        var source: String
        /// The dev set's `collection` member (1–5, oldest first; `-` when absent).
        var collection: String
        var descriptorText: String
        var expected: Expected
        var resolution: Resolution
        var features: [String]
        /// The predicted merchant agrees with the expected one (or none is expected): ``merchantMatches(_:_:legalSuffixes:)``.
        var merchantMatches = true
    }

    struct Expected {
        var merchant: String?
        var kind: String?
        var categories: [String]
        var confidence: String
    }

    static func run(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        guard let path = options.positional.first else { throw CommandLineOptions.UsageError(description: "give the labelled FILE") }
        if let by = options.value("--by"), by != "source", by != "collection" {
            throw CommandLineOptions.UsageError(description: "--by: \"source\" or \"collection\"")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            env.complain("cannot read \(path): \(FileManager.default.fileExists(atPath: path) ? "not readable" : "no such file")")
            return Exit.noInput
        }
        let catalog: Catalog, user: UserKnowledge
        do {
            catalog = try env.loadCatalog(options)
            user = try env.userKnowledge(options, catalog)
        } catch { env.complain(error.description); return error.exitCode }
        let pipeline: Pipeline
        do { pipeline = try env.pipeline(catalog, options, user: user) } catch { env.complain(error.description); return Exit.usage }
        let (rows, bad) = labelledRows(data, pipeline, catalog, env)
        if options.flag("--learning-curve") {
            let examples = rows.compactMap { row -> LearningCurve.Example? in
                guard row.expected.categories.count == 1, let category = row.expected.categories.first, category != "other" else { return nil }
                return LearningCurve.Example(features: row.features, category: category)
            }
            env.stdout.write(LearningCurve.report(examples, env.words))
            return bad > 0 ? Exit.dataError : Exit.ok
        }
        var report = ""
        let scored = rows.filter { $0.expected.confidence != "low" }
        let w = env.words
        report += summary(w("high+medium labels", "rótulos high+medium"), scored, w)
        report += summary(w("all labels", "todos os rótulos"), rows, w)
        report += precisionTable(scored, w)
        if let by = options.value("--by") {
            report += groupTable(scored, by: \.collection, title: w("collection", "coleção"), w)
            if by == "source" { report += groupTable(scored, by: \.source, title: w("source", "fonte"), w) }
        }
        if !options.flag("--quiet") { report += misses(scored, w) }
        env.stdout.write(report)
        return bad > 0 ? Exit.dataError : Exit.ok
    }

    /// The labelled rows of `data` resolved, and how many lines could not be read: each is reported on
    /// stderr by its line (`garden: line N: …`) and left out, and the rest is still scored.
    static func labelledRows(_ data: Data, _ pipeline: Pipeline, _ catalog: Catalog, _ env: Environment) -> (rows: [Row], bad: Int) {
        let reader = RowReader()
        var rows: [Row] = []
        var number = 0, bad = 0
        for line in data.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            var bytes = Array(line)
            // A byte-order mark before the first line is no part of it (as `resolve` reads it, LineReader).
            if number == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) { continue }
            let doc: JSONDocument, transaction: Transaction
            switch reader.read(bytes) {
            case .success(let read): (doc, transaction) = read
            case .failure(let reason): env.complain("line \(number): \(reason)"); bad += 1; continue
            }
            guard let expected = expected(doc) else {
                let what = doc.member("expected", of: doc.root) == nil ? "no \"expected\" object" : "field \"expected\": not an object"
                env.complain("line \(number): \(what)")
                bad += 1
                continue
            }
            let context = pipeline.context(transaction)
            let collectionNode = doc.member("collection", of: doc.root)
            let collection = doc.scalarText(collectionNode) ?? "-"
            var row = Row(id: transaction.id ?? "line \(number)", source: doc.string(doc.member("source", of: doc.root)) ?? "-", collection: collection, descriptorText: transaction.descriptorText, expected: expected,
                          resolution: pipeline.resolve(context), features: FeatureExtractor.features(context))
            row.merchantMatches = merchantMatches(row.expected.merchant, row.resolution, legalSuffixes: catalog.legalSuffixes)
            rows.append(row)
        }
        return (rows, bad)
    }

    /// A labelled row's `expected` object, nil when it has none.
    static func expected(_ doc: JSONDocument) -> Expected? {
        guard let expectedNode = doc.member("expected", of: doc.root), doc[expectedNode].kind == .object else { return nil }
        var categories: [String] = []
        if let node = doc.member("category", of: expectedNode) {
            if doc[node].kind == .array { categories = doc.children(of: node).compactMap { doc.string($0) } } else if let one = doc.string(node) { categories = [one] }
        }
        return Expected(merchant: doc.string(doc.member("merchant", of: expectedNode)),
                        kind: doc.string(doc.member("kind", of: expectedNode)), categories: categories,
                        confidence: doc.string(doc.member("label_confidence", of: expectedNode)) ?? "high")
    }

    static func percent(_ hits: Int, _ total: Int) -> String {
        guard total > 0 else { return "  n/a" }
        let tenths = (hits * 1000 + total / 2) / total
        return "\(tenths / 10).\(tenths % 10)% (\(hits)/\(total))"
    }

    static func summary(_ title: String, _ rows: [Row], _ w: Phrasebook = Phrasebook(.english)) -> String {
        let merchantRows = rows.filter { $0.expected.merchant != nil }
        let merchantHits = merchantRows.filter(\.merchantMatches).count
        let kindRows = rows.filter { $0.expected.kind != nil }
        let kindHits = kindRows.filter { $0.resolution.merchant.kind.rawValue == $0.expected.kind }.count
        let categoryHits = rows.filter { categoryMatches($0) }.count
        let covered = rows.filter { $0.resolution.category != Taxonomy.uncategorized }.count
        let reviewed = rows.filter { $0.resolution.review }.count
        let unflagged = rows.filter { !$0.resolution.review }
        let unflaggedHits = unflagged.filter { categoryMatches($0) }.count
        return "\(title): \(rows.count) " + w("rows", "linhas") + "\n"
            + w("  merchant                    ", "  estabelecimento             ") + percent(merchantHits, merchantRows.count) + "\n"
            + w("  kind                        ", "  tipo                        ") + percent(kindHits, kindRows.count) + "\n"
            + w("  category                    ", "  categoria                   ") + percent(categoryHits, rows.count) + "\n"
            + w("  coverage                    ", "  cobertura                   ") + percent(covered, rows.count) + "\n"
            + w("  review rate                 ", "  taxa de revisão             ") + percent(reviewed, rows.count) + "\n"
            + w("  category when not flagged   ", "  categoria fora da revisão   ") + percent(unflaggedHits, unflagged.count) + "\n"
    }

    static func precisionTable(_ rows: [Row], _ w: Phrasebook = Phrasebook(.english)) -> String {
        var byResolver: [String: (Int, Int)] = [:]
        for row in rows {
            let source = row.resolution.categorySourceName
            let hit = categoryMatches(row) ? 1 : 0
            byResolver[source, default: (0, 0)].0 += hit
            byResolver[source, default: (0, 0)].1 += 1
        }
        var out = w("per-resolver precision (high+medium; rows each resolver won):\n", "precisão por resolvedor (high+medium; linhas que cada resolvedor venceu):\n")
        for (source, counts) in byResolver.sorted(by: { $0.key < $1.key }) {
            out += "  " + source.padding(toLength: 26, withPad: " ", startingAt: 0) + percent(counts.0, counts.1) + "\n"
        }
        return out + "\n"
    }

    static func misses(_ rows: [Row], _ w: Phrasebook = Phrasebook(.english)) -> String {
        var out = w("misses (high+medium):\n", "erros (high+medium):\n")
        for row in rows {
            let categoryOK = categoryMatches(row)
            let merchantOK = row.expected.merchant == nil || row.merchantMatches
            let kindOK = row.expected.kind == nil || row.resolution.merchant.kind.rawValue == row.expected.kind
            if categoryOK && merchantOK && kindOK { continue }
            let r = row.resolution
            out += "- \(row.id) \"\(row.descriptorText)\"\n"
            let expected = w(", expected ", ", esperado ")
            if !categoryOK { out += w("    category ", "    categoria ") + "\(r.category) (\(r.categorySourceName) \(r.categoryConfidence))" + expected + row.expected.categories.joined(separator: " | ") + "\n" }
            if !merchantOK { out += w("    merchant ", "    estabelecimento ") + "\(r.merchant.name ?? "null") (" + EvidenceWords.location("\(r.merchant.origin)", w.language) + ")" + expected + (row.expected.merchant ?? "null") + "\n" }
            if !kindOK { out += w("    kind ", "    tipo ") + r.merchant.kind.rawValue + expected + (row.expected.kind ?? "-") + "\n" }
            out += w("    descriptor \"", "    descrição \"") + r.foldedName + w("\"; review ", "\"; revisão ") + (r.review ? w("yes", "sim") : w("no", "não")) + " "
                + r.reviewReasons.map { ReviewReasonWords.text($0, w.language) }.joined(separator: "; ") + "\n"
            for entry in r.trace where entry.proposal != nil {
                let p = entry.proposal!
                out += "    · \(entry.resolver): \(p.category ?? "-") \(p.confidence) [" + w(entry.status.rawValue, portugueseStatus[entry.status.rawValue] ?? entry.status.rawValue) + "] \(p.evidence.matched) @ " + EvidenceWords.location(p.evidence.location, w.language) + "\n"
            }
        }
        return out
    }

    /// A trace entry's status as a Portuguese run's misses write it.
    static let portugueseStatus = ["taken": "escolhida", "below_threshold": "abaixo do limiar", "outranked": "superada", "no_proposal": "sem proposta"]

    /// Whether the predicted category is one of the expected ones (``Taxonomy/id(_:isWithin:)``: an id or a group
    /// prefix). Two labels are not taxonomy ids: `other` (no specific category is right: uncategorized or flagged
    /// is), and `refund` (money back for something bought: garden answers it with the flow `refund`, keeping the
    /// purchase's category, as the README's decide step says).
    static func categoryMatches(_ row: Row) -> Bool {
        let predicted = row.resolution.category
        for expected in row.expected.categories {
            if expected == "other" {
                if predicted == Taxonomy.uncategorized || row.resolution.review { return true }
                continue
            }
            if expected == "refund" {
                if row.resolution.flow == .refund { return true }
                continue
            }
            if Taxonomy.id(predicted, isWithin: expected) { return true }
        }
        return false
    }

    /// Names agree after folding, dropping punctuation (``nameKey(_:legalSuffixes:)``), parenthesized notes and legal suffixes, in any
    /// word order; "A / B" accepts either; a channel order also matches on the intermediary.
    /// `legalSuffixes`: ``Catalog/legalSuffixes`` (`Rules/legal_suffixes.tsv`).
    static func merchantMatches(_ expected: String?, _ resolution: Resolution, legalSuffixes: Set<String>) -> Bool {
        guard let expected else { return true }
        var base = expected
        while let open = base.firstIndex(of: "("), let close = base[open...].firstIndex(of: ")") {
            base.removeSubrange(open...close)
        }
        base = base.replacingOccurrences(of: "?", with: "")
        let alternatives = base.components(separatedBy: " / ")
        let predicted = [resolution.merchant.name, resolution.merchant.intermediary].compactMap { $0 }.map { nameKey($0, legalSuffixes: legalSuffixes) }
        return alternatives.map { nameKey($0, legalSuffixes: legalSuffixes) }.contains { key in !key.isEmpty && predicted.contains(key) }
    }

    /// The folded words of `name` with punctuation dropped (`../shared/dev/README.md`: "U.S. Bank" and "US Bank"
    /// are one name; a mark is removed, not a word break: "Coca-Cola" is "cocacola"), a run of single letters read
    /// as the one word they spell ("S. O. S." and "S.O.S." are "sos"), legal suffixes dropped, sorted.
    static func nameKey(_ name: String, legalSuffixes: Set<String>) -> [String] {
        let folded = TextFold.fold(name.replacingOccurrences(of: "’", with: ""))
        let kept = folded.unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil || $0.properties.isWhitespace }
        var words: [String] = []
        var letters = ""
        for word in String(String.UnicodeScalarView(kept)).split(whereSeparator: \.isWhitespace) {
            if word.count == 1 { letters += word; continue }
            if !letters.isEmpty { words.append(letters); letters = "" }
            words.append(String(word))
        }
        if !letters.isEmpty { words.append(letters) }
        return words.filter { !legalSuffixes.contains($0) }.sorted()
    }
}
