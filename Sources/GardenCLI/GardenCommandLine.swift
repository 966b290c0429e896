import GardenCore

/// The `garden` command line: `garden <command> [options]`. The executable only calls ``run(_:_:)``.
public enum GardenCommandLine {
    /// The engine's version.
    public static let version = "0.1.0"

    static let usage = """
    usage: garden <command> [options]
    commands:
      resolve     JSON lines in, JSON lines out with "resolution" added (the main job)
      import      OFX/QFX, bank CSV, Pluggy and Open Finance files in, canonical resolve lines out
      eval FILE   accuracy of resolve against labelled rows (../shared/dev format)
      teach       learn from a correction (--id ID or a row on stdin, --category ID)
      explain     why a row got its result (--id ID or a row on stdin; --json)
      recategorize  re-resolve recorded rows (--dry-run, --diff, --since, --rule)
      rules       list | add | remove | lint | export | import
      snapshot    a compact copy of the learned state for resolve --read-only (--db PATH --out FILE)
      link        link recorded rows: transfer pairs, refunds, IOF, racha, installment plans, recurring (--since, --dry-run)
      links       the links found (--kind K, --json, --id ROW, --accept N, --reject N)
      budgets     a month's net cost per budget (--month YYYY-MM, --json, --installments at-purchase)
      undo        revert the last teach, recategorize, rules, me or link change (--list: history)
      me          add | list: the holder's own names, documents and accounts
      registry    import PATH... | lookup CNPJ: the Receita Federal company registry (Dados Abertos CNPJ)
      categories  the category ids (with names and default budgets) and the budget ids
      version     engine and catalog versions (also --version)
    run "garden <command> --help" for a command's options.
    """

    /// Each command's usage, for `garden COMMAND --help`.
    static let usages: [String: String] = [
        "resolve": ResolveCommand.usage,
        "import": ImportCommand.usage,
        "eval": EvalCommand.usage,
        "teach": TeachCommand.usage,
        "explain": ExplainCommand.usage,
        "recategorize": RecategorizeCommand.usage,
        "rules": RulesCommand.usage,
        "snapshot": SnapshotCommand.usage,
        "link": LinkCommand.usage,
        "links": LinksCommand.usage,
        "budgets": BudgetsCommand.usage,
        "undo": "usage: garden undo [--list] [--db PATH]\n  Reverts the last teach, recategorize, rules, me or link change; --list shows the history.",
        "me": "usage: garden me add [--name NAME] [--document CPF|CNPJ] [--account ACCOUNT] | garden me list   [--db PATH]\n  Your own names, documents (kept as HMAC-SHA256 + mask) and accounts: Pix/TED to or from them is transfer.own.",
        "registry": RegistryCommand.usage,
        "categories": "usage: garden categories [--lang en]\n  Lists category ids with their names and default budgets, then the budgets.",
        "version": "usage: garden version (or --version)",
    ]

    /// Runs a command; returns the process exit code.
    public static func run(_ arguments: [String], _ env: Environment) -> Int32 {
        guard let command = arguments.first else {
            env.stderr.write(usage + "\n")
            return Exit.usage
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h"), let help = usages[command] {
            env.stdout.write(help + "\n")
            return Exit.ok
        }
        var env = env
        if ["teach", "explain", "recategorize", "rules", "undo", "me"].contains(command) {
            // What these print is garden's own text: no CPF in it, whatever the row or argument held.
            env.stdout = ScrubbingOutput(env.stdout)
        }
        switch command {
        case "categories": return CategoriesCommand.run(rest, env)
        case "resolve": return ResolveCommand.run(rest, env)
        case "import": return ImportCommand.run(rest, env)
        case "eval": return EvalCommand.run(rest, env)
        case "teach": return TeachCommand.run(rest, env)
        case "explain": return ExplainCommand.run(rest, env)
        case "recategorize": return RecategorizeCommand.run(rest, env)
        case "rules": return RulesCommand.run(rest, env)
        case "snapshot": return SnapshotCommand.run(rest, env)
        case "link": return LinkCommand.run(rest, env)
        case "links": return LinksCommand.run(rest, env)
        case "budgets": return BudgetsCommand.run(rest, env)
        case "undo": return UndoCommand.run(rest, env)
        case "me": return MeCommand.run(rest, env)
        case "registry": return RegistryCommand.run(rest, env)
        case "version", "--version", "-V": return VersionCommand.run(rest, env)
        case "help", "--help", "-h":
            env.stdout.write(usage + "\n")
            return Exit.ok
        default:
            env.complain("unknown command \"\(command)\"\n\(usage)")
            return Exit.usage
        }
    }
}
