/// A file written in UTF-16 (Windows tools and some banks export OFX and CSV so), recognised by its
/// byte-order mark (`FF FE` little-endian, `FE FF` big-endian) or, without one, by the zero byte beside
/// nearly every ASCII character of its start, and read as UTF-8 before its format is detected: read as
/// bytes it was a "CSV" of NULs, one garbled column per line.
public enum UTF16Text {
    /// The byte order of UTF-16 text starting with `head`, and the length of its byte-order mark; nil when
    /// `head` is not UTF-16 (the common case).
    static func byteOrder(_ head: ArraySlice<UInt8>) -> (littleEndian: Bool, mark: Int)? {
        let head = Array(head.prefix(256))
        guard head.count >= 2 else { return nil }
        if head[0] == 0xFF, head[1] == 0xFE { return (true, 2) }
        if head[0] == 0xFE, head[1] == 0xFF { return (false, 2) }
        // No mark: at least 16 characters, 9 in 10 of their high bytes zero and none of the low ones.
        guard head.count >= 32 else { return nil }
        let pairs = head.count / 2
        let evenZeros = stride(from: 0, to: pairs * 2, by: 2).filter { head[$0] == 0 }.count
        let oddZeros = stride(from: 1, to: pairs * 2, by: 2).filter { head[$0] == 0 }.count
        if oddZeros * 10 >= pairs * 9, evenZeros == 0 { return (true, 0) }
        if evenZeros * 10 >= pairs * 9, oddZeros == 0 { return (false, 0) }
        return nil
    }

    /// A source reading `source`'s UTF-16 text as UTF-8, a chunk at a time (a character split between two
    /// chunks, a surrogate pair included, is joined; an unpaired surrogate or a last odd byte becomes
    /// U+FFFD); nil when `source` is not UTF-16.
    public static func transcoded(_ source: ImportSource) -> ImportSource? {
        guard let order = byteOrder(source.head(256)) else { return nil }
        var skip = order.mark
        var carry: [UInt8] = []
        var high: UInt16?
        var out: [UInt8] = []
        var finished = false
        func append(_ scalar: Unicode.Scalar) { UTF8.encode(scalar) { out.append($0) } }
        return ImportSource(read: { buffer in
            while out.isEmpty && !finished {
                guard let chunk = source.nextChunk() else {
                    if high != nil || !carry.isEmpty { append("\u{FFFD}") }
                    (high, carry, finished) = (nil, [], true)
                    if source.readFailed && out.isEmpty { return -1 }
                    break
                }
                var bytes = carry + chunk
                if skip > 0 {
                    let dropped = min(skip, bytes.count)
                    bytes.removeFirst(dropped)
                    skip -= dropped
                }
                var i = 0
                while i + 1 < bytes.count {
                    let unit = order.littleEndian ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])
                    i += 2
                    if let pending = high {
                        high = nil
                        if (0xDC00...0xDFFF).contains(unit) {
                            append(Unicode.Scalar(0x10000 + (UInt32(pending - 0xD800) << 10) + UInt32(unit - 0xDC00))!)
                            continue
                        }
                        append("\u{FFFD}")
                    }
                    if (0xD800...0xDBFF).contains(unit) { high = unit } else { append(Unicode.Scalar(unit) ?? "\u{FFFD}") }
                }
                carry = Array(bytes[i...])
            }
            let n = min(buffer.count, out.count)
            guard n > 0 else { return 0 }
            out.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: n) }
            out.removeFirst(n)
            return n
        })
    }
}
