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
    static func write(_ table: KnowledgeTable<K>, into section: inout SectionWriter, patterns: inout PatternSink) {
        section.integer(UInt32(table.records.count))
        for record in table.records {
            section.string(record.file)
            section.integer(UInt32(record.line))
            section.strings(record.columns)
        }
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
        var records: [TSVFile.Record] = []
        for _ in 0..<(try input.count()) {
            let file = try input.string(), line = Int(try input.uint32())
            records.append(TSVFile.Record(line: line, columns: try input.strings(), file: file))
        }
        try section.checkEnd(input)
        return try viewed { () throws(DataError) in try KnowledgeTable<K>(records: records, taxonomy: context.taxonomy) }
    }
    static func same(_ view: KnowledgeTable<K>, _ parsed: KnowledgeTable<K>) -> Bool {
        view.patterns == parsed.patterns && view.locations == parsed.locations
            && zip(view.records, parsed.records).allSatisfy { $0.columns == $1.columns }
    }
    static var badRecord: (file: String, line: String, column: Int) {
        (K.files(in: DataDirectory(root: .init(fileURLWithPath: "/"))).first ?? K.section, "lonely", 1)
    }
}
