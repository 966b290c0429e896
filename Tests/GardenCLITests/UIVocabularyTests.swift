import Foundation
import Testing
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStore
@testable import GardenLedger
@testable import GardenLinking
@testable import GardenEngine
@testable import GardenReport
import GardenCatalog
import GardenResolvers
import GardenFoundation

/// One language per run, held to garden's own words (issue 36 acceptance: "`LANG=pt_BR.UTF-8` and `LANG=C` runs
/// show one language each on every command"). ``OneLanguageTests`` holds screens to hand-picked labels; this test
/// builds each language's vocabulary from the places garden keeps its words — every `words("…", "…")` /
/// `w("…", "…")` phrase and `language == .english ? "…" : "…"` choice in `Sources/`, the sentence tables
/// (``MessageWords``, ``JournalSummaryWords``, ``ReviewReasonWords``, ``LinkEvidenceWords``, ``EvidenceWords``),
/// the help (``HelpWords``, the commands' summaries), the report's page words (``ReportText``) and the taxonomy's
/// category and budget names — keeps the words only one language uses (a word both write, such as "total" or
/// "online", says nothing), and runs every command that prints for a person under `--lang en` and `--lang pt` (each
/// against the other language's locale, so `--lang` must win), holding each screen to no word of the other language
/// beyond the data the run was given (descriptors, merchants, account and person names).
struct UIVocabularyTests {
    // MARK: The vocabulary

    /// Every `(English, Portuguese)` text garden keeps.
    static func pairs() throws -> [(english: String, portuguese: String)] {
        var pairs = try sourcePairs()
        let tables = [MessageWords.portuguese, JournalSummaryWords.portuguese, ReviewReasonWords.shapes, LinkEvidenceWords.portuguese,
                      EvidenceWords.portuguese, EvidenceWords.places, RecordedComparison.reasons]
        for table in tables { pairs += table.pairs.map { (english: $0.source, portuguese: $0.target) } }
        pairs += JournalSummaryWords.english.pairs.map { (english: $0.target, portuguese: $0.source) }
        pairs += JournalSummaryWords.budgetPartPairs.map { (english: $0.0, portuguese: $0.1) }
        pairs += HelpWords.options.map { (english: $0.key, portuguese: $0.value) }
        for command in GardenCommandLine.commands {
            if let about = HelpWords.abouts[command.name] { pairs.append((command.about, about)) }
            if let summary = GardenCommandLine.portugueseSummaries[command.name] { pairs.append((command.summary, summary)) }
        }
        pairs += reportPairs()
        // The names of resolvers and the words of directions, flows and merchant kinds (explain, review, the report).
        pairs += ResolverWords.pairs.map { (english: $0.0, portuguese: $0.1) }
        pairs += ResolutionWords.pairs.map { (english: $0.0, portuguese: $0.1) }
        let catalog = try Catalog(data: DataDirectory(root: ResolveCommandTests.root), knowledge: Precedence.knowledge(of: BuiltInResolvers.all))
        pairs += catalog.taxonomy.categories.values.map { ($0.nameEN, $0.namePT) }
        pairs += catalog.budgets.budgets.values.map { ($0.nameEN, $0.namePT) }
        return pairs
    }

    /// The report's words (``ReportText``), field by field (its texts read by reflection, its sentences with variable
    /// parts said with placeholders, one by one: a closure's type cannot be told by reflection).
    static func reportPairs() -> [(english: String, portuguese: String)] {
        func texts(_ value: Any) -> [String] {
            switch value {
            case let text as String: return [text]
            case let list as [String]: return list
            case let table as [String: String]: return table.keys.sorted().map { table[$0]! }
            default: return []
            }
        }
        func said(_ t: ReportText) -> [String] {
            [t.monthTitle("x", "y"), t.cycleRange("x", "y"), t.madeOn("x", "y"), t.transfersLeftOut(2), t.categoriesOverTime(2), t.parcel(2, 3),
             t.reviewMore(2), t.driftFinding("x", 2, "y", "z"), t.driftFinding("x", nil, "y", "z"), t.creepFinding("x", true, 2, "y", "z"),
             t.creepFinding("x", false, 2, "y", "z"), t.newRecurringFinding("x", "y"), t.concentrationFinding("x", 2, "y")]
        }
        let english = Mirror(reflecting: ReportText.english).children, portuguese = Mirror(reflecting: ReportText.portuguese).children
        var pairs: [(String, String)] = []
        for (e, p) in zip(english, portuguese) where e.label != "lang" {
            pairs += zip(texts(e.value), texts(p.value)).map { ($0, $1) }
        }
        return pairs + zip(said(ReportText.english), said(ReportText.portuguese)).map { ($0, $1) }
    }

