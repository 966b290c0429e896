import GardenFoundation
import GardenImage

/// Compiling the knowledge image from its sources, and reading its sections back.
extension CompiledCatalog {
    /// The image of `sources` compiled from `data`: each source's section in order (its patterns added to the
    /// automaton under its slot, its index), then the automaton. `fingerprint` is asked once every file was read.
    /// - Throws: ``DataError`` at the first bad record, or when two sources share an id.
    static func image(data: DataDirectory, sources: [any KnowledgeSource.Type], fingerprint: () -> String) throws(DataError) -> [UInt8] {
        var context = CompileContext(data: data)
        var sink = PatternSink()
        var sections: [(info: SectionInfo, bytes: [UInt8])] = []
        var seen: Set<String> = []
        for (slot, source) in sources.enumerated() {
            guard seen.insert(source.id).inserted else {
                throw DataError(file: source.files(in: data).first ?? source.id, line: 0, "knowledge section \"\(source.id)\" is declared twice")
            }
            sink.slot = UInt16(slot)
            sections.append(try compile(source, data: data, context: &context, patterns: &sink))
        }
        var automaton = SectionWriter()
        automaton.array(sink.entries.map(\.raw))
        sink.automaton().write(to: &automaton)
        sections.append((automatonSection, automaton.bytes))
        return image { out in
            out.string(fingerprint())
            KnowledgeImage.write(sections, to: &out)
        }
    }

    /// One source's section: its files parsed, then written.
    static func compile<S: KnowledgeSource>(_: S.Type, data: DataDirectory, context: inout CompileContext,
                                            patterns: inout PatternSink) throws(DataError) -> (info: SectionInfo, bytes: [UInt8]) {
        let parsed = try S.parse(SourceFiles(data: data, names: S.files(in: data)), &context)
        var out = SectionWriter()
        S.write(parsed, into: &out, patterns: &patterns)
        var info = S.info(data)
        info.bytes = out.bytes.count
        return (info, out.bytes)
    }

    /// The sections after the checksum (``image(data:sources:fingerprint:)``).
    static func readSections(_ input: inout BinaryReader) throws(BinaryReader.Malformed) -> CompiledCatalog {
        let fingerprint = try input.string()
        let contents = try KnowledgeImage(reading: &input)
        guard input.atEnd, let last = contents.contents.indices.last, contents.contents[last].id == automatonSection.id else {
            throw BinaryReader.Malformed()
        }
        let section = contents.section(last)
        var automaton = section.reader()
        let entries = try automaton.automatonEntries()
        let trie = try PatternTrie(reading: &automaton)
        try section.checkEnd(automaton)
        guard trie.entryCount == entries.count, entries.allSatisfy({ Int($0.slot) < last }) else { throw BinaryReader.Malformed() }
        return CompiledCatalog(fingerprint: fingerprint, contents: contents, entries: entries, trie: trie)
    }

    /// Whether the image holds the sections of `sources`, in order, with their layouts (else it is rebuilt).
    func fits(_ sources: [any KnowledgeSource.Type]) -> Bool {
        let held = contents.contents.dropLast()
        return held.count == sources.count && zip(held, sources).allSatisfy { $0.id == $1.id && $0.layout == $1.layout }
    }

    /// The view of `S`'s section.
    func view<S: KnowledgeSource>(_: S.Type, _ context: ViewContext) throws(BinaryReader.Malformed) -> S.View {
        guard let index = contents.contents.firstIndex(where: { $0.id == S.id }) else { throw BinaryReader.Malformed() }
        return try S.view(contents.section(index), context)
    }

    /// The slot (section index) of `S`'s section.
    func slot<S: KnowledgeSource>(of _: S.Type) -> UInt16? {
        contents.contents.firstIndex { $0.id == S.id }.map { UInt16($0) }
    }
}
