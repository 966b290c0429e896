import Foundation
import Testing
import GardenResolvers
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands

/// `garden resolve` as a Unix filter: one line out per accepted line, errors naming the line, exit codes.
struct ResolveCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The compiled catalog is cached here, so each in-process command reads it instead of building it.
    static let cacheDirectory = NSTemporaryDirectory() + "garden-tests-cache"

    struct Run {
        var code: Int32
        var stdout: String
        var stderr: String
        var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    }

    static func run(_ arguments: [String], input: [UInt8], stdout: ByteOutput? = nil) -> Run {
        let out = MemoryOutput()
        let err = MemoryOutput()
        let env = Environment(stdin: MemoryInput(input, chunk: 7_000), stdout: stdout ?? out, stderr: err,
                              variables: ["GARDEN_DATA": root.path, "GARDEN_RULES_DIR": "/nonexistent", "LANG": "C", "HOME": "/nonexistent",
                                         "GARDEN_CACHE_DIR": ResolveCommandTests.cacheDirectory])
        let code = GardenCommandLine.run(arguments, env)
        return Run(code: code, stdout: out.text, stderr: err.text)
    }

    static func run(_ arguments: [String], _ input: String) -> Run { run(arguments, input: Array(input.utf8)) }

    @Test func keepsTheInputBytesAndAddsOneResolution() throws {
        let input = #"{"id":7, "description":"NETFLIX.COM","amount":-39.90,"extra":{"keep":[1,2]}}"#
        let result = Self.run(["resolve"], input + "\n")
        #expect(result.code == 0)
        #expect(result.lines.count == 1)
        #expect(result.lines[0].hasPrefix(#"{"id":7, "description":"NETFLIX.COM","amount":-39.90,"extra":{"keep":[1,2]},"resolution":{"#))
        let object = try JSONSerialization.jsonObject(with: Data(result.lines[0].utf8)) as! [String: Any]
        let resolution = object["resolution"] as! [String: Any]
        #expect((resolution["category"] as! [String: Any])["id"] as? String == "subscriptions.streaming")
        #expect((resolution["category"] as! [String: Any])["name"] as? String == "Streaming")
        #expect(resolution["row_id"] as? String == "7")
        #expect(resolution["direction"] as? String == "out")
        #expect(resolution["flow"] as? String == "expense")
    }

    @Test func reResolvingOutputIsIdempotent() {
        let first = Self.run(["resolve"], #"{"description":"Ifd*Arcos Dourados Com","amount":-32.93}"# + "\n")
        let second = Self.run(["resolve"], first.stdout)
        #expect(second.stdout == first.stdout)
    }

    @Test func badLinesAreReportedByNumberAndTheStreamGoesOn() {
        let input = [
            #"{"description":"NETFLIX.COM","amount":-1}"#,
            "not json",
            "",
            "[1,2]",
            #"{"description":"X","amount":"12,34,5"}"#,
            #"{"description":"X","date":"2026-13-01"}"#,
            #"{"description":"UBER *TRIP","amount":-9}"#,
            "   ",
            #"{"amount":-5}"#,
        ].joined(separator: "\n") + "\n"
        var bytes = Array(input.utf8)
        bytes.append(contentsOf: [0x7B, 0x22, 0x64, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D, 0x0A])   // {"d":"\xFF"}
        bytes.append(contentsOf: Array(#"{"description":"SPOTIFY","amount":-1}"#.utf8))            // no final newline
        let result = Self.run(["resolve"], input: bytes)
        #expect(result.code == 65)
        #expect(result.lines.count == 3)
        #expect(result.lines[0].contains("NETFLIX"))
        #expect(result.lines[1].contains("UBER"))
        #expect(result.lines[2].contains("SPOTIFY"))
        let errors = result.stderr.split(separator: "\n").map(String.init)
        #expect(errors.count == 6)
        #expect(errors[0].hasPrefix("garden: line 2: not JSON: column 1"))
        #expect(errors[1] == "garden: line 4: not a JSON object")
        #expect(errors[2].hasPrefix("garden: line 5: field \"amount\": not a number"))
        #expect(errors[3].hasPrefix("garden: line 6: field \"date\": unreadable date"))
        #expect(errors[4].hasPrefix("garden: line 9: needs a"))
        #expect(errors[5] == "garden: line 10: invalid UTF-8 at byte 7")
    }

    @Test func aLineLongerThanOneMebibyteIsRejectedWithoutLosingTheRest() {
        var bytes = Array(#"{"description":""#.utf8) + [UInt8](repeating: 0x41, count: (1 << 20) + 10) + Array("\"}\n".utf8)
        bytes += Array(#"{"description":"NETFLIX.COM"}"#.utf8) + [0x0A]
        let result = Self.run(["resolve"], input: bytes)
        #expect(result.code == 65)
        #expect(result.lines.count == 1)
        #expect(result.stderr == "garden: line 1: longer than 1 MiB\n")
    }

    @Test func englishNamesAndTheTrace() throws {
        let result = Self.run(["resolve", "--lang", "en", "--explain"], #"{"description":"IFD*RESTAURANTE SABOR","amount":-40}"# + "\n")
        let object = try JSONSerialization.jsonObject(with: Data(result.lines[0].utf8)) as! [String: Any]
        let resolution = object["resolution"] as! [String: Any]
        #expect((resolution["category"] as! [String: Any])["name"] as? String == "Food delivery")
        let trace = resolution["trace"] as! [[String: Any]]
        // One entry per resolver of the precedence, a family's members as one (under the family's id).
        let printed = BuiltInResolvers.all.map { type(of: $0).description.printedID.name }
        #expect(trace.map { $0["resolver"] as? String } == printed.enumerated().filter { $0.offset == 0 || printed[$0.offset - 1] != $0.element }.map(\.element))
        #expect(trace.contains { $0["status"] as? String == "taken" && $0["resolver"] as? String == "brand_catalog" })
        // The evidence names the data file and the line of the iFood row.
        let processors = try String(contentsOf: Self.root.appendingPathComponent("Rules/processors.tsv"), encoding: .utf8)
        let line = try #require(processors.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("ifood\t") }) + 1
        #expect(trace.first { $0["resolver"] as? String == "brand_catalog" }?["source"] as? String == "Rules/processors.tsv:\(line)")
    }

    @Test func nothingGardenAddsHoldsAFullCPF() {
        let input = #"{"description":"Transferência Recebida - MARINA VITORIA 52817364920 - BANCO X","amount":15,"counterparty":{"document":"528.173.649-20"}}"#
        let result = Self.run(["resolve", "--explain"], input + "\n")
        let added = String(result.lines[0].dropFirst(input.count - 1))
        #expect(!added.contains("52817364920"))
        #expect(!added.contains("528.173.649-20"))
        #expect(added.contains("•••.173.649-••"))
    }

    final class ClosedPipe: ByteOutput {
        var writes = 0
        func write(_ bytes: UnsafeRawBufferPointer) -> Bool { writes += 1; return false }
    }

    @Test func aClosedPipeEndsQuietly() {
        let line = #"{"description":"NETFLIX.COM","amount":-1}"# + "\n"
        let pipe = ClosedPipe()
        let result = Self.run(["resolve"], input: Array(String(repeating: line, count: 5000).utf8), stdout: pipe)
        #expect(result.code == 0)
        #expect(result.stderr.isEmpty)
        #expect(pipe.writes == 1)
    }

    @Test func usageErrors() {
        #expect(Self.run(["resolve", "--bogus"], "").code == 64)
        #expect(Self.run(["resolve", "--lang", "fr"], "").code == 64)
        #expect(Self.run(["resolve", "--threshold", "2"], "").code == 64)
        #expect(Self.run(["frobnicate"], "").code == 64)
        #expect(Self.run([], "").code == 64)
    }

    @Test func jobsDoNotChangeOutputOrErrors() {
        var lines: [String] = []
        for i in 0..<6_000 {
            switch i % 7 {
            case 0: lines.append("not json \(i)")
            case 1: lines.append(#"{"description":"IFD*RESTAURANTE SABOR","amount":-40}"#)
            case 2: lines.append("{\"id\":\(i),\"description\":\"PAG*LOJA \(i)\",\"amount\":\"-1,5\"}")
            case 3: lines.append("")
            case 4: lines.append(#"{"description":"X","amount":"abc"}"#)
            default: lines.append("{\"id\":\"r\(i)\",\"description\":\"Transferência enviada pelo Pix - Ana Lima - •••.111.222-•• - BCO\",\"amount\":-\(i)}")
            }
        }
        let input = lines.joined(separator: "\n") + "\n"
        let one = Self.run(["resolve", "--jobs", "1"], input)
        let two = Self.run(["resolve", "--jobs", "2"], input)
        let three = Self.run(["resolve", "--jobs", "3"], input)
        #expect(one.code == 65)
        #expect(one.stdout == two.stdout && one.stdout == three.stdout)
        #expect(one.stderr == two.stderr && one.stderr == three.stderr)
        #expect(one.lines.count == (0..<6_000).filter { ![0, 3, 4].contains($0 % 7) }.count)
    }

    @Test func versionNamesEngineAndCatalog() {
        let result = Self.run(["--version"], "")
        #expect(result.code == 0)
        #expect(result.stdout.hasPrefix("garden \(GardenCommandLine.version)"))
        #expect(result.stdout.contains("brands"))
        #expect(result.stdout.contains("CNAE 2.3 (1331 subclasses)"))
        #expect(result.stdout.contains("981 MCCs"))
    }
}
