/// A strict, allocation-light JSON reader for one line of input (RFC 8259): it validates the whole
/// text, UTF-8 included, and records value spans in a ``JSONDocument``.
///
/// Errors name the byte column (1-based) and what was expected, e.g. `column 17: expected ',' or '}'`.
/// Nesting deeper than ``maximumDepth`` is rejected rather than risking the stack.
public enum JSONScanner {
    /// Deepest nesting accepted.
    public static let maximumDepth = 128

    /// Why a line is not JSON.
    public struct SyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
        /// 1-based byte column.
        public var column: Int
        public var message: String
        public var description: String { "not JSON: column \(column): \(message)" }
    }

    /// Parses `bytes` as one JSON value with optional surrounding whitespace.
    public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONDocument {
        // The parser reads the line through a buffer pointer: no bounds check nor array access a byte (every read is
        // guarded by `position < bytes.count` already).
        let nodes = try bytes.withUnsafeBufferPointer { (buffer) throws(SyntaxError) -> [JSONDocument.Node] in
            var parser = Parser(bytes: buffer)
            try parser.run()
            return parser.nodes
        }
        return JSONDocument(bytes: bytes, nodes: nodes)
    }

    struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var nodes: [JSONDocument.Node] = []
        var position = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            nodes.reserveCapacity(32)
        }

        func fail(_ message: String, at offset: Int? = nil) -> SyntaxError {
            SyntaxError(column: (offset ?? position) + 1, message: message)
        }

        mutating func skipWhitespace() {
            guard position < bytes.count, bytes[position] <= 0x20 else { return }     // the usual case: no space
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x09, 0x0A, 0x0D: position += 1
                default: return
                }
            }
        }

        mutating func run() throws(SyntaxError) {
            skipWhitespace()
            _ = try value(depth: 0, keyStart: -1, keyEnd: -1, keyEscaped: false)
            skipWhitespace()
            if position < bytes.count { throw fail("unexpected text after the value") }
        }

        mutating func newNode(_ kind: JSONDocument.Kind, keyStart: Int32, keyEnd: Int32, keyEscaped: Bool) -> Int {
            nodes.append(JSONDocument.Node(kind: kind, start: Int32(position), end: Int32(position),
                                           keyStart: keyStart, keyEnd: keyEnd, escaped: false,
                                           keyEscaped: keyEscaped, firstChild: -1, nextSibling: -1))
            return nodes.count - 1
        }

        mutating func value(depth: Int, keyStart: Int32, keyEnd: Int32, keyEscaped: Bool) throws(SyntaxError) -> Int {
            guard position < bytes.count else { throw fail("unexpected end of line, expected a value") }
            switch bytes[position] {
            case UInt8(ascii: "{"):
                guard depth < JSONScanner.maximumDepth else { throw fail("nested too deeply") }
                let node = newNode(.object, keyStart: keyStart, keyEnd: keyEnd, keyEscaped: keyEscaped)
                position += 1
                skipWhitespace()
                var last = -1
                if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                    position += 1
                } else {
                    while true {
                        skipWhitespace()
                        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                            throw fail("expected a quoted member name")
                        }
                        let (kStart, kEnd, kEscaped) = try stringBody()
                        skipWhitespace()
                        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                            throw fail("expected ':' after a member name")
                        }
                        position += 1
                        skipWhitespace()
                        let child = try value(depth: depth + 1, keyStart: Int32(kStart), keyEnd: Int32(kEnd), keyEscaped: kEscaped)
                        link(parent: node, last: &last, child: child)
                        skipWhitespace()
                        guard position < bytes.count else { throw fail("unexpected end of line, expected ',' or '}'") }
                        if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                        if bytes[position] == UInt8(ascii: "}") { position += 1; break }
                        throw fail("expected ',' or '}'")
                    }
                }
                nodes[node].end = Int32(position)
                return node
            case UInt8(ascii: "["):
                guard depth < JSONScanner.maximumDepth else { throw fail("nested too deeply") }
                let node = newNode(.array, keyStart: keyStart, keyEnd: keyEnd, keyEscaped: keyEscaped)
                position += 1
                skipWhitespace()
                var last = -1
                if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                    position += 1
                } else {
                    while true {
                        skipWhitespace()
                        let child = try value(depth: depth + 1, keyStart: -1, keyEnd: -1, keyEscaped: false)
                        link(parent: node, last: &last, child: child)
                        skipWhitespace()
                        guard position < bytes.count else { throw fail("unexpected end of line, expected ',' or ']'") }
                        if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                        if bytes[position] == UInt8(ascii: "]") { position += 1; break }
                        throw fail("expected ',' or ']'")
                    }
                }
                nodes[node].end = Int32(position)
                return node
            case UInt8(ascii: "\""):
                let node = newNode(.string, keyStart: keyStart, keyEnd: keyEnd, keyEscaped: keyEscaped)
                let (_, _, escaped) = try stringBody()
                nodes[node].end = Int32(position)
                nodes[node].escaped = escaped
                return node
            case UInt8(ascii: "t"): return try literal("true", .bool, keyStart, keyEnd, keyEscaped)
            case UInt8(ascii: "f"): return try literal("false", .bool, keyStart, keyEnd, keyEscaped)
            case UInt8(ascii: "n"): return try literal("null", .null, keyStart, keyEnd, keyEscaped)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let node = newNode(.number, keyStart: keyStart, keyEnd: keyEnd, keyEscaped: keyEscaped)
                try number()
                nodes[node].end = Int32(position)
                return node
            default:
                throw fail("expected a value")
            }
        }

        mutating func link(parent: Int, last: inout Int, child: Int) {
            if last < 0 { nodes[parent].firstChild = Int32(child) } else { nodes[last].nextSibling = Int32(child) }
            last = child
        }

        mutating func literal(_ word: StaticString, _ kind: JSONDocument.Kind, _ keyStart: Int32, _ keyEnd: Int32, _ keyEscaped: Bool) throws(SyntaxError) -> Int {
            let node = newNode(kind, keyStart: keyStart, keyEnd: keyEnd, keyEscaped: keyEscaped)
            let length = word.utf8CodeUnitCount
            let matches = word.withUTF8Buffer { w in
                guard position + w.count <= bytes.count else { return false }
                for i in 0..<w.count where bytes[position + i] != w[i] { return false }
                return true
            }
            guard matches else { throw fail("expected a value") }
            position += length
            nodes[node].end = Int32(position)
            return node
        }

        mutating func number() throws(SyntaxError) {
            if bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard position < bytes.count, isDigit(bytes[position]) else { throw fail("malformed number") }
            if bytes[position] == UInt8(ascii: "0") {
                position += 1
            } else {
                while position < bytes.count, isDigit(bytes[position]) { position += 1 }
            }
            if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
                position += 1
                guard position < bytes.count, isDigit(bytes[position]) else { throw fail("malformed number") }
                while position < bytes.count, isDigit(bytes[position]) { position += 1 }
            }
            if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
                position += 1
                if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
                guard position < bytes.count, isDigit(bytes[position]) else { throw fail("malformed number") }
                while position < bytes.count, isDigit(bytes[position]) { position += 1 }
            }
        }

        @inline(__always) func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

        /// Reads a string starting at the opening quote; returns its content span and whether it has escapes.
        mutating func stringBody() throws(SyntaxError) -> (Int, Int, Bool) {
            position += 1
            let start = position
            var escaped = false
            // The plain run (printable ASCII but quote and backslash) in a local loop over the buffer.
            var p = position
            while p < bytes.count, bytes[p] >= 0x20, bytes[p] < 0x80, bytes[p] != UInt8(ascii: "\""), bytes[p] != UInt8(ascii: "\\") { p += 1 }
            position = p
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    let end = position
                    position += 1
                    return (start, end, escaped)
                }
                if byte == UInt8(ascii: "\\") {
                    escaped = true
                    position += 1
                    guard position < bytes.count else { break }
                    switch bytes[position] {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                         UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        position += 1
                    case UInt8(ascii: "u"):
                        guard position + 4 < bytes.count,
                              (1...4).allSatisfy({ hexValue(bytes[position + $0]) != nil }) else {
                            throw fail("malformed \\u escape")
                        }
                        position += 5
                    default:
                        throw fail("unknown escape in a string")
                    }
                    continue
                }
                if byte < 0x20 { throw fail("control character in a string") }
                if byte < 0x80 { position += 1; continue }
                position = try utf8Sequence(at: position)
            }
            throw fail("unterminated string", at: start - 1)
        }

        /// Validates one multi-byte UTF-8 sequence (RFC 3629: no overlongs, no surrogates, ≤ U+10FFFF).
        func utf8Sequence(at offset: Int) throws(SyntaxError) -> Int {
            let lead = bytes[offset]
            var length = 0
            var lower: UInt8 = 0x80, upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: throw SyntaxError(column: offset + 1, message: "invalid UTF-8")
            }
            guard offset + length <= bytes.count else { throw SyntaxError(column: offset + 1, message: "invalid UTF-8") }
            let second = bytes[offset + 1]
            guard second >= lower, second <= upper else { throw SyntaxError(column: offset + 1, message: "invalid UTF-8") }
            for k in 2..<length where bytes[offset + k] & 0xC0 != 0x80 {
                throw SyntaxError(column: offset + 1, message: "invalid UTF-8")
            }
            return offset + length
        }
    }

    static func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case 0x30...0x39: return UInt32(b - 0x30)
        case 0x41...0x46: return UInt32(b - 0x41 + 10)
        case 0x61...0x66: return UInt32(b - 0x61 + 10)
        default: return nil
        }
    }

    /// Decodes the escapes of a validated string body `bytes[from..<to]`. Unpaired surrogates become U+FFFD.
    static func unescape(_ bytes: [UInt8], from: Int, to: Int) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(to - from)
        var i = from
        func hex4(_ at: Int) -> UInt32 {
            (0..<4).reduce(UInt32(0)) { $0 << 4 | (hexValue(bytes[at + $1]) ?? 0) }
        }
        func appendScalar(_ value: UInt32) {
            let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
            out.append(contentsOf: Array(String(scalar).utf8))
        }
        while i < to {
            let byte = bytes[i]
            guard byte == UInt8(ascii: "\\") else { out.append(byte); i += 1; continue }
            let code = bytes[i + 1]
            i += 2
            switch code {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                let unit = hex4(i)
                i += 4
                if unit >= 0xD800, unit < 0xDC00, i + 6 <= to, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                    let low = hex4(i + 2)
                    if low >= 0xDC00, low < 0xE000 {
                        i += 6
                        appendScalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                        continue
                    }
                }
                appendScalar(unit)
            default: out.append(code)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
