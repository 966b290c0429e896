/// A map from strings to lists of strings stored in a compiled catalog image (``CompiledCatalog``) and read
/// in place: an ``ImageStringTable`` whose value is where the key's list is written; a list is decoded into
/// `String`s only when its key is looked up and found.
public struct ImageStringLists: Sendable {
    private let table: ImageStringTable
    private let image: ImageBytes?
    /// Where the lists are written in the image.
    private let listRange: Range<Int>

    /// No keys.
    public init() {
        table = ImageStringTable()
        image = nil
        listRange = 0..<0
    }

    /// The map at `input`'s position, passed over.
    package init(reading input: inout BinaryReader) throws(BinaryReader.Malformed) {
        image = input.image
        listRange = try input.bytes(try input.count())
        table = try ImageStringTable(reading: &input)
    }

    /// Writes `lists` (keys sorted; each list in its order).
    package static func write(_ lists: [String: [String]], to out: inout BinaryWriter) {
        var section = BinaryWriter()
        var keys: [(key: String, value: Int)] = []
        for key in lists.keys.sorted() {
            keys.append((key, section.position))
            section.strings(lists[key]!)
        }
        out.integer(UInt32(section.bytes.count))
        out.bytes(section.bytes)
        ImageStringTable.write(keys, to: &out)
    }

    /// The list stored for `key`, nil when it is not a key.
    public subscript(key: String) -> [String]? {
        guard let image, let offset = table[key], offset < listRange.count else { return nil }
        var input = BinaryReader(image, at: listRange.lowerBound + offset)
        return try? input.strings()
    }

    /// Whether the map has no keys.
    public var isEmpty: Bool { table.count == 0 }

    /// Whether `key`'s list holds `member`, read where the list lies (no `String` made; false when `key` is not
    /// a key): a lookup on the row path.
    public func list(_ key: String, contains member: String) -> Bool {
        guard let image, let offset = table[key], offset < listRange.count else { return false }
        var member = member
        return member.withUTF8 { wanted -> Bool in
            var input = BinaryReader(image, at: listRange.lowerBound + offset)
            guard let n = try? input.count() else { return false }
            for _ in 0..<n {
                guard let range = try? input.bytes(try input.count()) else { return false }
                if range.count == wanted.count, UnsafeRawBufferPointer(rebasing: image.raw[range]).elementsEqual(UnsafeRawBufferPointer(wanted)) {
                    return true
                }
            }
            return false
        }
    }

    /// Every key and its list (tests).
    public var all: [String: [String]] {
        Dictionary(uniqueKeysWithValues: table.keys.map { ($0, self[$0] ?? []) })
    }
}
