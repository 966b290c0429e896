import GardenImportKit
/// The transactions of a Pluggy page (`{"results": [...]}`), an Open Finance Brasil response
/// (`{"data": [...]}`) or a bare array, one element at a time, read from a stream in constant memory: the
/// response's structure is followed byte by byte (strings, escapes, nesting), the other members (`page`,
/// `links`, `meta`) are skipped without being held, and only the element being read is held, up to
/// ``maximumElementLength``. Each element is then parsed on its own (``ProviderJSONImporter``), so a
/// transaction the reader rejects costs only itself, and a response cut short keeps the transactions before
/// the cut.
struct ProviderJSONStream {
    /// The longest transaction object read: 1 MiB (a Pluggy transaction is about 1 KiB).
    static let maximumElementLength = 1 << 20

    /// Why the response could not be followed further, at a line and column.
    struct Fault: Error {
        var line: Int
        var column: Int
        var message: String
    }

    /// What the top level held: which key's array was read (nil: a bare array), and whether a `results` or
    /// `data` key held something else.
    struct Outline {
        var listKey: String?
        var sawArray = false
        var misshapenKey: String?
    }

    private let source: ImportSource
    private var bytes: [UInt8] = []
    private var position = 0
    private var ended = false
    private var line = 1
    private var lineStart = 0
    /// Bytes dropped from the front of `bytes` (so columns stay right after compaction).
    private var dropped = 0
    /// Where the element being read starts in `bytes` (held from there), and whether it grew too long to hold.
    private var keepFrom: Int?
    private var keepOverflowed = false

    init(_ source: ImportSource) {
        self.source = source
    }

    /// Follows the response: `begin` gets the key whose array of transactions starts (nil for a bare
    /// array), `each` each element (its bytes, its first line, its index), `tooLong` each element too long
    /// to hold (its line and index). `keys` are the members that may hold the array (the first found is read).
    mutating func read(keys: Set<String>, begin: (String?) -> Void, each: ([UInt8], Int, Int) -> Void, tooLong: (Int, Int) -> Void) throws(Fault) -> Outline {
        var outline = Outline()
        if available(3), bytes[position] == 0xEF, bytes[position + 1] == 0xBB, bytes[position + 2] == 0xBF { position += 3; lineStart = 3 }
        try skipSpace()
        guard available(1) else { throw fault("the response is empty") }
        switch bytes[position] {
        case UInt8(ascii: "["):
            outline.sawArray = true
            begin(nil)
            try elements(each: each, tooLong: tooLong)
        case UInt8(ascii: "{"):
            position += 1
            try skipSpace()
            if peek() == UInt8(ascii: "}") { position += 1; break }
            while true {
                try skipSpace()
                let key = try string()
                try skipSpace()
                try expect(UInt8(ascii: ":"), "expected ':' after a key")
                try skipSpace()
                if !outline.sawArray, keys.contains(key) {
                    if peek() == UInt8(ascii: "[") {
                        outline.listKey = key
                        outline.sawArray = true
                        begin(key)
                        try elements(each: each, tooLong: tooLong)
                    } else {
                        outline.misshapenKey = outline.misshapenKey ?? key
                        try skipValue()
                    }
                } else {
                    try skipValue()
                }
                try skipSpace()
                guard available(1) else { throw fault("the response ends before its object is closed (expected ',' or '}')") }
                if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                if bytes[position] == UInt8(ascii: "}") { position += 1; break }
                throw fault("expected ',' or '}'")
            }
        default:
            throw fault("expected '{' or '['")
        }
        try skipSpace()
        if available(1) { throw fault("text after the response's closing bracket") }
        return outline
    }

    // MARK: the array of transactions

    private mutating func elements(each: ([UInt8], Int, Int) -> Void, tooLong: (Int, Int) -> Void) throws(Fault) {
        position += 1                                   // "["
        try skipSpace()
        if peek() == UInt8(ascii: "]") { position += 1; return }
        var index = 0
        while true {
            try skipSpace()
            let elementLine = line
            keepFrom = position
            keepOverflowed = false
            try skipValue()
            if keepOverflowed || position - keepFrom! > Self.maximumElementLength {
                tooLong(elementLine, index)
            } else {
                each(Array(bytes[keepFrom!..<position]), elementLine, index)
            }
            keepFrom = nil
            index += 1
            try skipSpace()
            guard available(1) else { throw fault("the response ends before its array is closed (expected ',' or ']')") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "]") { position += 1; return }
            throw fault("expected ',' or ']'")
        }
    }

