/// A ledger row's input line and resolution as a schema-7 store keeps them in its one `body` column (garden
/// before the plain-column ledger of migration 8, which reads them once; nothing writes format 2 any more):
/// format 2, each text split
/// by ``LedgerShape`` into a shape, stored once in `ledger_shape` and named here by its id, and values,
/// the values of both texts compressed together (raw deflate primed with ``LedgerDictionary/format2``;
/// inflated with the system zlib, ``LedgerText/inflate(_:dictionary:windowBits:)``). A value that equals the row's row id, category, source, direction or date
/// (columns the row keeps anyway) is a one-byte reference.
///
/// Layout: the format byte 2, the two shape ids (unsigned LEB128), then raw deflate (a 2^15 window).
/// A text that does not split (``LedgerShape``) is stored in format 3 instead: the format byte, the length
/// of the packed input line (LEB128), then the input line and the resolution each packed as format 1
/// (``LedgerText``).
package enum LedgerBody {
    static let format: UInt8 = 2
    static let unsplitFormat: UInt8 = 3
    static let windowBits: Int32 = 15

    /// The values a reference byte names, in order: row id, category, source, direction, date.
    package static func context(_ row: LedgerRow) -> [[UInt8]] {
        [Array(row.rowID.utf8), Array(row.category.utf8), Array(row.source.utf8), Array((row.direction ?? "").utf8), Array((row.date ?? "").utf8)]
    }

    /// A body of format 3 holding `raw` and `resolution` (each ``LedgerText`` format 1): what migration 7
    /// writes for the rows of a store before it, which migration 8 then reads into plain columns.
    package static func unsplit(raw: String, resolution: String) -> [UInt8] {
        let packedRaw = LedgerText.pack(raw)
        var body: [UInt8] = [unsplitFormat]
        appendNumber(UInt64(packedRaw.count), to: &body)
        return body + packedRaw + LedgerText.pack(resolution)
    }

    /// The input line and resolution of a stored body; nil when the bytes are no body these formats
    /// wrote or name a shape `shape` does not know.
    package static func unpack(_ body: UnsafeRawBufferPointer, context: [[UInt8]], shape: (Int64) -> [UInt8]?) -> (raw: String, resolution: String)? {
        guard let first = body.first else { return nil }
        var cursor = 1
        if first == unsplitFormat {
            guard let length = readNumber(body, &cursor), cursor + Int(length) <= body.count,
                  let raw = LedgerText.unpack(UnsafeRawBufferPointer(rebasing: body[cursor..<(cursor + Int(length))])),
                  let resolution = LedgerText.unpack(UnsafeRawBufferPointer(rebasing: body[(cursor + Int(length))...])) else { return nil }
            return (raw, resolution)
        }
        guard first == format, let rawID = readNumber(body, &cursor), let resolutionID = readNumber(body, &cursor),
              let rawShape = shape(Int64(rawID)), let resolutionShape = shape(Int64(resolutionID)),
              let values = LedgerText.inflate(UnsafeRawBufferPointer(rebasing: body[cursor...]), dictionary: LedgerDictionary.format2,
                                              windowBits: windowBits) else { return nil }
        return values.withUnsafeBufferPointer { values -> (String, String)? in
            var at = 0
            var raw: [UInt8] = [], resolution: [UInt8] = []
            raw.reserveCapacity(256)
            resolution.reserveCapacity(512)
            guard LedgerShape.join(rawShape, values: values, cursor: &at, context: context, into: &raw),
                  LedgerShape.join(resolutionShape, values: values, cursor: &at, context: context, into: &resolution),
                  at == values.count else { return nil }
            return (String(decoding: raw, as: UTF8.self), String(decoding: resolution, as: UTF8.self))
        }
    }

    static func appendNumber(_ value: UInt64, to out: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        out.append(UInt8(value))
    }

    static func readNumber(_ bytes: UnsafeRawBufferPointer, _ cursor: inout Int) -> UInt64? {
        var value: UInt64 = 0, shift: UInt64 = 0
        while cursor < bytes.count, shift < 64 {
            let byte = bytes[cursor]
            cursor += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }
}
