import GardenImportKit
/// Splits OFX text into tags and values, for OFX 1.x (SGML: leaf tags are usually not closed, so a
/// value ends at the next tag or line end) and OFX 2.x (XML) alike, reading a stream in constant memory:
/// only the token being read is held, and a tag or value longer than ``maximumTokenLength`` is reported
/// (``Token/tooLong(line:)``) and skipped without being held.
///
/// The header (`OFXHEADER:100` … lines, blank lines before it), `<?xml?>` / `<?OFX?>` processing
/// instructions and `<!-- -->` comments are skipped; a `<![CDATA[…]]>` section is a value taken as
/// printed (XML 1.0 §2.7). Values are trimmed of spaces, tabs and line breaks, and their entities
/// (`&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&nbsp;` `&#39;` `&#x26;`) are decoded once; a bare `&` stays as printed. Source: OFX 1.0.2 §2.3 (SGML), OFX 2.1.1 §2.3 (XML).
public struct OFXTokenizer: Sequence, IteratorProtocol {
    /// One piece of the file, with the 1-based line it starts on.
    public enum Token: Equatable, Sendable {
        case open(String, line: Int)
        case close(String, line: Int)
        case value(String, line: Int)
        /// A tag or value longer than ``maximumTokenLength``, skipped.
        case tooLong(line: Int)
    }

    /// The longest tag or value read: 1 MiB (an OFX value is a few dozen bytes).
    public static let maximumTokenLength = 1 << 20

    private var bytes: [UInt8]
    private var chunks: TextChunks?
    private var ended: Bool
    private var position = 0
    /// The line of `bytes[position]`.
    private var line = 1

    /// `text` is the file's whole UTF-8.
    public init(_ text: [UInt8]) {
        bytes = text
        ended = true
    }

    /// The tokens of a stream of text.
    public init(_ chunks: TextChunks) {
        bytes = []
        self.chunks = chunks
        ended = false
    }

    /// The line the tokenizer has reached (the last line once it returned nil).
    public var currentLine: Int { line }

    public mutating func next() -> Token? {
        while true {
            if position >= 1 << 16, position * 2 >= bytes.count { compact() }
            guard available(1) else { return nil }
            if bytes[position] == UInt8(ascii: "<") {
                if let token = tag() { return token }
            } else if let token = text() {
                return token
            }
        }
    }

    // MARK: the window

    /// Whether `count` bytes from `position` are held, reading more when needed (false at the end).
    private mutating func available(_ count: Int) -> Bool {
        while bytes.count - position < count {
            guard !ended, let chunk = chunks?.next() else { ended = true; return false }
            bytes.append(contentsOf: chunk)
        }
        return true
    }

    /// Where a token ends: at a byte, at the end of the text, or nowhere within ``maximumTokenLength``.
    private enum End { case at(Int), endOfText, tooLong }

    /// The first byte at or after `from` that `stop` accepts, reading more while none is held.
    private mutating func first(from: Int, where stop: (UInt8) -> Bool) -> End {
        var j = from
        while true {
            while j < bytes.count {
                if stop(bytes[j]) { return .at(j) }
                j += 1
            }
            if j - position > Self.maximumTokenLength { return .tooLong }
            if !available(j - position + 1) { return .endOfText }
        }
    }

    /// Drops the bytes before `position` (only where no other index into them is held).
    private mutating func compact() {
        guard chunks != nil, position > 0 else { return }
        bytes.removeFirst(position)
        position = 0
    }

    /// Counts the line breaks of `bytes[range]`.
    private mutating func count(_ range: Range<Int>) {
        for k in range where bytes[k] == 0x0A { line += 1 }
    }

    /// Skips to just past `terminator`, holding at most a chunk (comments, instructions: not kept).
    private mutating func skip(past terminator: [UInt8]) {
        while true {
            var j = position
            while j + terminator.count <= bytes.count {
                if bytes[j] == terminator[0], bytes[j..<(j + terminator.count)].elementsEqual(terminator) {
                    count(position..<j)
                    position = j + terminator.count
                    return
                }
                j += 1
            }
            // Not held yet: drop what was looked at, except a possible start of the terminator.
            let keep = Swift.max(position, bytes.count - (terminator.count - 1))
            count(position..<keep)
            position = keep
            compact()
            if !available(bytes.count - position + 1) {
                count(position..<bytes.count)
                position = bytes.count
                return
            }
        }
    }