    // MARK: values

    /// Moves past one JSON value (what it passes is dropped as the window moves, unless it is the element
    /// being read: ``keepFrom``). Nesting costs a counter here, not a stack, so it has no limit of its own: a
    /// transaction nested deeper than the parser takes (``JSONScanner/maximumDepth``) is passed whole and refused
    /// by its index when parsed, and the transactions after it are read (hostile10 F30: a limit here stopped the
    /// whole page at the deep one, dropping every later transaction).
    private mutating func skipValue() throws(Fault) {
        var depth = 0
        repeat {
            try skipSpace()
            guard available(1) else { throw fault("the response ends inside a value") }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                position += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard depth > 0 else { throw fault("unexpected '\(Character(Unicode.Scalar(byte)))'") }
                depth -= 1
                position += 1
            case UInt8(ascii: "\""):
                try passString()
            case UInt8(ascii: ","), UInt8(ascii: ":"):
                guard depth > 0 else { throw fault("unexpected '\(Character(Unicode.Scalar(byte)))'") }
                position += 1
            default:
                try passScalar()
            }
        } while depth > 0
    }

    /// Moves past a string (escapes honoured), holding nothing beyond the buffer.
    private mutating func passString() throws(Fault) {
        position += 1
        while true {
            guard available(1) else { throw fault("the response ends inside a string") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { position += 1; return }
            if byte == UInt8(ascii: "\\") { position += 1; guard available(1) else { continue } }
            if byte == 0x0A { throw fault("a line break inside a string") }
            position += 1
        }
    }

    /// Moves past a number or a literal (`true`, `false`, `null`).
    private mutating func passScalar() throws(Fault) {
        let start = position
        while available(1), Self.isScalarByte(bytes[position]) { position += 1 }
        guard position > start else { throw fault("unexpected character") }
    }

    private static func isScalarByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "E")
    }

    /// A member's key (escapes decoded as far as keys need: `\"` and `\\`).
    private mutating func string() throws(Fault) -> String {
        guard peek() == UInt8(ascii: "\"") else { throw fault("expected a key in double quotes") }
        position += 1
        var key: [UInt8] = []
        while true {
            guard available(1) else { throw fault("the response ends inside a key") }
            var byte = bytes[position]
            if byte == UInt8(ascii: "\"") { position += 1; break }
            if byte == UInt8(ascii: "\\") {
                position += 1
                guard available(1) else { continue }
                byte = bytes[position]
            }
            if key.count < 256 { key.append(byte) }
            position += 1
        }
        return String(decoding: key, as: UTF8.self)
    }

    private mutating func expect(_ byte: UInt8, _ message: String) throws(Fault) {
        guard peek() == byte else { throw fault(message) }
        position += 1
    }

    // MARK: the window

    private mutating func peek() -> UInt8? { available(1) ? bytes[position] : nil }

    private mutating func skipSpace() throws(Fault) {
        while available(1) {
            switch bytes[position] {
            case 0x20, 0x09, 0x0D: position += 1
            case 0x0A:
                position += 1
                line += 1
                lineStart = dropped + position
            default: return
            }
        }
    }

    /// Whether `count` bytes from `position` are held, reading more when needed (and dropping, before each
    /// read, what lies behind: the element being read is kept up to ``maximumElementLength``).
    private mutating func available(_ count: Int) -> Bool {
        while bytes.count - position < count {
            guard !ended, let chunk = source.nextChunk() else { ended = true; return false }
            compact()
            bytes.append(contentsOf: chunk)
        }
        return true
    }

    private mutating func compact() {
        var from = position
        if let keep = keepFrom {
            if position - keep > Self.maximumElementLength { keepFrom = nil; keepOverflowed = true } else { from = keep }
        }
        guard from >= 1 << 16 else { return }
        bytes.removeFirst(from)
        dropped += from
        position -= from
        keepFrom = keepFrom.map { $0 - from }
    }

    private func fault(_ message: String) -> Fault {
        Fault(line: line, column: dropped + position - lineStart + 1, message: message)
    }
}
