#if canImport(Glibc)
import Glibc
import GardenCommandKit
import GardenStoreCommands
import GardenFoundation
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

    /// `garden`'s usage: each command with its summary.
    static var usage: String {
        var out = "usage: garden <command> [options]\ncommands:\n"
        for command in commands {
            out += "  " + command.name.padding(toLength: 13, withPad: " ", startingAt: 0) + " " + command.summary + "\n"
        }
        return out + "run \"garden <command> --help\" for a command's options."
    }

    /// The command named `name` (`--version` and `-V` are `version`).
    static func command(named name: String) -> (any Command.Type)? {
        if name == "--version" || name == "-V" { return VersionCommand.self }
        return commands.first { $0.name == name }
    }

    /// `garden help|--help|-h [COMMAND]`: garden's usage, or one command's help; anything else is a
    /// usage error (64).
    static func help(_ rest: [String], _ env: Environment) -> Int32 {
        guard let first = rest.first else {
            env.stdout.write(usage + "\n")
            return Exit.ok
        }
        guard rest.count == 1, let command = command(named: first) else {
            let stray = rest.count == 1 ? "unknown command \"\(first)\"" : "unexpected argument \"\(rest[1])\""
            env.complain("help: \(stray)\nusage: garden help [COMMAND]")
            return Exit.usage
        }
        env.stdout.write(command.help)
        return Exit.ok
    }

    /// The exit code of a run whose command returned `code`: when writing stdout failed for another
    /// reason than a closed reader (a full disk), the output is incomplete: exit 74 with the reason on
    /// stderr, whatever the command returned, and, when the command had committed a change to the store,
    /// that the change was made and only its report was lost (``CommittedChanges``). A closed pipe
    /// (`| head`) stays quiet.
    public static func finished(_ code: Int32, _ env: Environment) -> Int32 {
        guard let failure = (env.stdout as? FileOutput)?.failure else { return code }
        env.complain("cannot write the output: \(String(cString: strerror(failure)))")
        if !env.committed.isEmpty { env.complain(env.committed.lostReportMessage) }
        return Exit.ioError
    }

    /// Runs a command; returns the process exit code.
    public static func run(_ arguments: [String], _ env: Environment) -> Int32 {
        guard let name = arguments.first else {
            env.stderr.write(usage + "\n")
            return Exit.usage
        }
        if ["help", "--help", "-h"].contains(name) { return help(Array(arguments.dropFirst()), env) }
        guard let command = command(named: name) else {
            env.complain("unknown command \"\(name)\"\n\(usage)")
            return Exit.usage
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            // Help stands alone: anything beside it is not understood, so it is refused (64), never ignored.
            guard let stray = rest.first(where: { $0 != "--help" && $0 != "-h" }) else {
                env.stdout.write(command.help)
                return Exit.ok
            }
            env.complain("\(command.name): --help takes no other argument, got \"\(stray)\"; run garden \(command.name) --help\n\(command.usageLine)")
            return Exit.usage
        }
        var env = env
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
