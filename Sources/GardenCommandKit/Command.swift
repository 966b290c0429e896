import Foundation
import GardenFoundation
import GardenCatalog
/// The option groups commands share (`Group.store`, …): ``CommandOption/Group``.
package typealias Group = CommandOption.Group

/// A `garden` command: its name, what it takes, the options it understands (declared once; the parser
/// and the help both read them) and what it does. ``GardenCommandLine`` parses the arguments against
/// ``options``, rejects an unknown option or a stray argument (exit 64), answers `--help` from the
/// declaration, and maps the errors ``run(_:_:)`` throws to messages and exit codes
/// (``CommandSupport/run(_:usage:_:)``).
///
/// ## Implementing
/// ```swift
/// enum HelloCommand: Command {
///     static let name = "hello"
///     static let summary = "says hello"
///     static let about = "Says hello to --name."
///     static let options = [CommandOption("--name", "NAME", "who to greet")] + Group.store
///     static func run(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
///         env.stdout.write("hello \(options.value("--name") ?? "you")\n")
///         return Exit.ok
///     }
/// }
/// ```
/// and a line in ``GardenCommandLine/commands``.
package protocol Command {
    /// The word after `garden`.
    static var name: String { get }
    /// What the usage line shows after the name besides `[options]`: `[FILE]`, `list | add RULE`.
    static var arguments: String { get }
    /// One line for `garden`'s list of commands.
    static var summary: String { get }
    /// The help's description (lines without indentation; the help indents them).
    static var about: String { get }
    /// Every option the command understands.
    static var options: [CommandOption] { get }
    /// How many positional arguments it takes (nil: it checks them itself, as verbs do).
    static var maximumArguments: Int? { get }
    /// Whether what it prints is garden's own text, so a CPF in it is masked whatever a row held.
    static var masksOutput: Bool { get }
    /// Runs the command with its parsed options; returns the exit code.
    static func run(_ options: CommandLineOptions, _ env: Environment) throws -> Int32
}

extension Command {
    package static var arguments: String { "" }
    package static var maximumArguments: Int? { 0 }
    package static var masksOutput: Bool { false }

    /// `usage: garden NAME ARGUMENTS [options]`.
    package static var usageLine: String { usageLine(.english) }

    /// The usage line in `language` (`uso: garden NAME ARGUMENTS [opções]`): the arguments are syntax, their placeholders said
    /// in the language (``PlaceholderWords/said(_:_:)``).
    package static func usageLine(_ language: Language) -> String {
        "\(HelpWords.usage(language)): garden \(name)" + (arguments.isEmpty ? "" : " " + PlaceholderWords.said(arguments, language))
            + (options.isEmpty ? "" : " [\(HelpWords.optionsWord(language))]")
    }

    /// ``options`` with `--lang`, which every command understands (one language per run, issue 36): the
    /// declaration the parser and the help read.
    package static var declaredOptions: [CommandOption] {
        options.contains { $0.name == Group.language.name } ? options : options + [Group.language]
    }

    /// The help in English (``help(_:)``).
    package static var help: String { help(.english) }

    /// The help in `language` (issue 36: a Portuguese run's `--help` is Portuguese, ``HelpWords``): the usage line,
    /// the description, then each option with its value and help.
    package static func help(_ language: Language) -> String {
        var out = usageLine(language) + "\n"
        for line in HelpWords.about(name, about, language).split(separator: "\n", omittingEmptySubsequences: false) { out += "  \(line)\n" }
        let options = declaredOptions
        guard !options.isEmpty else { return out }
        let labels = options.map { $0.name + ($0.value.map { " " + PlaceholderWords.said($0, language) } ?? "") }
        let width = min(labels.map(\.count).max() ?? 0, 26) + 2
        out += HelpWords.optionsWord(language) + ":\n"
        for (label, option) in zip(labels, options) {
            let padded = label.count < width ? label.padding(toLength: width, withPad: " ", startingAt: 0) : label + "  "
            out += "  \(padded)\(HelpWords.option(option.help, language))\n"
        }
        return out
    }
}
