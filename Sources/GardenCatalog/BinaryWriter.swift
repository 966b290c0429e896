/// Appends values to a byte buffer in the compiled-catalog format (``CompiledCatalog``): integers
/// little-endian, strings and arrays prefixed by their UInt32 count.
struct BinaryWriter {
    private(set) var bytes: [UInt8] = []

    mutating func integer<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ text: String) {
        integer(UInt32(text.utf8.count))
        bytes.append(contentsOf: text.utf8)
    }

    mutating func optionalString(_ text: String?) {
        integer(UInt8(text == nil ? 0 : 1))
        if let text { string(text) }
    }

    /// Fixed-width integers in one copy, without a count (a table whose size was written before).
    mutating func raw<T: FixedWidthInteger>(_ values: [T]) {
        values.withUnsafeBytes { bytes.append(contentsOf: $0) }
    }

    /// Raw bytes, without a count.
    mutating func bytes(_ values: [UInt8]) {
        bytes.append(contentsOf: values)
    }

    /// Where the next value will be written (an offset in the image).
    var position: Int { bytes.count }

    /// Overwrites the 8 bytes at `offset` with `value` (a header field known only at the end).
    mutating func patch(_ value: UInt64, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(offset..<(offset + 8), with: $0) }
    }

    mutating func strings(_ texts: [String]) {
        integer(UInt32(texts.count))
        for text in texts { string(text) }
    }

    /// An array of fixed-width integers, written in one copy (the machine is little-endian).
    mutating func array<T: FixedWidthInteger>(_ values: [T]) {
        integer(UInt32(values.count))
        values.withUnsafeBytes { bytes.append(contentsOf: $0) }
    }
}
