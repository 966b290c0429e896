import GardenFoundation

/// One knowledge source's part of the knowledge image (``KnowledgeImage``): the bytes its source wrote when it
/// compiled, viewed in place in the mapped file. A source reads its own section only (``reader()``); nothing
/// else reads it.
public struct Section: Sendable {
    /// The section's name: its source's id ("brands", "bank_lines").
    public let id: String
    /// The image the section lies in (shared, not copied).
    package let image: ImageBytes
    /// Where the section lies in ``image``.
    public let range: Range<Int>

    package init(id: String, image: ImageBytes, range: Range<Int>) {
        (self.id, self.image, self.range) = (id, image, range)
    }

    /// A reader at the section's first byte. A view that reads past ``range`` has misread it (the image's
    /// checksum stands for the bytes): ``checkEnd(_:)`` says so.
    package func reader() -> BinaryReader { BinaryReader(image, at: range.lowerBound) }

    /// Throws unless `reader` stopped exactly at the section's end (a layout read as another).
    package func checkEnd(_ reader: BinaryReader) throws(BinaryReader.Malformed) {
        guard reader.position == range.upperBound else { throw BinaryReader.Malformed() }
    }

    /// The section's bytes, in place.
    package var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: image.raw[range]) }
}

/// What a source writes its section with: a ``BinaryWriter`` (integers little-endian, counted strings and arrays).
package typealias SectionWriter = BinaryWriter

/// One entry of a knowledge image's table of contents: a section, the source that wrote it, and what it was
/// compiled from (printed by `garden --version --sections`).
public struct SectionInfo: Sendable, Hashable {
    /// The source's id, also the section's name.
    public var id: String
    /// Who reads the section: a resolver's id, `analysis` or `engine`.
    public var owner: String
    /// The layout version the source wrote (part of the image's key: a changed layout rebuilds the image).
    public var layout: UInt16
    /// The data files compiled into it, relative to the data directory.
    public var files: [String]
    /// Its size in the image, in bytes.
    public var bytes: Int

    public init(id: String, owner: String, layout: UInt16, files: [String], bytes: Int) {
        (self.id, self.owner, self.layout, self.files, self.bytes) = (id, owner, layout, files, bytes)
    }
}

/// The knowledge image's sections: a table of contents, then each section 8-byte aligned (so a section's
/// arrays of fixed-width integers can be read in place), each written by one source.
///
/// Layout (after the header its owner writes, ``write(_:to:)``): the section count (`UInt32`), then per section
/// its id, owner, layout (`UInt16`), files (counted strings), offset and length (`UInt64`, the offset from the
/// image's first byte); then the sections.
public struct KnowledgeImage: Sendable {
    /// The table of contents, in the order the sections were written.
    public let contents: [SectionInfo]
    private let ranges: [Range<Int>]
    private let image: ImageBytes

    /// Writes `sections` (info without its size, and the section's bytes) after what `out` holds.
    package static func write(_ sections: [(info: SectionInfo, bytes: [UInt8])], to out: inout BinaryWriter) {
        out.integer(UInt32(sections.count))
        var offsetAt: [Int] = []
        for (info, bytes) in sections {
            out.string(info.id)
            out.string(info.owner)
            out.integer(info.layout)
            out.strings(info.files)
            offsetAt.append(out.position)
            out.integer(UInt64(0))
            out.integer(UInt64(bytes.count))
        }
        for (k, section) in sections.enumerated() {
            out.align(to: 8)
            out.patch(UInt64(out.position), at: offsetAt[k])
            out.bytes(section.bytes)
        }
    }

    /// The table of contents at `input`'s position (``write(_:to:)``); the reader is left past the last section.
    package init(reading input: inout BinaryReader) throws(BinaryReader.Malformed) {
        image = input.image
        var contents: [SectionInfo] = []
        var ranges: [Range<Int>] = []
        let count = try input.count()
        contents.reserveCapacity(count)
        for _ in 0..<count {
            let id = try input.string(), owner = try input.string()
            let layout = UInt16(bitPattern: try input.int16())
            let files = try input.strings()
            let offset = try input.uint64(), length = try input.uint64()
            guard offset <= UInt64(image.count), length <= UInt64(image.count) - offset else { throw BinaryReader.Malformed() }
            ranges.append(Int(offset)..<Int(offset + length))
            contents.append(SectionInfo(id: id, owner: owner, layout: layout, files: files, bytes: Int(length)))
        }
        if let last = ranges.last { try input.skip(last.upperBound - input.position) }
        (self.contents, self.ranges) = (contents, ranges)
    }

    /// Section `index` of the table of contents.
    public func section(_ index: Int) -> Section {
        Section(id: contents[index].id, image: image, range: ranges[index])
    }
}

extension BinaryWriter {
    /// Pads with zero bytes to the next multiple of `alignment`.
    package mutating func align(to alignment: Int) {
        while position % alignment != 0 { integer(UInt8(0)) }
    }
}
