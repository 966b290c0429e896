import Foundation
import Testing
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands
import GardenFoundation

/// Argument mistakes a new user makes: an option whose value is missing, a folder given as the input file.
struct ArgumentHandlingTests {
    @Test(arguments: [
        (["--rule", "--db", "x.db"], "--rule needs a value, got the option --db"),
        (["--since", "--dry-run"], "--since needs a value, got the option --dry-run"),
    ])
    func aValuedOptionDoesNotSwallowTheNextOption(arguments: [String], message: String) {
        let error = #expect(throws: CommandLineOptions.UsageError.self) {
            try CommandLineOptions(arguments, valued: ["--rule", "--db", "--since"], flags: ["--dry-run"])
        }
        #expect(error?.description == message)
    }

    @Test func valuesThatAreNotOptionsStillParse() throws {
        let options = try CommandLineOptions(["--utc-offset", "-03:00", "--merchant", "-", "--rule=--odd", "--x", "--"],
                                             valued: ["--utc-offset", "--merchant", "--rule", "--x"], flags: [])
        #expect(options.value("--utc-offset") == "-03:00")
        #expect(options.value("--merchant") == "-")
        #expect(options.value("--rule") == "--odd")
        #expect(options.value("--x") == "--")
    }

    @Test func recategorizeWithAMissingRuleIsAUsageError() {
        let run = ResolveCommandTests.run(["recategorize", "--rule", "--db", "/nonexistent/garden.db"], "")
        #expect(run.code == Exit.usage)
        #expect(run.stderr.contains("--rule needs a value, got the option --db"))
    }

    @Test(arguments: [["resolve"], ["import"]])
    func aFolderAsTheInputFileIsNamedAndExit66(command: [String]) {
        let folder = FileManager.default.temporaryDirectory.path
        let run = ResolveCommandTests.run(command + [folder], "")
        #expect(run.code == Exit.noInput)
        #expect(run.stderr.contains("cannot open \(folder): Is a directory"), "\(run.stderr)")
    }

    @Test func aMissingInputFileSaysWhy() {
        let run = ResolveCommandTests.run(["resolve", "/no/such/garden-input.jsonl"], "")
        #expect(run.code == Exit.noInput)
        #expect(run.stderr.contains("cannot open /no/such/garden-input.jsonl: No such file or directory"))
    }

    @Test(arguments: [
        ["recategorize", "--dry-run", "2026-10-01"], ["budgets", "--month", "2026-10", "2026-11"], ["links", "3"],
        ["explain", "--id", "r1", "extra"], ["teach", "--id", "r1", "--category", "home.rent", "extra"],
    ])
    func aStrayArgumentIsRefusedNotIgnored(arguments: [String]) {
        let run = ResolveCommandTests.run(arguments + ["--db", "/nonexistent/garden.db"], "")
        #expect(run.code == Exit.usage)
        #expect(run.stderr.contains("garden: \(arguments[0]): unexpected argument \"\(arguments.last!)\""), "\(run.stderr)")
    }
}