    /// The phrases chosen by language in the source: `words("en", "pt")`, `w("en", "pt")`, `self("en", "pt")` (a
    /// ``Phrasebook``) and `== .english ? "en" : "pt"` / `== .portuguese ? "pt" : "en"`. An interpolation is read as a
    /// blank (its value is the run's data or a word said elsewhere).
    static func sourcePairs() throws -> [(english: String, portuguese: String)] {
        let sources = ResolveCommandTests.root.appendingPathComponent("Sources")
        var pairs: [(String, String)] = []
        let files = FileManager.default.enumerator(atPath: sources.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        for file in files.sorted() {
            let text = Array(try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8))
            var i = 0
            while i < text.count {
                if let (pair, end) = call(text, i) ?? choice(text, i) { pairs.append(pair); i = end } else { i += 1 }
            }
        }
        return pairs
    }

    /// `name("a", "b")` at `i` for a phrasebook's call name.
    static func call(_ text: [Character], _ i: Int) -> ((String, String), Int)? {
        for name in ["words(", "w(", "self("] where matches(text, i, name) {
            guard i == 0 || !(text[i - 1].isLetter || text[i - 1].isNumber || text[i - 1] == "_") else { return nil }
            var j = i + name.count
            guard let (a, afterA) = literal(text, skipSpace(text, j)) else { return nil }
            j = skipSpace(text, afterA)
            guard j < text.count, text[j] == "," else { return nil }
            guard let (b, afterB) = literal(text, skipSpace(text, j + 1)) else { return nil }
            j = skipSpace(text, afterB)
            guard j < text.count, text[j] == ")" else { return nil }
            return ((a, b), j + 1)
        }
        return nil
    }

    /// `.english ? "a" : "b"` or `.portuguese ? "b" : "a"` at `i`.
    static func choice(_ text: [Character], _ i: Int) -> ((String, String), Int)? {
        for (name, englishFirst) in [(".english ?", true), (".portuguese ?", false)] where matches(text, i, name) {
            guard let (a, afterA) = literal(text, skipSpace(text, i + name.count)) else { return nil }
            var j = skipSpace(text, afterA)
            guard j < text.count, text[j] == ":" else { return nil }
            guard let (b, afterB) = literal(text, skipSpace(text, j + 1)) else { return nil }
            j = afterB
            return (englishFirst ? (a, b) : (b, a), j)
        }
        return nil
    }

    static func matches(_ text: [Character], _ i: Int, _ word: String) -> Bool {
        var j = i
        for c in word {
            guard j < text.count, text[j] == c else { return false }
            j += 1
        }
        return true
    }

    static func skipSpace(_ text: [Character], _ i: Int) -> Int {
        var i = i
        while i < text.count, text[i].isWhitespace { i += 1 }
        return i
    }

    /// A one-line string literal at `i` (`"…"`, not `"""`), its interpolations read as a blank; nil when there is none.
    static func literal(_ text: [Character], _ i: Int) -> (String, Int)? {
        guard i < text.count, text[i] == "\"", !matches(text, i, "\"\"\"") else { return nil }
        var out = "", j = i + 1
        while j < text.count {
            let c = text[j]
            if c == "\"" { return (out, j + 1) }
            if c == "\n" { return nil }
            if c == "\\", j + 1 < text.count {
                let next = text[j + 1]
                if next == "(" {
                    // Skip the interpolation: balanced parentheses, string literals inside skipped whole.
                    var depth = 1, k = j + 2
                    while k < text.count, depth > 0 {
                        if text[k] == "\"", let (_, end) = literal(text, k) { k = end; continue }
                        if text[k] == "(" { depth += 1 } else if text[k] == ")" { depth -= 1 }
                        k += 1
                    }
                    out += " "
                    j = k
                    continue
                }
                out.append(next == "n" ? "\n" : next == "t" ? "\t" : next)
                j += 2
                continue
            }
            out.append(c)
            j += 1
        }
        return nil
    }

