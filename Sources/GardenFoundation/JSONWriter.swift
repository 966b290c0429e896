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

    /// How a text is written as a JSON string literal by a writer that masks personal numbers.
    public enum Form: Sendable {
        /// Nothing to mask nor to escape: its bytes as they are, between quotes.
        case plain
        /// Nothing to mask, but a quote, a backslash or a control character to escape.
        case escaped
        /// It may hold a personal number: ``CPFScrubber`` reads it first.
        case masked
    }

    /// How `utf8` is written (``Form``), told in one pass over its bytes: it can hold no personal number when it has
    /// fewer than 3 ASCII digits (11 with `onlyCPFs`) and no scalar that may be a digit of another script
    /// (``CPFScrubber/mayBeDecimalDigit(_:)``, seen on its lead byte as ``PersonalNumberScanner``'s survey sees it),
    /// or when the scanner's own survey of the bytes says so (no account word before its digits). Most names garden
    /// writes hold no digit at all.
    /// - Parameter onlyCPFs: as the mask's (a row's id): only an 11-digit run can be masked.
    @inline(__always)
    public static func form(of utf8: UnsafeBufferPointer<UInt8>, onlyCPFs: Bool = false) -> Form {
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
                return .masked      // may be a digit of another script: the scanner reads the scalars
            }
            i += 1
        }
        if digits >= (onlyCPFs ? 11 : 3), !PersonalNumberScanner.masksNothing(utf8, onlyCPFs: onlyCPFs) { return .masked }
        return plain ? .plain : .escaped
    }

    /// Whether `utf8` holds a byte a JSON string literal escapes (a quote, a backslash, a control character).
    @inline(__always)
    public static func needsEscaping(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
        return false
    }

    /// Appends `utf8` as a JSON string literal, as ``appendEscaped(_:to:)`` does, when its ``form(of:onlyCPFs:)`` says
    /// nothing in it can be masked; returns false, with nothing appended, when it has to be masked first.
    package static func appendEscapedIfUnmasked(_ utf8: UnsafeBufferPointer<UInt8>, onlyCPFs: Bool = false, to bytes: inout [UInt8]) -> Bool {
        let form = form(of: utf8, onlyCPFs: onlyCPFs)
        guard form != .masked else { return false }
        bytes.append(UInt8(ascii: "\""))
        if form == .plain { bytes.append(contentsOf: utf8) } else { appendEscapedBody(utf8, to: &bytes) }
        bytes.append(UInt8(ascii: "\""))
        return true
    }
}

/// Bytes written at a cursor into memory of a fixed size (the writer's scratch on the stack): no capacity or uniqueness
/// check a write, as each `Array.append` makes. The writer asks for ``room`` before each piece and hands the bytes
/// written to the output buffer when the scratch is full, in one copy; the resolution usually fits it whole.
public struct ByteCursor {
    /// The first byte of the memory.
    public let base: UnsafeMutablePointer<UInt8>
    /// The bytes the memory holds.
    public let capacity: Int
    /// The bytes written so far (set by the cursor's own methods only).
    public var count = 0

    /// A cursor at the start of `base`, which holds `capacity` bytes.
    @inlinable
    public init(_ base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    /// The bytes that can still be written.
    @inlinable public var room: Int { capacity - count }

    /// The bytes written, as a buffer.
    @inlinable public var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Starts again at the first byte (the bytes written were handed on).
    @inlinable public mutating func reset() { count = 0 }

    @inlinable @inline(__always)
    public mutating func append(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    @inlinable @inline(__always)
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    @inlinable @inline(__always)
    public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// A string's UTF-8 bytes as they are (a number's text, an enum's raw value: nothing to escape).
    @inlinable @inline(__always)
    public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// `utf8` as the inside of a JSON string literal (no quotes), escaped as ``JSONWriter/appendEscaped(_:to:)`` does.
    public mutating func appendEscapedBody(_ utf8: UnsafeBufferPointer<UInt8>) {
        let hex: StaticString = "0123456789abcdef"
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): append(0x5C); append(0x22)
            case UInt8(ascii: "\\"): append(0x5C); append(0x5C)
            case 0x0A: append(0x5C); append(UInt8(ascii: "n"))
            case 0x0D: append(0x5C); append(UInt8(ascii: "r"))
            case 0x09: append(0x5C); append(UInt8(ascii: "t"))
            case 0..<0x20:
                append(0x5C); append(UInt8(ascii: "u")); append(0x30); append(0x30)
                append(hex.utf8Start[Int(byte >> 4)]); append(hex.utf8Start[Int(byte & 0xF)])
            default: append(byte)
            }
        }
    }

    /// `text` as a JSON string literal (quoted, escaped).
    public mutating func appendEscaped(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            append(UInt8(ascii: "\""))
            if JSONWriter.needsEscaping(utf8) { appendEscapedBody(utf8) } else { append(utf8) }
            append(UInt8(ascii: "\""))
        }
    }

    /// `text` masked by ``CPFScrubber`` and written as a JSON string literal; a text in which nothing can be masked
    /// (``JSONWriter/form(of:onlyCPFs:)``) is written from its own bytes.
    /// - Parameters:
    ///   - plainDigits: as ``CPFScrubber/scrub(_:plainDigits:)``'s.
    ///   - onlyCPFs: mask CPFs only (``CPFScrubber/scrubCPF(_:plainDigits:)``): a row's id.
    public mutating func appendMasked(_ text: String, plainDigits: Bool = true, onlyCPFs: Bool = false) {
        var text = text
        let form = text.withUTF8 { utf8 -> JSONWriter.Form in
            let form = JSONWriter.form(of: utf8, onlyCPFs: onlyCPFs)
            guard form != .masked else { return form }
            append(UInt8(ascii: "\""))
            if form == .escaped { appendEscapedBody(utf8) } else { append(utf8) }
            append(UInt8(ascii: "\""))
            return form
        }
        guard form == .masked else { return }
        appendEscaped(onlyCPFs ? CPFScrubber.scrubCPF(text, plainDigits: plainDigits) : CPFScrubber.scrub(text, plainDigits: plainDigits))
    }

    /// The most bytes ``appendMasked(_:plainDigits:onlyCPFs:)`` or ``appendEscaped(_:)`` writes for `text`: a byte
    /// becomes at most six (`\u001f`; a masked digit is a 3-byte `•` and a CPF's mask adds two marks), plus the quotes.
    public static func bound(_ text: String) -> Int { 6 * text.utf8.count + 8 }
}
