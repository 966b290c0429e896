import GardenFoundation
import GardenImage

/// The pattern knowledge a resolver declares (``PatternKnowledge``) as a source of the image: its records kept
/// as read, its patterns `other` hits of the slot it gets (``PatternOptions/lineScope`` for knowledge of the
/// whole line), read typed by their owner (`context.matches(of:)` in GardenEngine).
enum DeclaredSource<K: PatternKnowledge>: KnowledgeSource {
    static var id: String { K.section }
    static var owner: String { K.section }
    static func files(in data: DataDirectory) -> [String] { K.files(in: data) }
    static func parse(_ files: SourceFiles, _ shared: inout CompileContext) throws(DataError) -> KnowledgeTable<K> {
        let records = try files.tsvs(minimumColumns: K.minimumColumns).flatMap(\.records)
        return try KnowledgeTable<K>(records: records, taxonomy: shared.taxonomy())
    }
    /// The records as one block (file, line, columns each) and each record's offset in it, viewed in place and read
    /// on first use (``LazyImageRecords``); then the patterns, `other` hits of this source's slot.
    static func write(_ table: KnowledgeTable<K>, into section: inout SectionWriter, patterns: inout PatternSink) {
        var records = BinaryWriter()
        var offsets: [UInt32] = []
        for index in 0..<table.recordCount {
            let record = table.record(index)
            offsets.append(UInt32(records.position))
            records.string(record.file)
            records.integer(UInt32(record.line))
            records.strings(record.columns)
        }
        section.integer(UInt32(records.bytes.count))
        section.bytes(records.bytes)
        section.array(offsets)
        let scope: PatternOptions = K.scope == .line ? .lineScope : []
        for (record, texts) in table.patterns.enumerated() {
            for var text in texts {
                var flags: PatternTrie.EntryFlags = []
                if text.hasPrefix("^") { flags.insert(.anchored); text.removeFirst() }
                if text.hasSuffix("*") { flags.insert(.prefix); text.removeLast() }
                patterns.add(text, record: record, role: .other, options: flags.contains(.prefix) ? scope.union(.prefix) : scope, flags: flags)
            }
        }
    }
    static func view(_ section: Section, _ context: ViewContext) throws(BinaryReader.Malformed) -> KnowledgeTable<K> {
        var input = section.reader()
        let blob = try input.bytes(try input.count())
        let offsets = try input.uint32s()
        guard offsets.allSatisfy({ Int($0) < blob.count }) else { throw BinaryReader.Malformed() }
        try section.checkEnd(input)
        let records = LazyImageRecords(image: input.image, offsets: offsets.map { $0 + UInt32(blob.lowerBound) }) { record throws(BinaryReader.Malformed) in
            let file = try record.string(), line = Int(try record.uint32())
            return TSVFile.Record(line: line, columns: try record.strings(), file: file)
        }
        return KnowledgeTable<K>(image: records, taxonomy: context.taxonomy)
    }
    static func same(_ view: KnowledgeTable<K>, _ parsed: KnowledgeTable<K>) -> Bool {
        view.recordCount == parsed.recordCount && (0..<view.recordCount).allSatisfy { index in
            let a = view.record(index), b = parsed.record(index)
            return a.file == b.file && a.line == b.line && a.columns == b.columns
        }
    }
    static var badRecord: (file: String, line: String, column: Int) {
        (K.files(in: DataDirectory(root: .init(fileURLWithPath: "/"))).first ?? K.section, "lonely", 1)
    }
}
