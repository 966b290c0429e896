/// Appends values to a byte buffer in the compiled-catalog format (``CompiledCatalog``): integers
/// little-endian, strings and arrays prefixed by their UInt32 count.
package struct BinaryWriter {
    package private(set) var bytes: [UInt8] = []

    package init() {}

    package mutating func integer<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    package mutating func string(_ text: String) {
        integer(UInt32(text.utf8.count))
        bytes.append(contentsOf: text.utf8)
    }

    package mutating func optionalString(_ text: String?) {
        integer(UInt8(text == nil ? 0 : 1))
        if let text { string(text) }
    }

    /// Fixed-width integers in one copy, without a count (a table whose size was written before).
    package mutating func raw<T: FixedWidthInteger>(_ values: [T]) {
        values.withUnsafeBytes { bytes.append(contentsOf: $0) }
    }

    /// Raw bytes, without a count.
    package mutating func bytes(_ values: [UInt8]) {
        bytes.append(contentsOf: values)
    }

    /// Where the next value will be written (an offset in the image).
    package var position: Int { bytes.count }

    /// Overwrites the 8 bytes at `offset` with `value` (a header field known only at the end).
    package mutating func patch(_ value: UInt64, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(offset..<(offset + 8), with: $0) }
    }

    package mutating func strings(_ texts: [String]) {
        integer(UInt32(texts.count))
        for text in texts { string(text) }
    }

    /// An array of fixed-width integers, written in one copy (the machine is little-endian).
    package mutating func array<T: FixedWidthInteger>(_ values: [T]) {
        integer(UInt32(values.count))
        values.withUnsafeBytes { bytes.append(contentsOf: $0) }
    }
}
