import Foundation
import Testing
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands
import GardenStore
import GardenSQLite
import GardenLedger
import GardenLinkStore
import GardenSnapshot

/// The golden CLI cases (`Golden/*.case`, format in ``GoldenCase``): each runs its steps in-process in a
/// scratch folder and must print exactly the expected stdout and stderr and exit with the expected
/// status. `GARDEN_GOLDEN_UPDATE=1 swift test --filter GoldenCLITests` rewrites the case files with what
/// garden prints now (review the diff before committing it); without it any difference fails.
struct GoldenCLITests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static var caseNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".case") }.sorted()
    }

    @Test func thereAreGoldenCases() {
        #expect(Self.caseNames.count >= 40)
    }

    @Test(arguments: caseNames)
    func golden(_ file: String) throws {
        let url = Self.folder.appendingPathComponent(file)
        var golden = try GoldenCase(name: file, text: String(contentsOf: url, encoding: .utf8))
        // No digits in the folder's name: a run of them could read as a CPF and be masked in the output.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("garden-golden-" + UUID().uuidString.filter(\.isLetter))
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let root = ResolveCommandTests.root.path
        func substitute(_ text: String) -> String {
            text.replacingOccurrences(of: "$TMP", with: scratch.path).replacingOccurrences(of: "$ROOT", with: root)
        }
        for file in golden.files {
            let path = scratch.appendingPathComponent(file.name)
            try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
            try substitute(file.text).write(to: path, atomically: true, encoding: .utf8)
        }
        let update = ProcessInfo.processInfo.environment["GARDEN_GOLDEN_UPDATE"] == "1"
        for (index, step) in golden.steps.enumerated() {
            if let operation = step.operation {
                try Self.perform(operation.map(substitute), in: scratch.path)
                continue
            }
            let actual = Self.run(step, substitute, scratch: scratch.path)
            if update {
                golden.steps[index] = actual
                continue
            }
            let command = "$ garden " + step.arguments.joined(separator: " ")
            #expect(actual.stdout == step.stdout, "\(file): stdout of \(command)")
            #expect(actual.stderr == step.stderr, "\(file): stderr of \(command)")
            #expect(actual.status == step.status, "\(file): exit status of \(command)")
        }
        if update { try golden.text.write(to: url, atomically: true, encoding: .utf8) }
    }

    /// A file operation step (``GoldenCase/Step/operation``), paths relative to the scratch folder.
    static func perform(_ operation: [String], in scratch: String) throws {
        func path(_ name: String) -> String { name.hasPrefix("/") ? name : scratch + "/" + name }
        switch (operation.first, operation.count) {
        case ("rm", 2): try FileManager.default.removeItem(atPath: path(operation[1]))
        case ("cp", 3): try FileManager.default.copyItem(atPath: path(operation[1]), toPath: path(operation[2]))
        case ("truncate", 3):
            guard let size = off_t(operation[2]), truncate(path(operation[1]), size) == 0 else {
                throw GoldenCase.CaseError("cannot truncate \(operation[1]) to \(operation[2]) bytes")
            }
        default: throw GoldenCase.CaseError("unknown file operation: \(operation.joined(separator: " "))")
        }
    }

    /// Runs one step in-process: the store and the registry in the scratch folder, no user rules, a
    /// fixed clock; the scratch folder's and the checkout's paths in the output written back as `$TMP` and `$ROOT`.
    static func run(_ step: GoldenCase.Step, _ substitute: (String) -> String, scratch: String) -> GoldenCase.Step {
        let out = MemoryOutput()
        let err = MemoryOutput()
        var variables = ["GARDEN_DATA": ResolveCommandTests.root.path, "GARDEN_RULES_DIR": "/nonexistent", "HOME": scratch,
                         "GARDEN_CACHE_DIR": ResolveCommandTests.cacheDirectory, "GARDEN_DB": scratch + "/garden.db"]
        for variable in step.variables { variables[variable.name] = substitute(variable.value) }
        var env = Environment(stdin: MemoryInput(Array(substitute(step.stdin).utf8)), stdout: out, stderr: err, variables: variables,
                              clock: .fixed(Date(timeIntervalSince1970: 1_790_000_000)))
        // `GARDEN_TEST_TERMINAL=1 garden …`: stderr taken for a terminal, on a clock that moves half a second
        // each time it is read, so progress lines are drawn as on a terminal, the same every run.
        // `GARDEN_TEST_STDOUT_TERMINAL=1 garden …`: stdout taken for a terminal (what a person sees, not a pipe).
        if variables["GARDEN_TEST_STDOUT_TERMINAL"] == "1" { env.stdoutIsTerminal = true }
        if variables["GARDEN_TEST_TERMINAL"] == "1" {
            env.stderrIsTerminal = true
            let clock = SteppingClock(step: 0.5)
            env.monotonic = { clock.next() }
        }
        let status = GardenCommandLine.run(step.arguments.map(substitute), env)
        var actual = step
        let root = ResolveCommandTests.root.path
        actual.stdout = out.text.replacingOccurrences(of: scratch, with: "$TMP").replacingOccurrences(of: root, with: "$ROOT")
        actual.stderr = err.text.replacingOccurrences(of: scratch, with: "$TMP").replacingOccurrences(of: root, with: "$ROOT")
        // A terminal's control characters shown as their pictures (⏎ a carriage return, ␛ an escape).
        if variables["GARDEN_TEST_TERMINAL"] == "1" {
            actual.stderr = actual.stderr.replacingOccurrences(of: "\r", with: "⏎").replacingOccurrences(of: "\u{1B}", with: "␛")
            // A case file's block ends with a line break; a cleared progress line ends without one.
            if !actual.stderr.isEmpty, !actual.stderr.hasSuffix("\n") { actual.stderr += "\n" }
        }
        actual.status = status
        return actual
    }
}

/// A clock for tests that moves `step` seconds each time it is read.
final class SteppingClock: @unchecked Sendable {
    private let lock = NSLock()
    private var now = 0.0
    private let step: Double

    init(step: Double) { self.step = step }

    func next() -> Double {
        lock.lock()
        defer { lock.unlock() }
        now += step
        return now
    }
}
