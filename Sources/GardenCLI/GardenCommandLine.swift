#if canImport(Glibc)
import Glibc
import GardenCommandKit
import GardenStoreCommands
import GardenFoundation
import GardenCatalog
#endif

/// The `garden` command line: `garden <command> [options]`. The executable only calls ``run(_:_:)``
/// and ``finished(_:_:)``.
public enum GardenCommandLine {
    /// The engine's version.
    public static let version = "0.1.0"

    /// Every command, in the order `garden` lists them.
    static var commands: [any Command.Type] { [
        ResolveCommand.self, ImportCommand.self, EvalCommand.self, TeachCommand.self, ExplainCommand.self,
        RecategorizeCommand.self, RulesCommand.self, SnapshotCommand.self, LinkCommand.self, LinksCommand.self,
        BudgetsCommand.self, ReportCommand.self, ReviewCommand.self, RowsCommand.self, ExportCommand.self, RowCommand.self, MerchantsCommand.self, UndoCommand.self, MeCommand.self, AccountsCommand.self, RegistryCommand.self, CategoriesCommand.self, InstallCommand.self, VersionCommand.self,
    ] }

    /// `garden`'s usage: each command with its summary, in `language` (issue 36: a Portuguese run lists the
    /// commands in Portuguese; a command's own `--help` too, ``Command/help(_:)``).
    static func usage(_ language: Language = .english) -> String {
        let w = Phrasebook(language)
        var out = w("usage: garden <command> [options]\ncommands:\n", "uso: garden <comando> [opções]\ncomandos:\n")
        for command in commands {
            let summary = language == .portuguese ? portugueseSummaries[command.name] ?? command.summary : command.summary
            out += "  " + command.name.padding(toLength: 13, withPad: " ", startingAt: 0) + " " + summary + "\n"
        }
        return out + w("run \"garden <command> --help\" for a command's options.", "rode \"garden <comando> --help\" para as opções de um comando.")
    }

    /// What each command does, in Portuguese, for ``usage(_:)``.
    static let portugueseSummaries = [
        "resolve": "linhas JSON entram, as mesmas saem com \"resolution\" (a tarefa principal)",
        "import": "arquivos OFX/QFX, CSV de banco, Pluggy e Open Finance entram, linhas canônicas para resolve saem",
        "eval": "acurácia do resolve contra linhas rotuladas (formato de ../shared/dev)",
        "teach": "aprender com uma correção (--id ID ou uma linha na entrada, --category ID)",
        "explain": "por que uma linha teve seu resultado (--id ID ou uma linha na entrada; --json)",
        "recategorize": "resolver de novo as linhas registradas (--dry-run, --diff, --since, --rule)",
        "rules": "list | add | remove | lint | export | import",
        "snapshot": "uma cópia compacta do que foi aprendido para resolve --read-only (--db CAMINHO --out ARQUIVO)",
        "link": "vincular linhas registradas: transferências, reembolsos, IOF, racha, parcelamentos, recorrentes (--since, --dry-run)",
        "links": "os vínculos encontrados (--kind K, --json, --id LINHA, --accept N, --reject N)",
        "budgets": "o custo líquido de um mês por orçamento contra seu limite; set, remove, list dos orçamentos",
        "report": "o mês num relance numa página HTML (--month AAAA-MM, --months N, --out ARQUIVO, --lang)",
        "review": "as linhas a revisar, por estabelecimento e motivo da dúvida, com o teach que resolve cada grupo; aceitar os palpites",
        "rows": "listar e buscar linhas registradas (mês, conta, categoria, estabelecimento, texto, valor, a revisar)",
        "export": "o registro em linhas JSON, CSV, diário hledger ou beancount (--format, --month, --since)",
        "row": "delete | correct: apagar linhas registradas, ou corrigir a entrada de uma e resolvê-la de novo (no diário)",
        "merchants": "as identidades de estabelecimento com suas formas impressas (merge CHAVE --into CHAVE, split CHAVE)",
        "undo": "desfazer a última mudança de teach, recategorize, rules, merchants, me ou link (--list: histórico)",
        "me": "add | remove | list: os nomes, documentos e contas do titular",
        "accounts": "listar as contas (linhas, datas, saldo); renomear uma; definir seu tipo",
        "registry": "import CAMINHO... | lookup CNPJ: o cadastro de empresas da Receita Federal (Dados Abertos CNPJ)",
        "categories": "os ids de categoria (com nomes e orçamentos padrão) e os ids de orçamento",
        "install": "copiar garden e seus dados para um prefixo (bin/garden, share/garden)",
        "version": "versões do motor e do catálogo (também --version)",
    ]

    /// The command named `name` (`--version` and `-V` are `version`).
    static func command(named name: String) -> (any Command.Type)? {
        if name == "--version" || name == "-V" { return VersionCommand.self }
        return commands.first { $0.name == name }
    }

