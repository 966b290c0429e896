import Foundation
import Testing
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands

/// `garden eval` scores against labels; and one smoke test of the real binary.
struct EvalAndBinaryTests {
    @Test func evalScoresMerchantKindCategoryAndReview() throws {
        let rows = [
            #"{"id":"a","description":"NETFLIX.COM","amount":-39.9,"expected":{"merchant":"Netflix","kind":"online","category":"subscriptions","label_confidence":"high"}}"#,
            #"{"id":"b","description":"XKCD QWERTY","amount":-5,"expected":{"merchant":null,"kind":"local","category":"other","label_confidence":"medium"}}"#,
            #"{"id":"c","description":"UBER *TRIP","amount":-9,"expected":{"merchant":"Uber (trip)","kind":"online","category":["food.delivery","transport"],"label_confidence":"high"}}"#,
            #"{"id":"d","description":"SPOTIFY","amount":-9,"expected":{"merchant":"Deezer","kind":"chain","category":"food","label_confidence":"high"}}"#,
            #"{"id":"e","description":"SPOTIFY","amount":-9,"expected":{"merchant":"Spotify","kind":"online","category":"subscriptions","label_confidence":"low"}}"#,
        ]
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("garden-eval-\(UUID().uuidString).jsonl").path
        try rows.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = ResolveCommandTests.run(["eval", path], "")
        #expect(result.code == 0)
        #expect(result.stdout.contains("high+medium labels: 4 rows"))
        #expect(result.stdout.contains("merchant                    66.7% (2/3)"))
        #expect(result.stdout.contains("category                    75.0% (3/4)"))
        #expect(result.stdout.contains("kind                        75.0% (3/4)"))
        #expect(result.stdout.contains("all labels: 5 rows"))
        #expect(result.stdout.contains("- d \"SPOTIFY\""))
    }

    /// The dev set's rule (`../shared/dev/README.md`): names agree after dropping punctuation, so "U.S. Bank" and
    /// "US Bank" are one name; a mark is dropped, not read as a word break.
    @Test func merchantNamesAgreeAfterDroppingPunctuation() {
        let suffixes: Set<String> = ["ltda", "sa", "inc"]
        func key(_ name: String) -> [String] { EvalCommand.nameKey(name, legalSuffixes: suffixes) }
        #expect(key("U.S. Bank") == key("US Bank"))
        #expect(key("S. O. S. Auto Peças") == key("S.O.S. AUTO PECAS"))
        #expect(key("Padaria Doce Ltda.") == key("padaria doce"))
        #expect(key("Arby's") == key("Arbys"))
        #expect(key("Droga Raia S.A.") == ["droga", "raia"])
        #expect(key("Wal-Mart") == ["walmart"])
        #expect(key("Banco do Brasil") != key("Banco Brasil"))
    }

    @Test func evalBySourceScoresEachSourceWorstFirst() throws {
        let rows = [
            #"{"id":"a","source":"bank-a","description":"NETFLIX.COM","amount":-39.9,"expected":{"merchant":"Netflix","kind":"online","category":"subscriptions","label_confidence":"high"}}"#,
            #"{"id":"b","source":"bank-a","description":"SPOTIFY","amount":-9,"expected":{"merchant":"Spotify","kind":"online","category":"subscriptions","label_confidence":"high"}}"#,
            #"{"id":"c","source":"bank-b","description":"SPOTIFY","amount":-9,"expected":{"merchant":"Deezer","kind":"chain","category":"food","label_confidence":"high"}}"#,
            #"{"id":"d","source":"bank-c","description":"NETFLIX.COM","amount":-9,"expected":{"merchant":"Netflix","kind":"online","category":"subscriptions","label_confidence":"low"}}"#,
        ]
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("garden-eval-\(UUID().uuidString).jsonl").path
        try rows.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = ResolveCommandTests.run(["eval", path, "--by", "source", "--quiet"], "")
        #expect(result.code == 0)
        let table = result.stdout.components(separatedBy: "by source").last ?? ""
        let lines = table.split(separator: "\n").dropFirst().map { $0.split(separator: " ").map(String.init) }
        #expect(lines.count == 2)                                  // low labels are not scored
        #expect(lines.first == ["bank-b", "1", "0%", "0%", "0%", "0%", "0%"])
        #expect(lines.last == ["bank-a", "2", "100%", "100%", "100%", "0%", "100%"])
        #expect(ResolveCommandTests.run(["eval", path, "--by", "bank"], "").code == 64)
    }

    /// The label `refund` is no taxonomy id: garden answers a refund with the flow `refund` and the purchase's
    /// category, so a row labelled `refund` is right when its flow is a refund, and wrong when it is not.
    @Test func evalReadsTheRefundLabelAsTheFlow() throws {
        let rows = [
            #"{"id":"a","description":"NETFLIX.COM REFUND","amount":39.9,"expected":{"merchant":null,"kind":null,"category":"refund","label_confidence":"high"}}"#,
            #"{"id":"b","description":"NETFLIX.COM","amount":-39.9,"expected":{"merchant":null,"kind":null,"category":"refund","label_confidence":"high"}}"#,
        ]
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("garden-eval-\(UUID().uuidString).jsonl").path
        try rows.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = ResolveCommandTests.run(["eval", path], "")
        #expect(result.code == 0)
        #expect(result.stdout.contains("category                    50.0% (1/2)"))
        #expect(result.stdout.contains("- b \"NETFLIX.COM\""))
    }

