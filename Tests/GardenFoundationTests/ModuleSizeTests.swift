import Foundation
import Testing

/// No module over ~3,000 lines (issue 22): a module that says what it is stays small enough to read alone.
/// Counts every line of every `.swift` file under `Sources/<Module>/` (comments and blank lines too).
@Suite struct ModuleSizeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let limit = 3_000

    /// Lines per module folder of `Sources`.
    static func moduleLines() throws -> [String: Int] {
        let sources = root.appendingPathComponent("Sources")
        var lines: [String: Int] = [:]
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
            let folder = sources.appendingPathComponent(module)
            guard let files = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                lines[module, default: 0] += text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
            }
        }
        return lines
    }

    @Test func noModuleIsOverThreeThousandLines() throws {
        let lines = try Self.moduleLines()
        #expect(lines["GardenFoundation", default: 0] > 100, "the scan found GardenFoundation's sources")
        for (module, count) in lines.sorted(by: { $0.key < $1.key }) {
            #expect(count <= Self.limit, "\(module) has \(count) lines (limit \(Self.limit)): split it into the modules it is")
        }
    }
}
