import Foundation
import GardenImage
import GardenFoundation

/// One declared knowledge's records: the image section of one resolver (``PatternKnowledge``).
protocol KnowledgeSection: Sendable {
    var id: String { get }
    var scope: KnowledgeScope { get }
    /// The ``PatternKnowledge`` type the section holds.
    var knowledgeType: ObjectIdentifier { get }
    /// The number of records.
    var recordCount: Int { get }
    /// Record `index` as read from the data files (decoded from the image on first use when restored).
    func record(_ index: Int) -> TSVFile.Record
    /// Each record's patterns: read from the data files when the image is compiled; empty when the section was
    /// restored from an image (its automaton is already built).
    var patterns: [[String]] { get }
}

/// The typed section of knowledge `K`: parsed from the data files (every record read and checked, its patterns given
/// to the automaton) or restored from a compiled image, where nothing is decoded at start: a record and its entry
/// are read the first time a row's match asks for them (``LazyImageRecords``), so a start costs no time per record
/// and a list of thousands of names is as cheap to start as one of ten.
final class KnowledgeTable<K: PatternKnowledge>: KnowledgeSection, @unchecked Sendable {
    private enum Records {
        case parsed([TSVFile.Record], entries: [K.Entry])
        case image(LazyImageRecords<TSVFile.Record>, taxonomy: Taxonomy)
    }
    private let records: Records
    let patterns: [[String]]
    private let lock = NSLock()
    private var decoded: [Int: K.Entry] = [:]
    var id: String { K.section }
    var scope: KnowledgeScope { K.scope }
    var knowledgeType: ObjectIdentifier { ObjectIdentifier(K.self) }

    /// Reads `records` through `K` (``PatternKnowledge/read(_:taxonomy:)``).
    init(records: [TSVFile.Record], taxonomy: Taxonomy) throws(DataError) {
        var patterns: [[String]] = [], entries: [K.Entry] = []
        for record in records {
            let read = try K.read(record, taxonomy: taxonomy)
            patterns.append(read.patterns)
            entries.append(read.entry)
        }
        self.records = .parsed(records, entries: entries)
        self.patterns = patterns
    }

    /// The records kept in a compiled image, read on first use; they were read and checked when it was compiled.
    init(image records: LazyImageRecords<TSVFile.Record>, taxonomy: Taxonomy) {
        self.records = .image(records, taxonomy: taxonomy)
        patterns = []
    }

    var recordCount: Int {
        switch records {
        case .parsed(let all, _): all.count
        case .image(let lazy, _): lazy.count
        }
    }

    func record(_ index: Int) -> TSVFile.Record {
        switch records {
        case .parsed(let all, _): all[index]
        case .image(let lazy, _): lazy[index]
        }
    }

    /// Record `index`'s entry.
    func entry(_ index: Int) -> K.Entry {
        switch records {
        case .parsed(_, let entries): return entries[index]
        case .image(let lazy, let taxonomy):
            lock.lock()
            defer { lock.unlock() }
            if let known = decoded[index] { return known }
            // The record was read by `K` when the image was compiled from the same files (the image's key), so one
            // that no longer reads is a bug, not bad data.
            guard let read = try? K.read(lazy[index], taxonomy: taxonomy) else {
                preconditionFailure("knowledge \(K.section) record \(index) no longer reads")
            }
            decoded[index] = read.entry
            return read.entry
        }
    }

    /// Every record's entry, in file order.
    var entries: [K.Entry] { (0..<recordCount).map(entry) }

    /// Where record `index` is in its data file.
    func location(_ index: Int) -> SourceLocation {
        let record = record(index)
        return SourceLocation(file: record.file, line: record.line)
    }
}

/// The declared knowledge of a catalog (``PatternKnowledge``), one section per resolver, in precedence order.
public struct KnowledgeSections: Sendable {
    let sections: [any KnowledgeSection]
    /// Each section's slot in the image (``AutomatonEntry/slot``).
    let slots: [UInt16]
    /// Each section's index by its knowledge type, so a resolver's lookup compares no ids.
    private let indexByType: [ObjectIdentifier: Int]

    init(_ sections: [any KnowledgeSection] = [], slots: [UInt16] = []) {
        self.sections = sections
        self.slots = slots
        var index: [ObjectIdentifier: Int] = [:]
        for (i, section) in sections.enumerated() where index[section.knowledgeType] == nil { index[section.knowledgeType] = i }
        indexByType = index
    }

    /// The sections' ids, in order.
    public var ids: [String] { sections.map(\.id) }

    /// The index of the section whose slot in the image is `slot`, nil when no declared knowledge has it.
    public func index(ofSlot slot: UInt16) -> Int? { slots.firstIndex(of: slot) }

    /// The scope of section `index`.
    public func scope(_ index: Int) -> KnowledgeScope { sections[index].scope }

    /// The matches of `K` among `matches`, typed, in the order found; none when the catalog was built without `K`.
    public func hits<K: PatternKnowledge>(of _: K.Type, in matches: [KnowledgeMatch]) -> [KnowledgeHit<K>] {
        // Most rows match none of a given knowledge: answered before any cast or allocation.
        guard !matches.isEmpty, let index = indexByType[ObjectIdentifier(K.self)], matches.contains(where: { $0.section == index }),
              let table = sections[index] as? KnowledgeTable<K> else { return [] }
        return matches.lazy.filter { $0.section == index }.map { match in
            KnowledgeHit<K>(entry: table.entry(match.record), text: match.text, span: match.span, location: table.location(match.record))
        }
    }

    /// Whether the catalog holds `K`'s section.
    public func contains<K: PatternKnowledge>(_: K.Type) -> Bool { sections.contains { $0 is KnowledgeTable<K> } }
}
