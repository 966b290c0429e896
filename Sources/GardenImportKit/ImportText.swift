import GardenFoundation

/// Turns a file's bytes into text, whatever charset its header claims: a UTF-8 byte-order mark is
/// dropped; bytes that are valid UTF-8 are read as UTF-8 (Brazilian banks often write UTF-8 under an OFX
/// `CHARSET:1252` header); other bytes are read as Windows-1252, which is also what files labelled
/// ISO-8859-1 hold in practice (WHATWG Encoding Standard §4.2: the `iso-8859-1` label is
/// `windows-1252`), so `€` and curly quotes survive and reading never fails. A file mixing both (UTF-8
/// text with a stray CP 1252 byte, as concatenated exports have) keeps each well-formed UTF-8 sequence
/// as UTF-8 and reads only the other bytes as Windows-1252.
public enum ImportText {
    /// Which charset the bytes were read in.
    public enum Charset: String, Sendable {
        case utf8 = "UTF-8"
        case windows1252 = "CP1252"
        /// UTF-8 sequences where well formed, Windows-1252 for the other bytes.
        case mixed = "UTF-8+CP1252"
    }

    /// The text of `bytes` as UTF-8 bytes: `bytes` themselves (no copy) when they are UTF-8 without a
    /// byte-order mark, the common case, so a large file is not held twice.
    public static func utf8(_ bytes: [UInt8]) -> [UInt8] {
        if !bytes.starts(with: [0xEF, 0xBB, 0xBF]), isUTF8(bytes[...]) { return bytes }
        return Array(decode(bytes).text.utf8)
    }

    /// Whether `bytes` are well-formed UTF-8, checked without building a string.
    static func isUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
        var i = bytes.startIndex
        while i < bytes.endIndex {
            if bytes[i] < 0x80 { i += 1; continue }
            let length = utf8Length(bytes, at: i)
            if length == 1 { return false }
            i += length
        }
        return true
    }

    /// The text of `bytes` and the charset used.
    public static func decode(_ bytes: [UInt8]) -> (text: String, charset: Charset) {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if let text = String(validating: body, as: UTF8.self) { return (text, .utf8) }
        let hasUTF8 = body.indices.contains { body[$0] >= 0xC2 && utf8Length(body, at: $0) > 1 }
        var scalars = String.UnicodeScalarView()
        var i = body.startIndex
        while i < body.endIndex {
            let byte = body[i]
            let length = hasUTF8 && byte >= 0x80 ? utf8Length(body, at: i) : 1
            if length > 1, let scalar = String(decoding: body[i..<(i + length)], as: UTF8.self).unicodeScalars.first {
                scalars.append(scalar)
            } else {
                scalars.append(Windows1252.scalar(byte))
            }
            i += length
        }
        return (String(scalars), hasUTF8 ? .mixed : .windows1252)
    }

    /// The length of the well-formed UTF-8 sequence starting at `i` (Unicode 15, table 3-7), or 1.
    static func utf8Length(_ bytes: ArraySlice<UInt8>, at i: Int) -> Int {
        let lead = bytes[i]
        let (length, low, high): (Int, UInt8, UInt8)
        switch lead {
        case 0xC2...0xDF: (length, low, high) = (2, 0x80, 0xBF)
        case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, low, high) = (3, 0x80, 0xBF)
        case 0xED: (length, low, high) = (3, 0x80, 0x9F)
        case 0xF0: (length, low, high) = (4, 0x90, 0xBF)
        case 0xF1...0xF3: (length, low, high) = (4, 0x80, 0xBF)
        case 0xF4: (length, low, high) = (4, 0x80, 0x8F)
        default: return 1
        }
        guard i + length <= bytes.endIndex, (low...high).contains(bytes[i + 1]) else { return 1 }
        for k in 2..<length where !(0x80...0xBF).contains(bytes[i + k]) { return 1 }
        return length
    }
}
