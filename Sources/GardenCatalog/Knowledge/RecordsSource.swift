import GardenFoundation
import GardenImage

/// What a small table's source parses: its files' records and the value they make.
struct RecordsParsed<Value> {
    var files: [TSVFile]
    var value: Value
}

/// A source kept in the ``RecordsLayout``: its records are stored as read and given to ``build(_:taxonomy:)``
/// again when viewed (no file read, no text split, no UTF-8 check at a start).
protocol RecordsSource: KnowledgeSource where Parsed == RecordsParsed<View> {
    /// The fewest columns a record has.
    static var minimumColumns: Int { get }
    /// The value the records make.
    /// - Throws: ``DataError`` at a bad record's field.
    static func build(_ files: [TSVFile], taxonomy: () throws(DataError) -> Taxonomy) throws(DataError) -> View
    /// Whether two values hold the same.
    static func equal(_ a: View, _ b: View) -> Bool
    /// The patterns of the records (none by default).
    static func patterns(_ value: View, into patterns: inout PatternSink)
}

extension RecordsSource {
    static func patterns(_ value: View, into patterns: inout PatternSink) {}

    static func parse(_ files: SourceFiles, _ shared: inout CompileContext) throws(DataError) -> RecordsParsed<View> {
        let tsvs = try files.tsvs(minimumColumns: minimumColumns)
        var context = shared
        let value = try build(tsvs) { () throws(DataError) in try context.taxonomy() }
        shared = context
        return RecordsParsed(files: tsvs, value: value)
    }

    static func write(_ parsed: RecordsParsed<View>, into section: inout SectionWriter, patterns: inout PatternSink) {
        RecordsLayout.write(parsed.files, to: &section)
        Self.patterns(parsed.value, into: &patterns)
    }

    static func view(_ section: Section, _ context: ViewContext) throws(BinaryReader.Malformed) -> View {
        let files = try RecordsLayout.read(section)
        return try viewed { () throws(DataError) in try build(files) { () throws(DataError) in context.taxonomy } }
    }

    static func same(_ view: View, _ parsed: RecordsParsed<View>) -> Bool { equal(view, parsed.value) }
}

extension RecordsSource where View: Equatable {
    static func equal(_ a: View, _ b: View) -> Bool { a == b }
}