    /// Skips a token too long to hold, to the next `<` (or the end).
    private mutating func skipLong() -> Token {
        let tokenLine = line
        while true {
            if let k = bytes[position...].firstIndex(of: UInt8(ascii: "<")) {
                count(position..<k)
                position = k
                break
            }
            count(position..<bytes.count)
            position = bytes.count
            compact()
            if !available(1) { break }
        }
        return .tooLong(line: tokenLine)
    }

    // MARK: tokens

    /// Reads a tag at `<`; nil for a skipped construct (declaration, instruction, comment).
    private mutating func tag() -> Token? {
        _ = available(Self.cdataOpen.count + 1)
        let start = position + 1
        if bytes[start...].starts(with: Array("!--".utf8)) {
            position = start + 3
            skip(past: Array("-->".utf8))
            return nil
        }
        if bytes[start...].starts(with: Self.cdataOpen) { return cdata(from: start + Self.cdataOpen.count) }
        if start < bytes.count, bytes[start] == UInt8(ascii: "?") || bytes[start] == UInt8(ascii: "!") {
            position = start
            skip(past: [UInt8(ascii: ">")])
            return nil
        }
        let tagLine = line
        let end: Int
        switch first(from: start, where: { $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "<") }) {
        case .at(let k): end = k
        case .endOfText: end = bytes.count
        case .tooLong:
            position = start
            return skipLong()
        }
        count(start..<end)
        if end - start > Self.maximumTokenLength {
            position = end < bytes.count && bytes[end] == UInt8(ascii: ">") ? end + 1 : end
            return .tooLong(line: tagLine)
        }
        position = end < bytes.count && bytes[end] == UInt8(ascii: ">") ? end + 1 : end
        var nameStart = start
        let closing = nameStart < end && bytes[nameStart] == UInt8(ascii: "/")
        if closing { nameStart += 1 }
        var nameEnd = nameStart
        while nameEnd < end, !Self.isSpace(bytes[nameEnd]), bytes[nameEnd] != UInt8(ascii: "/") { nameEnd += 1 }
        let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self).uppercased()
        if name.isEmpty { return nil }
        return closing ? .close(name, line: tagLine) : .open(name, line: tagLine)
    }

    /// Reads the text up to the next `<`; nil when it is only white space.
    private mutating func text() -> Token? {
        while true {
            guard available(1) else { return nil }
            let byte = bytes[position]
            if byte == UInt8(ascii: "<") { return nil }
            if !Self.isSpace(byte) { break }
            if byte == 0x0A { line += 1 }
            position += 1
            if position >= 1 << 16 { compact() }
        }
        let valueLine = line
        let start = position
        let end: Int
        switch first(from: start, where: { $0 == UInt8(ascii: "<") }) {
        case .at(let k): end = k
        case .endOfText: end = bytes.count
        case .tooLong: return skipLong()
        }
        count(start..<end)
        position = end
        if end - start > Self.maximumTokenLength { return .tooLong(line: valueLine) }
        var last = end
        while last > start, Self.isSpace(bytes[last - 1]) { last -= 1 }
        guard last > start else { return nil }
        return .value(OFXEntities.decode(String(decoding: bytes[start..<last], as: UTF8.self)), line: valueLine)
    }

    /// A `<![CDATA[…]]>` section (OFX 2.x, XML): its text as printed, entities not decoded; nil when empty.
    private mutating func cdata(from start: Int) -> Token? {
        let valueLine = line
        position = start
        let terminator = Array("]]>".utf8)
        var j = start
        while true {
            if j + terminator.count <= bytes.count {
                if bytes[j..<(j + terminator.count)].elementsEqual(terminator) { break }
                j += 1
                continue
            }
            if j - start > Self.maximumTokenLength { return skipLong() }
            if !available(j - position + terminator.count) { j = bytes.count; break }
        }
        count(start..<j)
        position = Swift.min(bytes.count, j + terminator.count)
        var first = start, last = j
        while first < last, Self.isSpace(bytes[first]) { first += 1 }
        while last > first, Self.isSpace(bytes[last - 1]) { last -= 1 }
        guard last > first else { return nil }
        return .value(String(decoding: bytes[first..<last], as: UTF8.self), line: valueLine)
    }

    private static let cdataOpen = Array("![CDATA[".utf8)

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
