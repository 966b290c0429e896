import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenCommandKit

/// An output of JSON lines that masks every personal number inside each line's strings (CPFs, card
/// numbers, account numbers a bank line names: ``PersonalNumberScanner``, as the ledger keeps its input
/// lines) before passing the line on: `garden import --redact`. A write may end inside a line; the rest
/// is kept until its line break comes. A line that is not JSON passes through scrubbed as text.
final class RedactingLineOutput: ByteOutput {
    let sink: ByteOutput
    private var partial: [UInt8] = []

    init(_ sink: ByteOutput) { self.sink = sink }

    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        partial.append(contentsOf: bytes)
        guard let lastBreak = partial.lastIndex(of: 0x0A) else { return true }
        var out: [UInt8] = []
        out.reserveCapacity(lastBreak + 64)
        for line in partial[...lastBreak].split(separator: 0x0A, omittingEmptySubsequences: false).dropLast() {
            out.append(contentsOf: Self.redacted(Array(line)))
            out.append(0x0A)
        }
        partial.removeFirst(lastBreak + 1)
        return sink.write(out)
    }

    /// One line with its strings masked.
    static func redacted(_ line: [UInt8]) -> [UInt8] {
        guard let doc = try? JSONScanner.parse(line) else { return Array(CPFScrubber.scrub(String(decoding: line, as: UTF8.self)).utf8) }
        return LedgerRecorder.masked(doc, bareDigits: false)?.bytes ?? line
    }

    deinit {
        if !partial.isEmpty { _ = sink.write(Array(CPFScrubber.scrub(String(decoding: partial, as: UTF8.self)).utf8)) }
    }
}
