/// Appends JSON to a byte buffer: compact, keys in the order written, strings escaped per RFC 8259
/// (control characters as `\u00XX`, non-ASCII kept as UTF-8).
public struct JSONWriter: Sendable {
    /// The bytes written so far.
    public var bytes: [UInt8]
    private var needsComma: [Bool] = []

    public init(capacity: Int = 512) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    private mutating func separator() {
        if let last = needsComma.last {
            if last { bytes.append(UInt8(ascii: ",")) }
            needsComma[needsComma.count - 1] = true
        }
    }

    public mutating func beginObject() { valuePrefix(); bytes.append(UInt8(ascii: "{")); needsComma.append(false) }
    public mutating func endObject() { needsComma.removeLast(); bytes.append(UInt8(ascii: "}")) }
    public mutating func beginArray() { valuePrefix(); bytes.append(UInt8(ascii: "[")); needsComma.append(false) }
    public mutating func endArray() { needsComma.removeLast(); bytes.append(UInt8(ascii: "]")) }

    /// Writes a member name; the next value call writes its value.
    public mutating func key(_ name: String) {
        separator()
        appendEscaped(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma[needsComma.count - 1] = false
        pendingKey = true
    }

    private var pendingKey = false

    private mutating func valuePrefix() {
        if pendingKey {
            pendingKey = false
            needsComma[needsComma.count - 1] = true
        } else {
            separator()
        }
    }

    public mutating func string(_ value: String?) {
        valuePrefix()
        guard let value else { bytes.append(contentsOf: "null".utf8); return }
        appendEscaped(value)
    }

    public mutating func null() { valuePrefix(); bytes.append(contentsOf: "null".utf8) }
    public mutating func bool(_ value: Bool) { valuePrefix(); bytes.append(contentsOf: (value ? "true" : "false").utf8) }
    public mutating func int(_ value: Int) { valuePrefix(); bytes.append(contentsOf: String(value).utf8) }
    /// Writes already-valid JSON text (a number literal, a confidence) as is.
    public mutating func raw(_ text: String) { valuePrefix(); bytes.append(contentsOf: text.utf8) }
    public mutating func rawBytes<C: Collection<UInt8>>(_ text: C) { valuePrefix(); bytes.append(contentsOf: text) }

    /// Convenience for `"key": "value"` (or null).
    public mutating func member(_ name: String, _ value: String?) { key(name); string(value) }

    /// Continues an object whose closing brace has not been written (a writer handed bytes written
    /// by hand): the next member gets a comma.
    public mutating func reopenObject() {
        needsComma.append(true)
    }

    private mutating func appendEscaped(_ text: String) {
        Self.appendEscaped(text, to: &bytes)
    }

    /// Appends `text` as a JSON string literal.
    public static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        let clean = text.withUTF8 { utf8 -> Bool in
            for byte in utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if clean {
            bytes.append(UInt8(ascii: "\""))
            return
        }
        text.withUTF8 { appendEscapedBody($0, to: &bytes) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `utf8` escaped as the inside of a JSON string literal (no quotes).
    static func appendEscapedBody(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: bytes.append(byte)
            }
        }
    }

    /// Appends `utf8` as a JSON string literal, as ``appendEscaped(_:to:)`` does, when
    /// ``PersonalNumberScanner/mask(_:plainCPFDigits:onlyCPFs:accountNumbers:)`` would return it unchanged and that is
    /// known from its bytes (fewer than 3 ASCII digits and no scalar that may be a digit of another script, or the
    /// scanner's own survey of the bytes says so); returns false, with nothing appended, when the text has to be masked
    /// first. One pass over the bytes for both questions: most names garden writes hold no digit at all.
    /// - Parameter onlyCPFs: as the mask's: only an 11-digit run can be masked.
    package static func appendEscapedIfUnmasked(_ utf8: UnsafeBufferPointer<UInt8>, onlyCPFs: Bool = false, to bytes: inout [UInt8]) -> Bool {
        var digits = 0
        var plain = true
        var i = 0
        let length = utf8.count
        while i < length {
            let b = utf8[i]
            if b &- 0x30 < 10 {
                digits += 1
            } else if b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") {
                plain = false
            } else if b >= 0xD9, !(b == 0xE2 && i + 1 < length && utf8[i + 1] >= 0x80 && utf8[i + 1] <= 0xAF) {
                return false        // may be a digit of another script: the scanner reads the scalars
            }
            i += 1
        }
        if digits >= (onlyCPFs ? 11 : 3), !PersonalNumberScanner.masksNothing(utf8, onlyCPFs: onlyCPFs) { return false }
        bytes.append(UInt8(ascii: "\""))
        if plain { bytes.append(contentsOf: utf8) } else { appendEscapedBody(utf8, to: &bytes) }
        bytes.append(UInt8(ascii: "\""))
        return true
    }
}
