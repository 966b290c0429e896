import Foundation
import Testing
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands

/// The journals `garden export` writes of a store made from the examples pass their own tools' checks:
/// `hledger -f FILE check --strict` (hledger is a Debian package; `.ci/run` installs it) and `bean-check`,
/// each when it is installed.
struct ExportCheckTests {
    /// An executable on `$PATH`, if there is one.
    static func tool(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static let hledger = tool("hledger")
    static let beanCheck = tool("bean-check")

    /// Exports the examples' store in `format` into a file; returns its path and the export's stderr.
    static func export(_ format: String, suffix: String) throws -> (scratch: String, file: String, stderr: String) {
        let scratch = try TransactionsViewTests.examplesStore()
        let step = GoldenCLITests.run(GoldenCase.Step(arguments: ["export", "--format", format]), { $0 }, scratch: scratch)
        #expect(step.status == 0)
        let file = scratch + "/ledger." + suffix
        try step.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        return (scratch, file, step.stderr)
    }

    /// Runs a tool; returns its exit status and what it printed.
    static func run(_ executable: String, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    @Test(.enabled(if: hledger != nil, "hledger is not installed"))
    func theHledgerJournalPassesHledgerCheck() throws {
        let (scratch, file, stderr) = try Self.export("hledger", suffix: "journal")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let (status, output) = try Self.run(Self.hledger!, ["-f", file, "check", "--strict"])
        #expect(status == 0, "hledger check: \(output)")
        // Every row with a date and an amount is one transaction (three US rows of the examples have no date).
        let (_, printed) = try Self.run(Self.hledger!, ["-f", file, "print"])
        #expect(printed.components(separatedBy: "; row_id:").count - 1 == 185 - stderr.split(separator: "\n").count)
        #expect(stderr.split(separator: "\n").count == 3)
    }

    @Test(.enabled(if: beanCheck != nil, "beancount is not installed"))
    func theBeancountLedgerPassesBeanCheck() throws {
        let (scratch, file, _) = try Self.export("beancount", suffix: "beancount")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let (status, output) = try Self.run(Self.beanCheck!, [file])
        #expect(status == 0, "bean-check: \(output)")
    }
}