    /// A file saved with a byte-order mark (as Windows editors write UTF-8) is read as `resolve` reads
    /// it: the mark before the first line is no part of the row.
    @Test func evalReadsAFileBeginningWithAByteOrderMark() throws {
        let row = #"{"id":"a","description":"NETFLIX.COM","amount":-39.9,"expected":{"merchant":"Netflix","kind":"online","category":"subscriptions","label_confidence":"high"}}"#
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("garden-eval-\(UUID().uuidString).jsonl").path
        try ("\u{FEFF}" + row + "\r\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = ResolveCommandTests.run(["eval", path], "")
        #expect(result.code == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains("high+medium labels: 1 rows"))
    }

    @Test func theBuiltBinaryResolvesTheBundledExample() throws {
        let root = ResolveCommandTests.root
        let binary = root.appendingPathComponent(".build/debug/garden")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build the package first: swift build")
        let process = Process()
        process.executableURL = binary
        process.arguments = ["resolve", root.appendingPathComponent("examples/transactions.jsonl").path]
        process.currentDirectoryURL = FileManager.default.temporaryDirectory       // data found from any directory
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "GARDEN_DATA")
        environment["GARDEN_RULES_DIR"] = "/nonexistent"
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        let input = try String(contentsOf: root.appendingPathComponent("examples/transactions.jsonl"), encoding: .utf8)
        #expect(lines.count == input.split(separator: "\n").count)
        #expect(lines.allSatisfy { $0.contains("\"resolution\":{\"merchant\"") })
    }

    /// hostile10 F1: a one-character name for a new store or a written file (`--db y`, `--out q`, `--out r`), relative
    /// to the working folder, is written like any other name; the real binary, so a trap in Foundation shows.
    @Test func aOneCharacterFileNameIsWrittenNotATrap() throws {
        let root = ResolveCommandTests.root
        let binary = root.appendingPathComponent(".build/debug/garden")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build the package first: swift build")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("garden-onechar-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func run(_ arguments: [String], _ input: String = "") throws -> Int32 {
            let process = Process()
            process.executableURL = binary
            process.arguments = arguments
            process.currentDirectoryURL = folder
            var environment = ProcessInfo.processInfo.environment
            environment["GARDEN_RULES_DIR"] = "/nonexistent"
            environment["GARDEN_DATA"] = root.path
            process.environment = environment
            let stdin = Pipe()
            process.standardInput = stdin
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
            process.waitUntilExit()
            return process.terminationStatus
        }
        let row = #"{"id":"a","date":"2026-10-02","amount":"-12.50","currency":"BRL","description":"PADARIA DOCE"}"# + "\n"
        #expect(try run(["resolve", "--record", "--db", "y"], row) == 0)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("y").path))
        #expect(try run(["report", "--db", "y", "--month", "2026-10", "--out", "r"]) == 0)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("r").path))
        #expect(try run(["snapshot", "--db", "y", "--out", "q"]) == 0)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("q").path))
    }

    /// Issue 36: `garden install --prefix DIR` makes a binary that starts from any folder with no checkout's help:
    /// the installed garden reads the data installed beside it (`DIR/share/garden`), which `version` names.
    @Test func theInstalledBinaryRunsFromAnywhere() throws {
        let root = ResolveCommandTests.root
        let binary = root.appendingPathComponent(".build/debug/garden")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build the package first: swift build")
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("garden-install-" + UUID().uuidString.filter(\.isLetter))
        defer { try? FileManager.default.removeItem(at: prefix) }
        func run(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, stdout: String) {
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            process.currentDirectoryURL = FileManager.default.temporaryDirectory
            var environment = ProcessInfo.processInfo.environment
            environment.removeValue(forKey: "GARDEN_DATA")
            environment["GARDEN_RULES_DIR"] = "/nonexistent"
            environment["GARDEN_CACHE_DIR"] = ""
            process.environment = environment
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }
        let install = try run(binary, ["install", "--prefix", prefix.path])
        #expect(install.status == 0)
        let installed = prefix.appendingPathComponent("bin/garden")
        let version = try run(installed, ["version"])
        #expect(version.status == 0)
        #expect(version.stdout.contains("data \(prefix.appendingPathComponent("share/garden").path)\n"))
        let resolved = try run(installed, ["resolve", root.appendingPathComponent("examples/transactions.jsonl").path])
        #expect(resolved.status == 0)
        #expect(resolved.stdout.split(separator: "\n").allSatisfy { $0.contains("\"resolution\":{\"merchant\"") })
        // hostile10 F12: `install --force` keeps a file of the user's own in the data folders, and refuses (73), replacing
        // nothing, when a file it installed was changed since.
        let brands = prefix.appendingPathComponent("share/garden/Brands")
        try "# my own brands\n".write(to: brands.appendingPathComponent("br-mine.tsv"), atomically: true, encoding: .utf8)
        let again = try run(binary, ["install", "--prefix", prefix.path, "--force"])
        #expect(again.status == 0 && again.stdout.contains("Brands/br-mine.tsv"), "\(again.stdout)")
        #expect((try? String(contentsOf: brands.appendingPathComponent("br-mine.tsv"), encoding: .utf8)) == "# my own brands\n")
        let shipped = try #require(try FileManager.default.contentsOfDirectory(atPath: brands.path).filter { $0 != "br-mine.tsv" && $0.hasSuffix(".tsv") }.sorted().first)
        try "# edited by hand\n".write(to: brands.appendingPathComponent(shipped), atomically: true, encoding: .utf8)
        #expect(try run(binary, ["install", "--prefix", prefix.path, "--force"]).status == 73)
        #expect((try? String(contentsOf: brands.appendingPathComponent(shipped), encoding: .utf8)) == "# edited by hand\n")
        #expect(FileManager.default.fileExists(atPath: brands.appendingPathComponent("br-mine.tsv").path))
    }
}