    /// `garden help|--help|-h [COMMAND]`: garden's usage, or one command's help; anything else is a
    /// usage error (64).
    static func help(_ rest: [String], _ env: Environment) -> Int32 {
        guard let first = rest.first else {
            env.stdout.write(usage(env.messages) + "\n")
            return Exit.ok
        }
        guard rest.count == 1, let command = command(named: first) else {
            let stray = rest.count == 1 ? "unknown command \"\(first)\"" : "unexpected argument \"\(rest[1])\""
            env.complain("help: \(stray)\nusage: garden help [COMMAND]")
            return Exit.usage
        }
        env.stdout.write(command.help(env.messages))
        return Exit.ok
    }

    /// The exit code of a run whose command returned `code`: when writing stdout failed for another
    /// reason than a closed reader (a full disk), the output is incomplete: exit 74 with the reason on
    /// stderr, whatever the command returned, and, when the command had committed a change to the store,
    /// that the change was made and only its report was lost (``CommittedChanges``). A closed pipe
    /// (`| head`) stays quiet.
    public static func finished(_ code: Int32, _ env: Environment) -> Int32 {
        guard let failure = (env.stdout as? FileOutput)?.failure else { return code }
        var env = env
        env.messages = chosenLanguage([], env) ?? .english
        env.complain("cannot write the output: \(String(cString: strerror(failure)))")
        if !env.committed.isEmpty { env.complain(env.committed.lostReportMessage) }
        return Exit.ioError
    }

    /// The language of a run's messages before its options are read (a refusal of them too): a readable
    /// `--lang pt|en` among `arguments`, else the locale (``CommandSupport/language(_:_:)``).
    /// Nil when neither names one.
    static func chosenLanguage(_ arguments: [String], _ env: Environment) -> Language? {
        for (index, argument) in arguments.enumerated() {
            let code = argument.hasPrefix("--lang=") ? String(argument.dropFirst("--lang=".count))
                : argument == "--lang" && index + 1 < arguments.count ? arguments[index + 1] : nil
            if let code, let language = Language(code: code) { return language }
        }
        guard ["LC_ALL", "LC_MESSAGES", "LANG"].contains(where: { env.variables[$0].map { !$0.isEmpty } == true }),
              let none = try? CommandLineOptions([], valued: [], flags: []) else { return nil }
        return try? CommandSupport.language(none, env)
    }

    /// `arguments` without a readable `--lang pt|en` (`--lang=pt`): the one option help takes (issue 36: every
    /// command takes `--lang`, its help too). An unreadable one stays, to be refused.
    static func withoutLanguage(_ arguments: [String]) -> [String] {
        var out: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument.hasPrefix("--lang="), Language(code: String(argument.dropFirst("--lang=".count))) != nil { index += 1; continue }
            if argument == "--lang", index + 1 < arguments.count, Language(code: arguments[index + 1]) != nil { index += 2; continue }
            out.append(argument)
            index += 1
        }
        return out
    }

    /// The verbs `command`'s usage line names (`set`, `remove`, `list` of `budgets`; `accept` of `review`): its
    /// lower-case words, placeholders being upper-case.
    static func verbs(of command: any Command.Type) -> Set<String> {
        Set(command.arguments.split { !($0.isASCII && $0.isLetter) }.map(String.init).filter { $0.allSatisfy(\.isLowercase) })
    }

    /// Runs a command; returns the process exit code.
    public static func run(_ arguments: [String], _ env: Environment) -> Int32 {
        var env = env
        let chosen = chosenLanguage(arguments, env)
        env.words = Phrasebook(chosen ?? .english)
        env.messages = chosen ?? .english
        guard let name = arguments.first else {
            env.stderr.write(usage(env.messages) + "\n")
            return Exit.usage
        }
        if ["help", "--help", "-h"].contains(name) { return help(withoutLanguage(Array(arguments.dropFirst())), env) }
        guard let command = command(named: name) else {
            env.complain("unknown command \"\(name)\"\n" + usage(env.messages))
            return Exit.usage
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            // Help stands alone but for the language it is said in (`--lang pt`): anything else beside it is not
            // understood, so it is refused (64), never ignored.
            // A verb of the command's usage line (`budgets set --help`, `rules list -h`) asks for the command's help too
            // (newuser36 item 13: `budgets set --help` was refused).
            var others = withoutLanguage(rest).filter { $0 != "--help" && $0 != "-h" }
            if let first = others.first, verbs(of: command).contains(first) { others.removeFirst() }
            guard let stray = others.first else {
                env.stdout.write(command.help(env.messages))
                return Exit.ok
            }
            env.complain("\(command.name): --help takes no other argument, got \"\(stray)\"; run garden \(command.name) --help\n\(command.usageLine)")
            return Exit.usage
        }
        // What these print is garden's own text: no CPF in it, whatever the row or argument held.
        if command.masksOutput { env.stdout = ScrubbingOutput(env.stdout) }
        return CommandSupport.run(env, usage: command.usageLine) {
            let options = try CommandLineOptions(rest, declared: command.declaredOptions)
            if let limit = command.maximumArguments { try options.rejectPositional(command.name, beyond: limit) }
            var env = env
            env.words = Phrasebook(try CommandSupport.language(options, env))
            return try command.run(options, env)
        }
    }
}
