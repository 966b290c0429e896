import Foundation
import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenResolvers
import GardenStore

/// What a command runs with: its arguments, standard streams and environment variables. Tests pass
/// memory streams; the executable passes the process's own.
public struct Environment {
    public var stdin: ByteInput
    public var stdout: ByteOutput
    public var stderr: ByteOutput
    public var variables: [String: String]
    /// Whether stderr is a terminal (progress is shown only then).
    public var stderrIsTerminal: Bool
    /// Whether stdout is a terminal (commands that list rows print a table then, data lines in a pipe).
    public var stdoutIsTerminal = false
    /// The time the store writes (journal entries, rules, ledger rows, the registry's import log) and
    /// `rules export` prints: the system clock; tests fix it.
    public var clock: WallClock
    /// Seconds on a clock that only moves forward (progress lines time themselves with it); tests step it.
    public var monotonic: @Sendable () -> Double = Environment.systemMonotonic
    /// Whether the process ends when the command returns (the executable; not tests): the catalog is
    /// then never freed, since taking apart its thousands of strings and arrays at exit cost a tenth of
    /// a short command's instructions (`explain`, `teach`).
    public var endsWithCommand = false
    /// What the command committed to the store (``CommittedChanges``), for the message when its report is lost.
    public let committed = CommittedChanges()
    /// The shipped catalog, loaded once per command (``loadCatalog(_:)``): a write transaction that re-resolves
    /// rows reuses it and loads only the user's state (``userKnowledge(_:_:storedRules:userBudgets:)``).
    let catalogs = LoadedCatalogs()
    /// The run's one language for every label, note and summary a command prints (issue 36): `--lang`, else the
    /// locale (``CommandSupport/language(_:_:)``); set by the command line once the options are parsed.
    package var words = Phrasebook(.english)
    /// The language of error and usage messages (``MessageWords``): the run's when it was chosen (`--lang` or a
    /// locale), English when nothing names one (the messages garden has always written there).
    package var messages = Language.english

    public init(stdin: ByteInput, stdout: ByteOutput, stderr: ByteOutput, variables: [String: String], stderrIsTerminal: Bool = false,
                clock: WallClock = .system) {
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
        self.variables = variables
        self.stderrIsTerminal = stderrIsTerminal
        self.clock = clock
    }

