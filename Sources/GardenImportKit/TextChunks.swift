import GardenFoundation
import GardenCatalog

/// A file's text as UTF-8, a chunk at a time, decoded as ``ImportText`` decodes a whole file: a UTF-8
/// byte-order mark at the start is dropped, each well-formed UTF-8 sequence is kept as it is and every
/// other byte is read as Windows-1252 (a sequence cut by a chunk's end is completed from the next one).
/// That is the same text ``ImportText/decode(_:)`` gives for the whole file, since a file without one
/// well-formed multi-byte sequence reads every byte from 0x80 as Windows-1252 either way.
public struct TextChunks {
    private let source: ImportSource
    private var carry: [UInt8] = []
    private var started = false

    public init(_ source: ImportSource) {
        self.source = source
    }

    /// The next chunk of text (never empty), or nil at the end.
    public mutating func next() -> [UInt8]? {
        while true {
            guard let raw = source.nextChunk() else {
                guard !carry.isEmpty else { return nil }
                defer { carry = [] }
                return Self.decode(carry[...], final: true).text
            }
            var bytes = carry.isEmpty ? raw : carry + raw
            carry = []
            if !started {
                if bytes.count < 3 && [0xEF, 0xBB, 0xBF].starts(with: bytes) { carry = bytes; continue }   // a BOM cut short
                started = true
                if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
            }
            let (text, rest) = Self.decode(bytes[...], final: false)
            carry = Array(rest)
            if !text.isEmpty { return text }
        }
    }

    /// The UTF-8 of `bytes` and, unless `final`, the bytes of a sequence its end cuts (kept for the next chunk).
    static func decode(_ bytes: ArraySlice<UInt8>, final: Bool) -> (text: [UInt8], rest: ArraySlice<UInt8>) {
        var end = bytes.endIndex
        if !final {
            // A lead byte within the last three bytes whose sequence runs past the end waits for the next chunk.
            var k = bytes.endIndex
            while k > bytes.startIndex, bytes.endIndex - k < 3 {
                k -= 1
                let lead = bytes[k]
                if lead < 0x80 { break }
                if lead >= 0xC2 {
                    let needed = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
                    if k + needed > bytes.endIndex { end = k }
                    break
                }
            }
        }
        let body = bytes[bytes.startIndex..<end]
        if ImportText.isUTF8(body) { return (Array(body), bytes[end...]) }
        var text: [UInt8] = []
        text.reserveCapacity(body.count + body.count / 8)
        var i = body.startIndex
        while i < body.endIndex {
            let byte = body[i]
            if byte < 0x80 { text.append(byte); i += 1; continue }
            let length = ImportText.utf8Length(body, at: i)
            if length > 1 {
                text.append(contentsOf: body[i..<(i + length)])
            } else {
                text.append(contentsOf: String(Character(Windows1252.scalar(byte))).utf8)
            }
            i += length
        }
        return (text, bytes[end...])
    }
}
