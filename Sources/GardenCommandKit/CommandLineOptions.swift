import GardenFoundation
/// The command line after the command name: `--flag`, `--option value` / `--option=value`, and
/// positional arguments.
public struct CommandLineOptions {
    /// A usage error: exit 64.
    public struct UsageError: Error, CustomStringConvertible {
        public var description: String

        package init(description: String) { self.description = description }
    }

    package var values: [String: [String]] = [:]
    package var flags: Set<String> = []
    public private(set) var positional: [String] = []

    /// Parses `arguments`; `valued` lists the options that take a value.
    public init(_ arguments: [String], valued: Set<String>, flags known: Set<String>) throws(UsageError) {
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            if argument == "--" {
                positional.append(contentsOf: arguments[(i + 1)...])
                break
            }
            if argument.hasPrefix("--") || (argument.hasPrefix("-") && argument.count == 2 && argument != "-") {
                var name = argument
                var inline: String?
                if let eq = argument.firstIndex(of: "=") {
                    name = String(argument[..<eq])
                    inline = String(argument[argument.index(after: eq)...])
                }
                if valued.contains(name) {
                    if let inline {
                        values[name, default: []].append(inline)
                    } else {
                        guard i + 1 < arguments.count else { throw UsageError(description: "\(name) needs a value") }
                        // `recategorize --rule --db X` is a missing value, not a rule named "--db" (`--rule=--db` still is).
                        let next = arguments[i + 1]
                        guard !(next.hasPrefix("--") && next.count > 2) else { throw UsageError(description: "\(name) needs a value, got the option \(next)") }
                        values[name, default: []].append(arguments[i + 1])
                        i += 1
                    }
                } else if known.contains(name) {
                    flags.insert(name)
                } else {
                    throw UsageError(description: "unknown option \(name)")
                }
            } else {
                positional.append(argument)
            }
            i += 1
        }
    }

    /// Parses `arguments` against a command's declared options (``Command/options``).
    package init(_ arguments: [String], declared: [CommandOption]) throws(UsageError) {
        try self.init(arguments, valued: Set(declared.filter { $0.value != nil }.map(\.name)),
                      flags: Set(declared.filter { $0.value == nil }.map(\.name)))
    }

    /// Throws a usage error (exit 64) naming the first positional argument beyond the `count` a command
    /// takes: a command rejects what it does not understand.
    public func rejectPositional(_ command: String, beyond count: Int = 0) throws(UsageError) {
        if positional.count > count { throw UsageError(description: "\(command): unexpected argument \"\(positional[count])\"") }
    }

    /// Removes and returns the first positional argument (a command's verb: `rules list`, `me add`), so
    /// options may come before or after it.
    public mutating func shift() -> String? {
        positional.isEmpty ? nil : positional.removeFirst()
    }

    public func value(_ name: String) -> String? { values[name]?.last }
    public func all(_ name: String) -> [String] { values[name] ?? [] }
    public func flag(_ name: String) -> Bool { flags.contains(name) }
}

extension CommandLineOptions.UsageError: GardenFailure {
    /// What a command does not understand: 64, said with the command's usage line.
    public var exitCode: Int32 { Exit.usage }
}
