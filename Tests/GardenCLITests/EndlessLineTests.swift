import Foundation
import Testing
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands
import GardenFoundation

/// `resolve` on a line that does not end (`/dev/zero`, an endless stdin): the line is reported as too
/// long as soon as the bound is passed, naming it, in constant memory, and the lines after it are still
/// resolved.
struct EndlessLineTests {
    /// `before` bytes of `{"description":"AAAA…` that never end, then, once the error was seen on
    /// `stderr` (or after `limit` bytes), a line break and `after`.
    final class LongLineInput: ByteInput {
        let stderr: MemoryOutput
        let limit: Int
        var served = 0
        var tail: [UInt8]
        private(set) var reportedAt: Int?

        init(stderr: MemoryOutput, limit: Int = 64 << 20, after: String) {
            self.stderr = stderr
            self.limit = limit
            tail = Array(("\n" + after).utf8)
        }

        func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
            if reportedAt == nil, stderr.text.contains("longer than 1 MiB") { reportedAt = served }
            if reportedAt != nil || served >= limit {
                let n = min(buffer.count, tail.count)
                for i in 0..<n { buffer[i] = tail[i] }
                tail.removeFirst(n)
                return n
            }
            let n = min(buffer.count, 1 << 16)
            for i in 0..<n { buffer[i] = served + i < 16 ? Array(#"{"description":""#.utf8)[served + i] : 0x41 }
            served += n
            return n
        }
    }

    @Test(arguments: ["1", "2"])
    func anEndlessLineIsReportedBeforeItEndsAndTheStreamGoesOn(jobs: String) {
        let out = MemoryOutput(), err = MemoryOutput()
        let input = LongLineInput(stderr: err, after: #"{"description":"NETFLIX.COM","amount":-39.9}"# + "\n")
        let env = Environment(stdin: input, stdout: out, stderr: err,
                              variables: ["GARDEN_DATA": ResolveCommandTests.root.path, "GARDEN_RULES_DIR": "/nonexistent", "LANG": "C", "HOME": "/nonexistent",
                                          "GARDEN_CACHE_DIR": ResolveCommandTests.cacheDirectory])
        let code = GardenCommandLine.run(["resolve", "--jobs", jobs], env)
        #expect(code == Exit.dataError)
        #expect(err.text == "garden: line 1: longer than 1 MiB\n")
        // Reported within a few reads past the bound, not after the 64 MiB the line would have taken.
        #expect((input.reportedAt ?? .max) < 2 << 20, "reported after \(input.reportedAt.map(String.init) ?? "the end")")
        #expect(out.text.hasPrefix(#"{"description":"NETFLIX.COM""#))
        #expect(out.text.split(separator: "\n").count == 1)
    }

    @Test func lineNumbersAfterASkippedLineStayRight() {
        var bytes = Array(#"{"description":"x"}"#.utf8) + [0x0A]
        bytes += [UInt8](repeating: 0x41, count: 3 << 20) + [0x0A]
        bytes += Array("{oops\n".utf8) + Array(#"{"description":"UBER *TRIP"}"#.utf8) + [0x0A]
        let result = ResolveCommandTests.run(["resolve", "--jobs", "1"], input: bytes)
        #expect(result.code == Exit.dataError)
        #expect(result.lines.count == 2)
        #expect(result.stderr.hasPrefix("garden: line 2: longer than 1 MiB\ngarden: line 3: "), "\(result.stderr)")
    }
}
