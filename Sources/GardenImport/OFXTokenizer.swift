/// Splits OFX text into tags and values, for OFX 1.x (SGML: leaf tags are usually not closed, so a
/// value ends at the next tag or line end) and OFX 2.x (XML) alike.
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
    }

    private let bytes: [UInt8]
    private var position = 0
    private var line = 1

    /// `text` is the file's UTF-8.
    public init(_ text: [UInt8]) {
        bytes = text
    }

    public mutating func next() -> Token? {
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "<") {
                if let token = tag() { return token }
            } else if let token = text() {
                return token
            }
        }
        return nil
    }

    /// Reads a tag at `<`; nil for a skipped construct (declaration, instruction, comment).
    private mutating func tag() -> Token? {
        let start = position + 1
        if bytes[start...].starts(with: Array("!--".utf8)) {
            skip(past: Array("-->".utf8))
            return nil
        }
        if bytes[start...].starts(with: Self.cdataOpen) { return cdata(from: start + Self.cdataOpen.count) }
        if start < bytes.count, bytes[start] == UInt8(ascii: "?") || bytes[start] == UInt8(ascii: "!") {
            skip(past: [UInt8(ascii: ">")])
            return nil
        }
        let tagLine = line
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: ">"), bytes[end] != UInt8(ascii: "<") {
            if bytes[end] == 0x0A { line += 1 }
            end += 1
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
        var start = position
        while start < bytes.count, bytes[start] != UInt8(ascii: "<"), Self.isSpace(bytes[start]) {
            if bytes[start] == 0x0A { line += 1 }
            start += 1
        }
        let valueLine = line
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "<") {
            if bytes[end] == 0x0A { line += 1 }
            end += 1
        }
        position = end
        var last = end
        while last > start, Self.isSpace(bytes[last - 1]) { last -= 1 }
        guard last > start else { return nil }
        return .value(OFXEntities.decode(String(decoding: bytes[start..<last], as: UTF8.self)), line: valueLine)
    }

    /// A `<![CDATA[…]]>` section (OFX 2.x, XML): its text as printed, entities not decoded; nil when empty.
    private mutating func cdata(from start: Int) -> Token? {
        let valueLine = line
        position = start
        skip(past: Array("]]>".utf8))
        let end = Swift.max(start, position >= 3 && bytes[(position - 3)..<position].elementsEqual("]]>".utf8) ? position - 3 : position)
        var first = start, last = end
        while first < last, Self.isSpace(bytes[first]) { first += 1 }
        while last > first, Self.isSpace(bytes[last - 1]) { last -= 1 }
        guard last > first else { return nil }
        return .value(String(decoding: bytes[first..<last], as: UTF8.self), line: valueLine)
    }

    private static let cdataOpen = Array("![CDATA[".utf8)

    private mutating func skip(past terminator: [UInt8]) {
        while position < bytes.count, !bytes[position...].starts(with: terminator) {
            if bytes[position] == 0x0A { line += 1 }
            position += 1
        }
        position = Swift.min(bytes.count, position + terminator.count)
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
