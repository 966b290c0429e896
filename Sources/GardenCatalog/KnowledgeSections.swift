import GardenFoundation

/// One declared knowledge's records, parsed: the image section of one resolver (``PatternKnowledge``).
protocol KnowledgeSection: Sendable {
    var id: String { get }
    var scope: KnowledgeScope { get }
    /// The records as read from the data files, kept in the compiled image.
    var records: [TSVFile.Record] { get }
    /// Each record's patterns.
    var patterns: [[String]] { get }
}

/// The typed section of knowledge `K`.
final class KnowledgeTable<K: PatternKnowledge>: KnowledgeSection, @unchecked Sendable {
    let records: [TSVFile.Record]
    let patterns: [[String]]
    let entries: [K.Entry]
    let locations: [SourceLocation]
    var id: String { K.section }
    var scope: KnowledgeScope { K.scope }

    /// Reads `records` through `K` (``PatternKnowledge/read(_:)``).
    init(records: [TSVFile.Record], taxonomy: Taxonomy) throws(DataError) {
        var patterns: [[String]] = [], entries: [K.Entry] = []
        for record in records {
            let read = try K.read(record, taxonomy: taxonomy)
            patterns.append(read.patterns)
            entries.append(read.entry)
        }
        (self.records, self.patterns, self.entries) = (records, patterns, entries)
        locations = records.map { SourceLocation(file: $0.file, line: $0.line) }
    }
}

extension PatternKnowledge {
    /// This knowledge's section of `records`.
    static func table(records: [TSVFile.Record], taxonomy: Taxonomy) throws(DataError) -> any KnowledgeSection {
        try KnowledgeTable<Self>(records: records, taxonomy: taxonomy)
    }
}

/// The declared knowledge of a catalog (``PatternKnowledge``), one section per resolver, in precedence order.
public struct KnowledgeSections: Sendable {
    let sections: [any KnowledgeSection]

    init(_ sections: [any KnowledgeSection] = []) { self.sections = sections }

    /// The sections' ids, in order.
    public var ids: [String] { sections.map(\.id) }

    /// The scope of section `index`.
    public func scope(_ index: Int) -> KnowledgeScope { sections[index].scope }

    /// The matches of `K` among `matches`, typed, in the order found; none when the catalog was built without `K`.
    public func hits<K: PatternKnowledge>(of _: K.Type, in matches: [KnowledgeMatch]) -> [KnowledgeHit<K>] {
        guard !matches.isEmpty, let index = sections.firstIndex(where: { $0.id == K.section }),
              let table = sections[index] as? KnowledgeTable<K> else { return [] }
        return matches.lazy.filter { $0.section == index }.map { match in
            KnowledgeHit<K>(entry: table.entries[match.record], text: match.text, span: match.span, location: table.locations[match.record])
        }
    }

    /// Whether the catalog holds `K`'s section.
    public func contains<K: PatternKnowledge>(_: K.Type) -> Bool { sections.contains { $0 is KnowledgeTable<K> } }

    /// Reads each knowledge's files from `data`.
    /// - Throws: ``DataError`` at the first bad record; a section id declared twice is an error too.
    static func read(_ knowledge: [any PatternKnowledge.Type], data: DataDirectory, taxonomy: Taxonomy) throws(DataError) -> KnowledgeSections {
        try KnowledgeSections(knowledge.map { kind throws(DataError) in
            var records: [TSVFile.Record] = []
            for name in kind.files(in: data) {
                records += try TSVFile(name: name, text: data.read(name), minimumColumns: kind.minimumColumns).records
            }
            return try table(kind, records: records, taxonomy: taxonomy)
        }).checked()
    }

    /// The sections of `knowledge` from records kept in a compiled image, nil when they do not fit it.
    static func restore(_ knowledge: [any PatternKnowledge.Type], from stored: [(id: String, records: [TSVFile.Record])],
                        taxonomy: Taxonomy) -> KnowledgeSections? {
        guard stored.map(\.id) == knowledge.map({ $0.section }) else { return nil }
        return try? KnowledgeSections(zip(knowledge, stored).map { kind, section throws(DataError) in
            try table(kind, records: section.records, taxonomy: taxonomy)
        })
    }

    private static func table(_ kind: any PatternKnowledge.Type, records: [TSVFile.Record], taxonomy: Taxonomy) throws(DataError) -> any KnowledgeSection {
        try kind.table(records: records, taxonomy: taxonomy)
    }

    private func checked() throws(DataError) -> KnowledgeSections {
        var seen: Set<String> = []
        for section in sections where !seen.insert(section.id).inserted {
            throw DataError(file: section.records.first?.file ?? section.id, line: 0, "knowledge section \"\(section.id)\" is declared twice")
        }
        return self
    }
}
