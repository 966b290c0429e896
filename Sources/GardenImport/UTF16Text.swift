/// A file written in UTF-16 (Windows tools and some banks export OFX and CSV so), recognised by its
/// byte-order mark (`FF FE` little-endian, `FE FF` big-endian) or, without one, by the zero byte beside
/// nearly every ASCII character of its start, and turned into UTF-8 before its format is detected: read
/// as bytes it was a "CSV" of NULs, one garbled column per line.
public enum UTF16Text {
    /// `bytes` as UTF-8 when they are UTF-16 text; nil when they are not (the common case).
    public static func utf8(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 2 else { return nil }
        var littleEndian: Bool
        var start = 0
        if bytes[0] == 0xFF, bytes[1] == 0xFE {
            littleEndian = true
            start = 2
        } else if bytes[0] == 0xFE, bytes[1] == 0xFF {
            littleEndian = false
            start = 2
        } else {
            // No mark: at least 16 characters, 9 in 10 of their high bytes zero and none of the low ones.
            let head = bytes.prefix(256)
            guard head.count >= 32 else { return nil }
            let pairs = head.count / 2
            let evenZeros = stride(from: 0, to: pairs * 2, by: 2).filter { head[$0] == 0 }.count
            let oddZeros = stride(from: 1, to: pairs * 2, by: 2).filter { head[$0] == 0 }.count
            if oddZeros * 10 >= pairs * 9, evenZeros == 0 { littleEndian = true } else if evenZeros * 10 >= pairs * 9, oddZeros == 0 { littleEndian = false } else { return nil }
        }
        var units: [UInt16] = []
        units.reserveCapacity((bytes.count - start) / 2)
        var i = start
        while i + 1 < bytes.count {
            units.append(littleEndian ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
            i += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }
}