    /// The words of `text` a person reads: runs of letters, lowercased, three letters or more. A run that is part of an
    /// id, a path, a file name, a number or a code (`food.groceries`, `brand_catalog`, `brand:costco`, `PAG*SANTOS`,
    /// `/tmp/x`, `2026-10`, the values an option takes `point|comma`) is not a word of any language and is skipped; option names (`--month`) and quoted JSON field names are
    /// syntax and are removed first.
    static func words(_ text: String) -> [String] {
        // A rule (`if brand us_costco and direction out => category food.groceries`) is written in the rule language.
        let prose = text.replacingOccurrences(of: #"(?m)if [^\n]*=> [^\n;]*"#, with: " ", options: .regularExpression)
            .replacingOccurrences(of: #"--[a-z][a-z-]*"#, with: " ", options: .regularExpression)
            .replacingOccurrences(of: #"\\?"[a-z_]+\\?"\s*:"#, with: " ", options: .regularExpression)
        var words: [String] = []
        var chunk = ""
        func flush() {
            defer { chunk = "" }
            let trimmed = chunk.trimmingCharacters(in: CharacterSet(charactersIn: ".-:"))
            guard !trimmed.contains(where: { "._/*@#:|\\".contains($0) || $0.isNumber }) else { return }
            for part in trimmed.split(whereSeparator: { $0 == "-" || $0 == "'" || $0 == "’" }) where part.count >= 3 {
                words.append(part.lowercased())
            }
        }
        for c in prose {
            if c.isLetter || c.isNumber || "._/*@#:|\\-'’".contains(c) { chunk.append(c) } else { flush() }
        }
        flush()
        return words
    }

    /// The words only English writes, and the words only Portuguese writes.
    static func vocabulary() throws -> (english: Set<String>, portuguese: Set<String>) {
        var english = Set<String>(), portuguese = Set<String>()
        for pair in try pairs() {
            english.formUnion(words(pair.english))
            portuguese.formUnion(words(pair.portuguese))
        }
        return (english.subtracting(portuguese), portuguese.subtracting(english))
    }

    // MARK: The screens

    /// The words of the run's data: the statements and rows the walk records, its arguments, and what the rows say of
    /// themselves (descriptors, merchants, counterparties, accounts) — names, not garden's words.
    static func dataWords(_ screens: [(command: String, text: String)], rowsJSON: String) throws -> Set<String> {
        var data = Set<String>()
        let month = ScriptedMonthTests.folder
        for file in try FileManager.default.contentsOfDirectory(atPath: month.path) where !["README.md", "expected-totals.csv"].contains(file) {
            data.formUnion(words(try String(contentsOf: month.appendingPathComponent(file), encoding: .isoLatin1)))
        }
        for screen in screens { data.formUnion(words(screen.command)) }
        // The ids a person types (`--category education`, `budgets set lazer`): codes, not words of a language.
        let catalog = try Catalog(data: DataDirectory(root: ResolveCommandTests.root), knowledge: Precedence.knowledge(of: BuiltInResolvers.all))
        data.formUnion(catalog.taxonomy.ids.filter { !$0.contains(".") })
        data.formUnion(catalog.budgets.budgets.keys)
        // The link kinds `links --kind` takes (listed by `links --help`) and the account types `accounts type` takes.
        data.formUnion(LinkKind.allCases.map(\.rawValue))
        data.formUnion(AccountType.allCases.map(\.rawValue))
        // The labelled rows `eval` reads (their expected merchants are names).
        data.formUnion(words(OneLanguageTests.labelledRows))
        // Strings of the rows' JSON but the ones said for a person (review reasons, names of categories and budgets).
        for line in rowsJSON.split(separator: "\n") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) else { continue }
            collect(object, into: &data)
        }
        return data
    }

    /// Whether the member `key` of an object that is the member `parent` is said for a person: review reasons, and the
    /// name of a category, a budget or a guess (garden writes them in the run's language); every other string is data.
    static func forPerson(_ key: String, in parent: String) -> Bool {
        ["review_reasons", "reasons"].contains(key) || (["category", "budget", "guess"].contains(parent) && key == "name")
    }

    /// The strings of a JSON value: the data ones (`person`: false) or the ones said for a person (true).
    static func strings(_ value: Any, person: Bool, key: String = "", inside: Bool = false) -> [String] {
        switch value {
        case let object as [String: Any]: return object.flatMap { strings($1, person: person, key: $0, inside: inside || forPerson($0, in: key)) }
        case let list as [Any]: return list.flatMap { strings($0, person: person, key: key, inside: inside) }
        case let text as String: return inside == person ? [text] : []
        default: return []
        }
    }

    static func collect(_ value: Any, into data: inout Set<String>) {
        for text in strings(value, person: false) { data.formUnion(words(text)) }
    }

    /// The walk (``OneLanguageTests/screens(_:lang:)``) with `--lang`, its data words, and the words of `other` it shows.
    static func leaks(locale: String, lang: String, other: Set<String>) throws -> [(command: String, words: [String], text: String)] {
        let screens = try OneLanguageTests.screens(locale, lang: lang)
        let rows = screens.filter { $0.command.hasPrefix("rows ") && $0.command.contains("jsonl") }.map(\.text).joined(separator: "\n")
        let data = try dataWords(screens, rowsJSON: rows)
        if let dump = ProcessInfo.processInfo.environment["GARDEN_VOCABULARY_DUMP"] {
            let text = screens.map { "=== garden \($0.command)\n\($0.text)" }.joined(separator: "\n")
            try text.write(toFile: dump + "/screens-\(lang).txt", atomically: true, encoding: .utf8)
            try data.sorted().joined(separator: "\n").write(toFile: dump + "/data-\(lang).txt", atomically: true, encoding: .utf8)
        }
        return screens.compactMap { screen in
            // An hledger journal is data for programs (its account names are ledger syntax): its messages only.
            guard !screen.command.hasPrefix("export --format hledger") else { return nil }
            let found = Array(Set(words(personText(screen.text))).intersection(other).subtracting(data)).sorted()
            return found.isEmpty ? nil : (screen.command, found, screen.text)
        }
    }

    /// What a screen says to a person: a JSON line's texts for a person (``forPerson(_:in:)``), any other line whole.
    static func personText(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.hasPrefix("{"), let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) else { return String(line) }
            return strings(object, person: true).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    // MARK: Tests

    @Test func aPortugueseRunShowsNoEnglishWord() throws {
        let vocabulary = try Self.vocabulary()
        for leak in try Self.leaks(locale: "C", lang: "pt", other: vocabulary.english) {
            Issue.record("--lang pt: garden \(leak.command) shows English \(leak.words):\n\(leak.text)")
        }
    }

    @Test func anEnglishRunShowsNoPortugueseWord() throws {
        let vocabulary = try Self.vocabulary()
        for leak in try Self.leaks(locale: "pt_BR.UTF-8", lang: "en", other: vocabulary.portuguese) {
            Issue.record("--lang en: garden \(leak.command) shows Portuguese \(leak.words):\n\(leak.text)")
        }
    }

    /// The vocabulary is garden's: it holds the words of the labels the hand-picked lists of ``OneLanguageTests`` name,
    /// each on its own side, so a screen showing one of them fails here too.
    @Test func theVocabularyHoldsGardensLabels() throws {
        let vocabulary = try Self.vocabulary()
        for word in ["flagged", "examined", "guess", "unsure", "spent", "income", "remaining", "threshold", "insights"] {
            #expect(vocabulary.english.contains(word), "\(word)")
        }
        for word in ["palpite", "dúvida", "gasto", "linha", "faltam", "limiar", "sobra", "vínculo", "diário"] {
            #expect(vocabulary.portuguese.contains(word), "\(word)")
        }
        #expect(Self.words("garden undo --list: food.groceries PAG*SANTOS 2026-10 brand_catalog it's row(s)") == ["garden", "undo", "row"])
    }

    /// Money is written as the run's language writes it, whatever the locale: `R$1,234.56` on an English run,
    /// `R$ 1.234,56` on a Portuguese one (``MoneyDisplay``; budgets, report, accounts, links, review, rows).
    @Test func moneyIsWrittenInTheRunsLanguage() throws {
        for (locale, lang, other) in [("pt_BR.UTF-8", "en", #"R\$ [0-9]"#), ("C", "pt", #"R\$[0-9]"#)] {
            for screen in try OneLanguageTests.screens(locale, lang: lang) where screen.text.range(of: other, options: .regularExpression) != nil {
                Issue.record("--lang \(lang): garden \(screen.command) writes money the other language's way:\n\(screen.text)")
            }
        }
    }

    // MARK: Sentences, not codes

    /// The screens where a person reads sentences about one row or one link, under `locale` with `--lang lang`:
    /// `explain` (text) of a row decided by a brand (the brand catalog), by a keyword, by a person's name on a
    /// transfer line, by the holder's own name (`garden me`) and by a user rule; `links`; `version --sections`; the
    /// page of a month with a row garden could not categorize (its settle command); `review` of that month.
    static func sentenceScreens(locale: String, lang: String) throws -> [(command: String, text: String)] {
        let s = OneLanguageTests.LangScreen(screen: OneLanguageTests.Screen(locale: locale), lang: lang)
        let month = ScriptedMonthTests.folder
        var screens: [(String, String)] = []
        func run(_ arguments: [String], _ input: String = "", terminal: Bool = true) -> ResolveCommandTests.Run {
            let run = s.run(arguments, input, terminal: terminal)
            #expect(run.code == 0, "\(locale) \(arguments): \(run.stderr)")
            return run
        }
        func show(_ arguments: [String]) { let r = run(arguments); screens.append((arguments.joined(separator: " "), r.stdout + r.stderr)) }
        _ = run(["me", "add", "--name", "Ana Souza"])
        for (file, account) in [("itau-2026-10.ofx", nil), ("inter-2026-10.csv", "Inter"), ("nubank-card-2026-10.csv", "Nubank card")] as [(String, String?)] {
            let imported = run(["import", month.appendingPathComponent(file).path] + (account.map { ["--account", $0] } ?? []), terminal: false)
            _ = run(["resolve", "--record"], imported.stdout, terminal: false)
        }
        _ = run(["resolve", "--record"], try String(contentsOf: month.appendingPathComponent("generated-2026-03.jsonl"), encoding: .utf8), terminal: false)
        _ = run(["rules", "add", sentenceRule])
        _ = run(["resolve", "--record"], sentenceRows, terminal: false)
        _ = run(["link"])
        // The rows by what decided their category.
        var rows: [(id: String, source: String, category: String)] = []
        for line in run(["rows", "--format", "jsonl"], terminal: false).stdout.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let resolution = try #require(object["resolution"] as? [String: Any]), category = try #require(resolution["category"] as? [String: Any])
            rows.append((try #require(resolution["row_id"] as? String), try #require(category["source"] as? String), try #require(category["id"] as? String)))
        }
        for (source, category) in [("brand_catalog", nil), ("keyword", nil), ("bank_line", "transfer.person"), ("bank_line", "transfer.own"), ("user_rule", nil)] as [(String, String?)] {
            let row = try #require(rows.first { $0.source == source && (category == nil || $0.category == category) }, "a row decided by \(source) \(category ?? "")")
            show(["explain", "--id", row.id])
        }
        show(["links"])
        show(["version", "--sections"])
        _ = run(["report", "--month", "2026-10", "--out", s.folder + "/october.html"])
        screens.append(("report --month 2026-10 (the page)", OneLanguageTests.pageText(try String(contentsOfFile: s.folder + "/october.html", encoding: .utf8))))
        show(["review", "--month", "2026-10"])
        return screens
    }

    /// The user rule of ``sentenceScreens(locale:lang:)`` and the rows it records: one the rule decides, one garden
    /// cannot categorize (the page's settle command then shows the category placeholder).
    static let sentenceRule = #"if description "padaria do teste" => category food.restaurants"#
    static let sentenceRows = #"{"id":"r1","date":"2026-10-27","description":"PADARIA DO TESTE","amount":-12.50,"account":"Itau"}"# + "\n"
        + #"{"id":"u1","date":"2026-10-26","description":"XKQZ 4471","amount":-80.00,"account":"Itau"}"#

    /// The codes `text` shows where a person reads a sentence: a confidence as a bare number (`0.9`, not `90 %`), a
    /// resolver's id (`brand_catalog`) outside the first column of `explain`'s precedence table (a table of codes);
    /// on a Portuguese screen also a direction, flow or merchant kind written as its code (`out`, `expense`, `chain`),
    /// an English word of `version --sections` and a value placeholder in English (`CATEGORY`, not `CATEGORIA`).
    static func codes(in text: String, portuguese: Bool) -> [String] {
        let prose = codeColumnsRemoved(text)
        func matches(_ pattern: String) -> [String] {
            let regex = try! NSRegularExpression(pattern: pattern)
            return regex.matches(in: prose, range: NSRange(prose.startIndex..., in: prose)).map { String(prose[Range($0.range, in: prose)!]) }
        }
        // Not money: `R$0.95` (English), `R$ 1.000,00` (Portuguese thousands), `R$ 1.500` (a chart's axis).
        var found = matches(#"(?<![0-9.,$\w])(?<!\$ )[01]\.[0-9]+(?![0-9.])(?!,[0-9])(?! ?%)"#)
        let resolverIDs = BuiltInResolvers.all.map(\.id.name)
        found += matches(#"\b("# + resolverIDs.filter { $0.contains("_") }.joined(separator: "|") + #")\b"#)
        if portuguese {
            let english: Set<String> = ["out", "expense", "income", "transfer", "refund", "chain", "government", "person", "bank", "unknown",
                                        "sections", "owner", "files", "derived", "from", "with"]
            found += words(prose).filter { english.contains($0) || (resolverIDs.contains($0) && !["mcc", "cnae"].contains($0)) }
            found += matches(#"(?<![\w-])("# + PlaceholderWords.words.filter { $0.key != $0.value }.keys.sorted().joined(separator: "|") + #")(?![\w-])"#)
        }
        return found
    }

    /// `text` without the columns of codes of its tables: the resolver ids of `explain`'s precedence table and the
    /// section ids and owners (a resolver's id, `analysis`, `engine`) of `version --sections` (ids a developer reads,
    /// the same in both languages, as the option names are).
    static func codeColumnsRemoved(_ text: String) -> String {
        text.replacingOccurrences(of: #"(?m)^(  [0-9]+ +)[a-z_]+"#, with: "$1", options: .regularExpression)
            .replacingOccurrences(of: #"(?m)^  [a-z_]+ +[a-z_]+ +([0-9]+ )"#, with: "  $1", options: .regularExpression)
    }

    /// `explain`, `links`, `version --sections`, the report's page and `review` say directions, flows, kinds,
    /// resolvers and confidences as words of the run's language, not as codes (issue 36, "no mixed screens"; the
    /// lead's pass on main 2026-12-03: "direção out, fluxo expense", "de brand_catalog", a bare "0.4", "chain",
    /// `links`' bare 0.87, `version --sections` in English, the report's `CATEGORY` in a Portuguese page).
    @Test(arguments: [("C", "pt"), ("pt_BR.UTF-8", "en")])
    func sentencesSayNoCodes(locale: String, lang: String) throws {
        for screen in try Self.sentenceScreens(locale: locale, lang: lang) {
            let codes = Self.codes(in: screen.text, portuguese: lang == "pt")
            #expect(codes.isEmpty, "--lang \(lang): garden \(screen.command) shows codes \(codes):\n\(screen.text)")
        }
    }

    /// The same screens hold no word of the other language's vocabulary (``vocabulary()``).
    @Test func sentenceScreensShowOneLanguage() throws {
        let vocabulary = try Self.vocabulary()
        for (locale, lang, other) in [("C", "pt", vocabulary.english), ("pt_BR.UTF-8", "en", vocabulary.portuguese)] {
            let screens = try Self.sentenceScreens(locale: locale, lang: lang)
            // The run's data: the statements (the generated month read as the UTF-8 it is), the account names the walk
            // gives (`--account "Nubank card"`), its rule and rows.
            let generated = try String(contentsOf: ScriptedMonthTests.folder.appendingPathComponent("generated-2026-03.jsonl"), encoding: .utf8)
            let data = try Self.dataWords(screens, rowsJSON: "").union(Self.words(generated + "\nNubank card\n" + Self.sentenceRows))
            for screen in screens {
                let found = Array(Set(Self.words(Self.personText(Self.codeColumnsRemoved(screen.text)))).intersection(other).subtracting(data)).sorted()
                #expect(found.isEmpty, "--lang \(lang): garden \(screen.command) shows the other language's \(found):\n\(screen.text)")
            }
        }
    }

    /// With no `--lang`, `LC_ALL` decides over `LANG` (POSIX order: `LC_ALL`, `LC_MESSAGES`, `LANG`).
    @Test func lcAllDecidesOverLang() throws {
        let s = OneLanguageTests.Screen(locale: "C")
        let english = s.run(["rules", "list"])
        #expect(english.stdout == "no rules\n")
        let portuguese = s.run(["rules", "list"], variables: ["LC_ALL": "pt_BR.UTF-8"])
        #expect(portuguese.stdout == "nenhuma regra\n")
        let back = OneLanguageTests.Screen(locale: "pt_BR.UTF-8").run(["rules", "list"], variables: ["LC_ALL": "C"])
        #expect(back.stdout == "no rules\n")
    }
}
