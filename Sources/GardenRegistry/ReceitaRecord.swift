import Foundation
import GardenFoundation

/// One line of a published Receita table split into fields, without copying: each field is a range of
/// the line. A field is quoted (`"…"`, closed by the quote that precedes `;` or the line end, so a bare
/// quote inside a name survives; `""` inside is read as one quote) or bare (up to the next `;`).
struct ReceitaRecord {
    /// Fields kept; a line with more is reported by its count.
    static let capacity = 40
    private(set) var starts = [Int](repeating: 0, count: capacity)
    private(set) var ends = [Int](repeating: 0, count: capacity)
    /// How many fields the line has.
    private(set) var count = 0
    private(set) var line = UnsafeBufferPointer<UInt8>(start: nil, count: 0)

    /// Splits `line`; false when a quoted field is never closed (`count` is then the open field's number).
    mutating func split(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        self.line = line
        count = 0
        let n = line.count
        guard n > 0, let base = line.baseAddress else { return true }
        var i = 0
        while true {
            var start = i, end = n
            if base[i] == 0x22 {
                start = i + 1
                var j = start
                while true {
                    guard let q = memchr(base + j, 0x22, n - j) else { count += 1; return false }
                    let at = UnsafePointer<UInt8>(q.assumingMemoryBound(to: UInt8.self)) - base
                    if at + 1 == n || base[at + 1] == 0x3B { end = at; i = at + 1; break }
                    j = at + 1
                }
            } else {
                if let semicolon = memchr(base + i, 0x3B, n - i) {
                    end = UnsafePointer<UInt8>(semicolon.assumingMemoryBound(to: UInt8.self)) - base
                }
                i = end
            }
            append(start, end)
            if i >= n { return true }
            i += 1                                         // past the ';'
            if i == n { append(n, n); return true }        // a trailing ';' ends an empty field
        }
    }

    private mutating func append(_ start: Int, _ end: Int) {
        if count < Self.capacity {
            starts[count] = start
            ends[count] = end
        }
        count += 1
    }

    /// The bytes of field `index` (0-based), as printed (ISO-8859-1).
    func field(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: line[starts[index]..<ends[index]])
    }

    /// Field `index` as a non-negative integer; nil when empty (or only spaces).
    /// - Throws: the field's text when it holds anything but digits.
    func integer(_ index: Int) throws(ReceitaRecord.FieldError) -> Int64? {
        var value: Int64 = 0
        var digits = 0
        for byte in field(index) {
            if byte >= 0x30 && byte <= 0x39 {
                guard digits < 18 else { throw FieldError(index: index, message: "number too long") }
                value = value * 10 + Int64(byte - 0x30)
                digits += 1
            } else if byte != 0x20 {
                throw FieldError(index: index, message: "not a number: \"\(CPFScrubber.scrub(Latin1.string(field(index))))\"")
            }
        }
        return digits == 0 ? nil : value
    }

    /// A field that does not hold what its column needs.
    struct FieldError: Error {
        var index: Int
        var message: String
    }
}
