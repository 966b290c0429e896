/// One option a command declares (``Command/options``): its name, the value it takes (nil: a flag)
/// and one line of help. The parser (``CommandLineOptions``) and the help text both come from it.
package struct CommandOption: Sendable {
    /// `--db`.
    package var name: String
    /// The value's placeholder in the help (`PATH`, `pt|en`), or nil for a flag.
    package var value: String?
    /// One line of help.
    package var help: String

    package init(_ name: String, _ value: String? = nil, _ help: String) {
        self.name = name
        self.value = value
        self.help = help
    }

    /// The groups commands share, declared once.
    package enum Group {
        /// garden's data folder alone.
        package static let dataFolder = CommandOption("--data", "DIR", "garden's data (Rules/, Brands/, CNAE/); else $GARDEN_DATA, else the installed data")
        /// What resolving reads besides the store: the data folder, rule files and the threshold.
        package static let data = [
            dataFolder,
            CommandOption("--rules", "FILE", "a rule file, besides ~/.config/garden/rules/*.rules (repeatable)"),
            CommandOption("--no-user-rules", nil, "leave out ~/.config/garden/rules (or $GARDEN_RULES_DIR)"),
            CommandOption("--threshold", "0.60", "the confidence a proposal needs to decide a row"),
        ]
        /// The store.
        package static let store = [CommandOption("--db", "PATH", "the store; else $GARDEN_DB, else ~/.local/share/garden/garden.db")]
        /// The company registry.
        package static let registry = [
            CommandOption("--registry", "PATH", "the company registry; else $GARDEN_REGISTRY, else registry.db beside the store"),
            CommandOption("--chain-threshold", "N", "active establishments of one CNPJ root that make a chain (default 10)"),
        ]
        /// Rows on a terminal too (`import`, `resolve --record`): without it a terminal gets only the summary.
        package static let verbose = CommandOption("--verbose", nil, "write the rows on a terminal too (piped, they are always written)")
        /// The language of category and budget names.
        package static let language = CommandOption("--lang", "pt|en", "names, labels and notes in Portuguese or English; else from LC_ALL, LC_MESSAGES or LANG (pt_BR: Portuguese; another, C or none: English)")
    }
}
