import Foundation

/// One golden CLI case file (`Golden/*.case`), in the hledger shelltest style: files the case writes
/// first, then steps run in order in one scratch folder, each with its arguments, stdin, expected
/// stdout, stderr and exit status.
///
/// ```
/// # a comment (kept when the expectations are regenerated)
/// === rules.rules            a file written into the scratch folder ($TMP) before the steps
/// category food.coffee if description contains "cafe"
/// $ garden resolve --rules $TMP/rules.rules
/// <<<
/// {"description":"CAFE X","amount":-1}
/// >>>
/// (expected stdout)
/// >>>2
/// (expected stderr)
/// >>>= 0
/// ```
/// `GARDEN_TEST_STDOUT_TERMINAL=1` before `garden` runs the step with stdout taken for a terminal, `GARDEN_TEST_TERMINAL=1`
/// with stderr so (progress lines drawn).
/// A step may instead change the scratch folder between commands, as a user's shell would: `$ rm FILE`,
/// `$ cp FROM TO`, `$ truncate FILE BYTES` (paths relative to `$TMP`); such a step prints nothing.
/// `$TMP` (the case's scratch folder) and `$ROOT` (the package) are substituted in arguments, stdin and
/// files, and the scratch folder's path in the output is written back as `$TMP`. A missing `>>>` or
/// `>>>2` block expects nothing on that stream; every block ends with a line break.
struct GoldenCase: CustomStringConvertible {
    struct Step {
        var arguments: [String]
        /// A file operation instead of a garden command (`rm`, `cp`, `truncate` and their operands).
        var operation: [String]?
        /// Environment variables set for this step (`$ GARDEN_BUSY_TIMEOUT=x garden …`).
        var variables: [(name: String, value: String)] = []
        var stdin = ""
        var stdout = ""
        var stderr = ""
        var status: Int32 = 0
    }

    var name: String
    var comments: [String] = []
    var files: [(name: String, text: String)] = []
    var steps: [Step] = []

    var description: String { name }

    /// The case file's blocks: the marker a line starts and the text collected under it.
    private enum Block { case none, file(Int), stdin, stdout, stderr }

    init(name: String, text: String) throws {
        self.name = name
        var block = Block.none
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        for line in lines {
            if line.hasPrefix("#"), case .none = block {
                comments.append(line)
            } else if line.hasPrefix("=== ") {
                files.append((String(line.dropFirst(4)), ""))
                block = .file(files.count - 1)
            } else if line.hasPrefix("$ ") {
                steps.append(try Self.step(String(line.dropFirst(2)), in: name))
                block = .none
            } else if line == "<<<" {
                block = .stdin
            } else if line == ">>>" {
                block = .stdout
            } else if line == ">>>2" {
                block = .stderr
            } else if line.hasPrefix(">>>= ") {
                guard let status = Int32(line.dropFirst(5)), !steps.isEmpty else { throw CaseError("\(name): bad status line \(line)") }
                steps[steps.count - 1].status = status
                block = .none
            } else {
                try append(line, to: block)
            }
        }
    }

    /// A step's command line: `NAME=value` words, then `garden`, then the arguments.
    private static func step(_ line: String, in name: String) throws -> Step {
        var words = try words(line)
        var variables: [(name: String, value: String)] = []
        while let first = words.first, first != "garden", let eq = first.firstIndex(of: "=") {
            variables.append((String(first[..<eq]), String(first[first.index(after: eq)...])))
            words.removeFirst()
        }
        if let first = words.first, variables.isEmpty, ["rm", "cp", "truncate"].contains(first) {
            return Step(arguments: [], operation: words)
        }
        guard words.first == "garden" else { throw CaseError("\(name): a step runs garden (or rm, cp, truncate): \(line)") }
        var step = Step(arguments: Array(words.dropFirst()))
        step.variables = variables
        return step
    }

    private mutating func append(_ line: String, to block: Block) throws {
        let last = steps.count - 1
        switch block {
        case .file(let index): files[index].text += line + "\n"
        case .stdin where last >= 0: steps[last].stdin += line + "\n"
        case .stdout where last >= 0: steps[last].stdout += line + "\n"
        case .stderr where last >= 0: steps[last].stderr += line + "\n"
        default: if !line.isEmpty { throw CaseError("\(name): a line outside any block: \(line)") }
        }
    }

    /// The case file again, with each step's expectations as given (what `GARDEN_GOLDEN_UPDATE=1` writes).
    var text: String {
        var out = comments.map { $0 + "\n" }.joined()
        for file in files { out += "=== \(file.name)\n" + file.text }
        for step in steps {
            if let operation = step.operation {
                out += "$ " + operation.map(Self.quoted).joined(separator: " ") + "\n"
                continue
            }
            out += "$ " + step.variables.map { "\($0.name)=\(Self.quoted($0.value)) " }.joined()
            out += "garden" + step.arguments.map { " " + Self.quoted($0) }.joined() + "\n"
            if !step.stdin.isEmpty { out += "<<<\n" + step.stdin }
            if !step.stdout.isEmpty { out += ">>>\n" + Self.terminated(step.stdout) }
            if !step.stderr.isEmpty { out += ">>>2\n" + Self.terminated(step.stderr) }
            out += ">>>= \(step.status)\n"
        }
        return out
    }

    private static func terminated(_ text: String) -> String { text.hasSuffix("\n") ? text : text + "\n" }

    /// Splits a command line into words: spaces separate, single quotes keep a word whole.
    static func words(_ line: String) throws -> [String] {
        var words: [String] = []
        var current: String?
        var quoted = false
        for character in line {
            if character == "'" {
                quoted.toggle()
                current = current ?? ""
            } else if character == " ", !quoted {
                if let word = current { words.append(word) }
                current = nil
            } else {
                current = (current ?? "") + String(character)
            }
        }
        guard !quoted else { throw CaseError("unbalanced quote in \(line)") }
        if let word = current { words.append(word) }
        return words
    }

    static func quoted(_ word: String) -> String {
        word.isEmpty || word.contains(" ") || word.contains("\"") ? "'\(word)'" : word
    }

    struct CaseError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
