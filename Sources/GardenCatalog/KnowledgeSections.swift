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

/// The declared knowledge of a catalog (``PatternKnowledge``), one section per resolver, in precedence order.
public struct KnowledgeSections: Sendable {
    let sections: [any KnowledgeSection]
    /// Each section's slot in the image (``AutomatonEntry/slot``).
    let slots: [UInt16]

    init(_ sections: [any KnowledgeSection] = [], slots: [UInt16] = []) { (self.sections, self.slots) = (sections, slots) }

    /// The sections' ids, in order.
    public var ids: [String] { sections.map(\.id) }

    /// The scope of section `index`.
    public func scope(_ index: Int) -> KnowledgeScope { sections[index].scope }

    /// The index of the section whose slot in the image is `slot`, nil when no declared knowledge has it.
    public func index(ofSlot slot: UInt16) -> Int? { slots.firstIndex(of: slot) }

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
}