    /// The system's monotonic clock, in seconds (`CLOCK_MONOTONIC`).
    public static let systemMonotonic: @Sendable () -> Double = {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Writes `garden: message` and a newline to stderr, in the language of ``messages``.
    /// A CPF in the message (an argument, a rule, a row) is masked.
    public func complain(_ message: String) {
        // Said in the run's language when one was chosen (``MessageWords``; English as written).
        write(MessageWords.text(message, messages), masking: { CPFScrubber.scrub($0, plainDigits: false) })
    }

    /// Writes `garden: message` to stderr for a message garden composed of fields each already as the store keeps
    /// them (account names, counts: the `resolve --record` summary): only CPFs are masked, since a count after an
    /// account named `CSV account` would otherwise read as an account number (issue 33).
    public func complainComposed(_ message: String) {
        write(message, masking: { CPFScrubber.scrubCPF($0, plainDigits: false) })
    }

    /// `garden: ` and `message` masked by `mask`, ended by one line break whether or not the message brought its own.
    private func write(_ message: String, masking mask: (String) -> String) {
        var text = Substring(message)
        while text.last == "\n" { text = text.dropLast() }
        stderr.write("garden: \(mask(String(text)))\n")
    }

    /// The shipped catalog: data from `--data` / `$GARDEN_DATA` / the installed resources, read once per command
    /// (the compiled image, when one fits, is mapped; never rebuilt for a change of the user's rules or budgets).
    public func loadCatalog(_ options: CommandLineOptions) throws(DataError) -> Catalog {
        let data = try DataDirectory.locate(explicit: options.value("--data"), environment: variables)
        if let loaded = catalogs.catalog(for: data.root.path) { return loaded }
        let catalog = try Catalog(data: data, cacheDirectory: cacheDirectory, knowledge: Precedence.knowledge(of: BuiltInResolvers.all))
        if endsWithCommand { _ = Unmanaged.passRetained(catalog) }
        catalogs.keep(catalog, for: data.root.path)
        return catalog
    }

    /// The user's knowledge over `catalog`: the rule files of `~/.config/garden/rules/*.rules` (or
    /// `$GARDEN_RULES_DIR`; none with `--no-user-rules`) and every `--rules FILE`, then `storedRules` (the store's,
    /// `garden rules add` and taught), and `userBudgets` (the store's `garden budgets set`).
    /// - Throws: ``DataError`` for a rule file that is missing (66) or a rule that does not parse (78).
    public func userKnowledge(_ options: CommandLineOptions, _ catalog: Catalog, storedRules: [(id: String, text: String)] = [],
                              userBudgets: UserBudgets = UserBudgets()) throws(DataError) -> UserKnowledge {
        var ruleFiles: [(name: String, text: String)] = []
        if !options.flag("--no-user-rules") {
            let directory = variables["GARDEN_RULES_DIR"] ?? ((variables["HOME"] ?? NSHomeDirectory()) + "/.config/garden/rules")
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".rules") }.sorted()
            for name in names {
                let path = directory + "/" + name
                ruleFiles.append((path, try Self.ruleFile(path)))
            }
        }
        for path in options.all("--rules") {
            ruleFiles.append((path, try Self.ruleFile(path)))
        }
        return try UserKnowledge(catalog: catalog, ruleFiles: ruleFiles, storedRules: storedRules, userBudgets: userBudgets)
    }

    /// The user's knowledge with what `store` holds (its rules and budgets; none without a store).
    package func userKnowledge(_ options: CommandLineOptions, _ catalog: Catalog, store: Store?) throws -> UserKnowledge {
        try userKnowledge(options, catalog, storedRules: try store?.rules().map { (id: $0.ruleID, text: $0.text) } ?? [],
                          userBudgets: try store?.userBudgets() ?? UserBudgets())
    }

    /// A rule file's text: one that is not there or cannot be read is a missing input
    /// (``DataError/isMissing``, exit 66); one that is not UTF-8 is a bad rule file (78).
    package static func ruleFile(_ path: String) throws(DataError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot read the rule file" : "no such rule file"
            throw DataError(file: path, line: 0, reason, missing: true)
        }
        guard let text = String(data: data, encoding: .utf8) else { throw DataError(file: path, line: 0, "the rule file is not UTF-8") }
        return text
    }

    /// Where the compiled catalog is cached: `$GARDEN_CACHE_DIR` (empty: no cache), else
    /// `$XDG_CACHE_HOME/garden`, else `~/.cache/garden`.
    package var cacheDirectory: String? {
        if let explicit = variables["GARDEN_CACHE_DIR"] { return explicit.isEmpty ? nil : explicit }
        if let xdg = variables["XDG_CACHE_HOME"], !xdg.isEmpty { return xdg + "/garden" }
        return (variables["HOME"] ?? NSHomeDirectory()) + "/.cache/garden"
    }

    /// The pipeline with the built-in precedence and the threshold from `--threshold`; `user`: the user's rules and
    /// budgets (nil: garden as shipped).
    public func pipeline(_ catalog: Catalog, _ options: CommandLineOptions, user: UserKnowledge? = nil,
                         learned: any LearnedState = EmptyLearnedState()) throws(CommandLineOptions.UsageError) -> Pipeline {
        var threshold = Confidence(perMille: 600)
        if let text = options.value("--threshold") {
            guard let value = Confidence(text) else { throw .init(description: "--threshold needs a number in [0, 1], got \(text)") }
            threshold = value
        }
        return Pipeline(catalog: catalog, user: user, resolvers: BuiltInResolvers.all, threshold: threshold, learned: learned)
    }
}
