import Testing
@testable import GardenCommandKit

/// The line reader's splitting (issue 38 stage 1: the line feed found with `memchr`): lines as they were, a CR before
/// the LF dropped, the last line without its LF, a line across reads and across the buffer's growth.
struct LineReaderTests {
    func lines(_ bytes: [UInt8], chunk: Int = 1 << 16) -> [String] {
        let reader = LineReader(MemoryInput(bytes, chunk: chunk))
        var out: [String] = []
        while let (number, line) = reader.next() {
            #expect(number == out.count + 1)
            switch line {
            case .text(let text): out.append(String(decoding: text, as: UTF8.self))
            case .tooLong: out.append("<too long>")
            }
        }
        return out
    }

    @Test(arguments: [1, 3, 7, 1 << 16])
    func splitsAtEveryLineFeedWhateverTheReadsSize(chunk: Int) {
        let text = "a\nbb\r\n\n\r\nccc é\nlast"
        #expect(lines(Array(text.utf8), chunk: chunk) == ["a", "bb", "", "", "ccc é", "last"])
        #expect(lines(Array("one\n".utf8), chunk: chunk) == ["one"])
        #expect(lines([], chunk: chunk) == [])
        #expect(lines(Array("\n".utf8), chunk: chunk) == [""])
    }

    @Test func aByteOrderMarkBeforeTheFirstLineIsDropped() {
        #expect(lines([0xEF, 0xBB, 0xBF] + Array("a\n\u{FEFF}b".utf8)) == ["a", "\u{FEFF}b"])
    }

    @Test func aLineLongerThanTheBufferIsWhole() {
        let long = String(repeating: "x", count: 200_000)
        #expect(lines(Array(("s\n" + long + "\nt").utf8), chunk: 50_000) == ["s", long, "t"])
    }

    @Test func aLineOverTheBoundIsReportedAndTheNextIsRead() {
        let huge = String(repeating: "y", count: LineReader.maximumLength + 10)
        #expect(lines(Array(("a\n" + huge + "\nb\n").utf8)) == ["a", "<too long>", "b"])
    }
}
