import Foundation
import Testing
@testable import GardenCLI
@testable import GardenCommandKit

/// One language per run (issue 36: "`LANG=pt_BR.UTF-8` and `LANG=C` runs show one language each on every command"):
/// the scripted month and a review load recorded, then every command that prints names or labels run under each
/// locale, its stdout and stderr held to a list of the labels garden prints in the other language.
struct OneLanguageTests {
    /// Labels and names garden prints on an English screen; none may show on a Portuguese one.
    static let english = [
        "row(s)", "group(s)", "spent ", "; income ", "budgets 20", "net cost", "installments per-month", "transfers with persons", "neutral, between",
        "commitments due", "parcel ", "limit R$", "cycles start", "to review", "unsure:", "guess ", "settle:", "e.g.",
        "examined", "link(s) added", "applied", "journal entry", "undo reverts", "dry run", "no --month given", "the latest month",
        "recorded ", "flagged", "by account", "rows read as", "not shown on a terminal", "taught:", "merchant memory", "proposed rule",
        "corrected row", "accepted ", "nothing to", "no rules", "precedence", "threshold", "no proposal", "descriptor", "wrote ",
        "low confidence", "sells many kinds", "read from the descriptor only", "added to me", "categories (id", "default budget",
        // evidence, correction scope, link evidence, journal summaries (the sentences the engine and the matchers write)
        "not taken", "comes first", "below the threshold", "matched \"", "consistent correction", "weighed most", "day(s) after",
        "payments monthly", "mirrored amount", "end-to-end", "card bill payment", "remaining", "recorded for this row alone",
        "too many people", "resolved again", "of the review queue", "is one merchant with", "money in from", "a person's name",
        // error and usage messages
        "unknown ", "needs a", "no ledger row", "did you mean", "usage:", "[options]", "must be", "is no group", ", got ",
        "no such", "give the", "cannot ",
        // category and budget names
        "Groceries", "Eating out", "Subscriptions", "Fees and interest", "Housing", "Health\"", "Unbudgeted", "Restaurants and bars",
    ]

    /// Labels and names garden prints on a Portuguese screen; none may show on an English one.
    static let portuguese = [
        "linha(s)", "grupo(s)", "gasto ", "receita", "orçamento", "custo líquido", "transferências com pessoas", "neutro, entre",
        "compromissos", "parcela ", "limite ", "os ciclos", "categorias", "a revisar", "dúvida:", "palpite", "resolver:", "ex.:",
        "examinada", "vínculo", "aplicado", "diário", "desfaz", "simulação", "sem --month", "último mês",
        "registrada", "por conta", "linhas lidas", "não aparecem", "ensinado:", "memória", "regra proposta",
        "corrigida", "aceitas", "nada a", "nenhuma regra", "precedência", "limiar", "nenhuma proposta", "descrição", "gravado",
        "confiança baixa", "vende de tudo", "lido só da descrição", "adicionado a me",
        // evidence, correction scope, link evidence, journal summaries
        "não escolhida", "vem antes", "abaixo do limiar", "casou \"", "correção(ões) coerente", "pesaram mais", "dia(s) depois",
        "pagamentos mensais", "valor espelhado", "fim a fim", "de fatura e o crédito", "faltam", "só para esta linha", "gente demais",
        "de novo depois de teach", "da fila de revisão", "um só estabelecimento com", "entrada de", "nome de pessoa",
        // error and usage messages
        "desconhecid", "precisa de", "nenhuma linha", "você quis dizer", "uso:", "[opções]", "deve ser", "não é um grupo", ", veio ",
        "não existe", "dê o", "não consigo",
        // category and budget names
        "Comer fora", "Assinaturas", "Tarifas e juros", "Moradia", "Fora do planejamento", "Restaurantes e bares", "Beleza e cuidados",
    ]

    /// A scratch store and a runner with a locale.
    final class Screen {
        let folder = NSTemporaryDirectory() + "garden-lang-\(UUID().uuidString)"
        let locale: String

        init(locale: String) {
            self.locale = locale
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }

        /// Runs `arguments` with `LANG` set to the screen's locale (an empty one: no locale variable at all); stdout
        /// taken for a terminal when `terminal`.
        /// `variables`: more environment (`LC_ALL`), over the screen's.
        func run(_ arguments: [String], _ input: String = "", terminal: Bool = true, variables: [String: String] = [:]) -> ResolveCommandTests.Run {
            let out = MemoryOutput(), err = MemoryOutput()
            var env = Environment(stdin: MemoryInput(input), stdout: out, stderr: err,
                                  variables: ["GARDEN_DATA": ResolveCommandTests.root.path, "GARDEN_RULES_DIR": "/nonexistent", "HOME": folder,
                                              "GARDEN_DB": folder + "/garden.db", "GARDEN_CACHE_DIR": ResolveCommandTests.cacheDirectory]
                                      .merging(locale.isEmpty ? [:] : ["LANG": locale]) { $1 }.merging(variables) { $1 },
                                  clock: .fixed(Date(timeIntervalSince1970: 1_792_497_600)))
            env.stdoutIsTerminal = terminal
            return ResolveCommandTests.Run(code: GardenCommandLine.run(arguments, env), stdout: out.text, stderr: err.text)
        }

        deinit { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// Every command's screen under `locale`: the month recorded, then each command in the order a person uses them.
    /// `lang`: `--lang` given to every command too (it wins over the locale); the report's page is a screen of its own
    /// (its HTML's text), and the history is listed again after changes made by a run of the other language.
    static func screens(_ locale: String, lang: String? = nil) throws -> [(command: String, text: String)] {
        let base = Screen(locale: locale)
        let s = LangScreen(screen: base, lang: lang)
        let month = ScriptedMonthTests.folder
        var screens: [(String, String)] = []
        func show(_ arguments: [String], _ input: String = "", terminal: Bool = true) -> ResolveCommandTests.Run {
            let run = s.run(arguments, input, terminal: terminal)
            #expect(run.code == 0, "\(locale) \(arguments): \(run.stderr)")
            screens.append((arguments.joined(separator: " "), run.stdout + run.stderr))
            return run
        }
        _ = show(["me", "add", "--name", "Ana Souza"])
        for (file, account) in [("itau-2026-10.ofx", nil), ("inter-2026-10.csv", "Inter"), ("nubank-card-2026-10.csv", "Nubank card")] as [(String, String?)] {
            let imported = show(["import", month.appendingPathComponent(file).path] + (account.map { ["--account", $0] } ?? []), terminal: false)
            _ = show(["resolve", "--record"], imported.stdout)
        }
        let load = try String(contentsOf: month.appendingPathComponent("generated-2026-03.jsonl"), encoding: .utf8)
        _ = s.run(["resolve", "--record"], load, terminal: false)
        _ = show(["import", month.appendingPathComponent("itau-2026-10.ofx").path])
        _ = show(["link"])
        _ = show(["links"])
        _ = show(["budgets"])
        _ = show(["budgets", "--month", "2026-03"])
        _ = show(["budgets", "set", "mercado", "--limit", "900"])
        _ = show(["budgets", "list"])
        _ = show(["review", "--month", "2026-03"])
        let flagged = s.run(["rows", "--month", "2026-03", "--flagged", "--format", "jsonl"], terminal: false).stdout
        let first = try #require(flagged.split(separator: "\n").first)
        let resolution = try #require((try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])?["resolution"] as? [String: Any])
        let id = try #require(resolution["row_id"] as? String)
        _ = show(["rows", "--month", "2026-10"])
        _ = show(["explain", "--id", id])
        _ = show(["teach", "--id", id, "--category", "food.groceries"])
        _ = show(["explain", "--id", id])
        _ = show(["row", "correct", id, "--category", "food.restaurants"])
        _ = show(["review", "accept", "1"])
        _ = show(["recategorize", "--dry-run"])
        _ = show(["recategorize"])
        _ = show(["merchants", "--forms", "1"])
        _ = show(["rules", "list"])
        _ = show(["categories"])
        _ = show(["report", "--out", s.folder + "/october.html"])
        let page = try String(contentsOfFile: s.folder + "/october.html", encoding: .utf8)
        screens.append(("report (the page)", pageText(page)))
        _ = show(["rows", "--format", "jsonl"], terminal: false)
        _ = show(["review", "--month", "2026-03", "--json"], terminal: false)
        // A correction that stays with its row (a surname alone), then the history and its undo.
        _ = show(["resolve", "--record"], #"{"id":"s1","date":"2026-10-28","description":"PAG*SANTOS","amount":-50.00,"account":"Itau"}"#)
        _ = show(["teach", "--id", "s1", "--category", "transfer.person"])
        _ = show(["me", "list"])
        _ = show(["accounts"])
        _ = show(["undo", "--list"])
        _ = show(["undo"])
        // Changes made by a run of the other language, then the history and an undo in this one.
        if let lang {
            let other = lang == "pt" ? "en" : "pt"
            _ = base.run(["budgets", "set", "lazer", "--limit", "250", "--lang", other])
            _ = base.run(["budgets", "set", "lazer", "--limit", "none", "--lang", other])
            _ = base.run(["recategorize", "--lang", other])
            _ = base.run(["resolve", "--record", "--lang", other], #"{"id":"x1","date":"2026-10-29","description":"PAYPAL *FARMACIA ESTRELA","amount":-42.10,"account":"Itau"}"#)
            _ = show(["undo", "--list"])
            _ = show(["undo"])
            _ = show(["rows", "--text", "farmacia", "--format", "jsonl"], terminal: false)
            _ = show(["explain", "--id", "x1"])
        }
        _ = show(["export", "--format", "hledger", "--month", "2026-10"])
        _ = show(["version"])
        _ = show(["snapshot", "--out", s.folder + "/learned.snap"])
        // eval's report with a miss (its descriptor in no language: the misses quote the rows as the bank wrote them).
        let labelled = s.folder + "/labelled.jsonl"
        try labelledRows.write(toFile: labelled, atomically: true, encoding: .utf8)
        _ = show(["eval", labelled, "--by", "source"])
        // Refusals and usage errors: what a person mistyping sees.
        for arguments in [["budgets", "--month", "2026-13"], ["teach", "--id", "nope", "--category", "food.groceries"],
                          ["teach", "--id", id, "--category", "Mercadx"], ["rows", "--format", "xml"], ["review", "accept", "999"],
                          ["links", "--accept", "999"], ["budgets", "set", "mercdo", "--limit", "5"], ["explain", "--id", "nope"],
                          ["export", "--format", "xls"], ["resolve", "--jobs", "0"], ["frobnicate"], ["budgets", "--bogus"],
                          ["rules", "list", "extra"], ["import", s.folder + "/missing.csv"], ["row", "correct"], ["teach", "--id", id],
                          ["registry", "lookup", "12345678000190"], ["install"], ["eval"]] {
            let run = s.run(arguments)
            #expect(run.code != 0, "\(locale) \(arguments) should be refused")
            screens.append((arguments.joined(separator: " "), run.stdout + run.stderr))
        }
        // Each command's own help (`garden X --help`, `garden help X`), and a help refused.
        for command in GardenCommandLine.commands {
            _ = show([command.name, "--help"])
        }
        _ = show(["help", "review"])
        for arguments in [["rows", "--help", "extra"], ["help", "frobnicate"], ["accounts", "frobnicate"], ["accounts", "type", "Inter", "credit-card"]] {
            let run = s.run(arguments)
            #expect(run.code != 0, "\(locale) \(arguments) should be refused")
            screens.append((arguments.joined(separator: " "), run.stdout + run.stderr))
        }
        return screens
    }

    /// Two labelled rows for `eval`, one it misses.
    static let labelledRows = #"{"id":"l1","description":"Uber *Trip","amount":-23.9,"source":"s1","collection":"1","expected":{"merchant":"Uber","kind":"online","category":"transport.rideshare"}}"# + "\n"
        + #"{"id":"l2","description":"PAG*VELOZNET","amount":-99.9,"source":"s2","collection":"1","expected":{"merchant":"Veloz Net","kind":"chain","category":"home.telecom"}}"# + "\n"

    /// A ``Screen`` whose every command gets `--lang` (none: the locale decides).
    struct LangScreen {
        let screen: Screen
        let lang: String?
        var folder: String { screen.folder }

        func run(_ arguments: [String], _ input: String = "", terminal: Bool = true) -> ResolveCommandTests.Run {
            screen.run(arguments + (lang.map { ["--lang", $0] } ?? []), input, terminal: terminal)
        }
    }

    /// The text a person reads on a page: its HTML without the style sheet, scripts, tags and attributes, entities read.
    static func pageText(_ html: String) -> String {
        html.replacingOccurrences(of: #"(?s)<style.*?</style>"#, with: " ", options: .regularExpression)
            .replacingOccurrences(of: #"(?s)<script.*?</script>"#, with: " ", options: .regularExpression)
            .replacingOccurrences(of: #"<[^>]*>"#, with: " ", options: .regularExpression)
            .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&nbsp;", with: " ")
    }

    /// The words of `list` found in `text`, option names and quoted JSON field names (`--flagged`, `--threshold`,
    /// `"descriptor"`: syntax, the same in both languages) left out.
    static func found(_ list: [String], in text: String) -> [String] {
        // A JSON line's data (the rows' own fields, a provider's category) is no label: only its texts for a person.
        let prose = UIVocabularyTests.personText(text).replacingOccurrences(of: #"--[a-z][a-z-]*"#, with: "--", options: .regularExpression)
            .replacingOccurrences(of: #"\\?"[a-z_]+\\?""#, with: "\"\"", options: .regularExpression)
        return list.filter { prose.contains($0) }
    }

    @Test func aPortugueseLocaleShowsNoEnglishLabel() throws {
        for (command, text) in try Self.screens("pt_BR.UTF-8") {
            #expect(Self.found(Self.english, in: text).isEmpty, "pt_BR: garden \(command) shows \(Self.found(Self.english, in: text)):\n\(text)")
        }
    }

    @Test func theCLocaleShowsNoPortugueseLabel() throws {
        for (command, text) in try Self.screens("C") {
            #expect(Self.found(Self.portuguese, in: text).isEmpty, "C: garden \(command) shows \(Self.found(Self.portuguese, in: text)):\n\(text)")
        }
    }

    /// No locale at all (`env -u LANG -u LC_ALL -u LC_MESSAGES`) is read as `LANG=C`: names, labels and messages all
    /// English (before, labels were Portuguese while messages were English).
    @Test func noLocaleShowsNoPortugueseLabel() throws {
        for (command, text) in try Self.screens("") {
            #expect(Self.found(Self.portuguese, in: text).isEmpty, "no locale: garden \(command) shows \(Self.found(Self.portuguese, in: text)):\n\(text)")
        }
    }

    /// `accounts` writes its balances as the run's language writes money (ICU: en-US `R$1,234.56`, pt-BR
    /// `R$ 1.234,56`), as budgets and the report do.
    @Test func accountsWriteMoneyInTheRunsLanguage() throws {
        for (locale, form, other) in [("C", #"R\$[0-9]{1,3}(,[0-9]{3})*\.[0-9]{2}"#, #"R\$ "#), ("pt_BR.UTF-8", #"R\$ [0-9]{1,3}(\.[0-9]{3})*,[0-9]{2}"#, #"R\$[0-9]"#)] {
            let s = Screen(locale: locale)
            let month = ScriptedMonthTests.folder
            let imported = s.run(["import", month.appendingPathComponent("inter-2026-10.csv").path, "--account", "Inter"], terminal: false)
            #expect(s.run(["resolve", "--record"], imported.stdout, terminal: false).code == 0)
            let accounts = s.run(["accounts"]).stdout
            #expect(accounts.range(of: form, options: .regularExpression) != nil, "\(locale): \(accounts)")
            #expect(accounts.range(of: other, options: .regularExpression) == nil, "\(locale): \(accounts)")
        }
    }

    /// The word lists are labels garden prints: each shows in some screen of its own language (so the test can fail).
    @Test func eachListIsWhatItsOwnLanguagePrints() throws {
        let english = try Self.screens("C").map(\.text).joined(separator: "\n")
        let portuguese = try Self.screens("pt_BR.UTF-8").map(\.text).joined(separator: "\n")
        let unseenEnglish = Self.english.filter { !english.contains($0) }
        let unseenPortuguese = Self.portuguese.filter { !portuguese.contains($0) }
        #expect(unseenEnglish.count <= Self.english.count / 4, "English labels never printed: \(unseenEnglish)")
        #expect(unseenPortuguese.count <= Self.portuguese.count / 4, "Portuguese labels never printed: \(unseenPortuguese)")
    }

    /// `--lang` is understood by every command, and wins over the locale.
    @Test func everyCommandTakesLang() throws {
        for command in GardenCommandLine.commands {
            #expect(command.declaredOptions.contains { $0.name == "--lang" }, "\(command.name)")
        }
        let s = Screen(locale: "pt_BR.UTF-8")
        let help = s.run(["categories", "--lang", "en"])
        #expect(help.stdout.hasPrefix("categories (id, name, default budget):"), "\(help.stdout.prefix(80))")
        #expect(s.run(["rules", "list", "--lang", "en"]).stdout == "no rules\n")
        #expect(s.run(["rules", "list"]).stdout == "nenhuma regra\n")
    }
}
