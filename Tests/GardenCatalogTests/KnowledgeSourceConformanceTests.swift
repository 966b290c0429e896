import Foundation
import Testing
@testable import GardenFoundation
@testable import GardenCatalog
import GardenImage

/// Every source of the shipped knowledge (``CatalogSources``) compiles from the repository's data, maps from a
/// file and views its section as a fresh parse of its files reads them; and a bad record appended to its file is
/// reported as `file:line:column` by the image's compile.
struct KnowledgeSourceConformanceTests {
    static var sources: [any KnowledgeSource.Type] { CatalogSources.all(knowledge: []) }
    static let data = DataDirectory(root: TestData.root)

    @Test(arguments: 0..<sources.count)
    func itsViewOfAMappedSectionIsAFreshParse(_ index: Int) throws {
        try Self.roundTrip(Self.sources[index])
    }

    @Test(arguments: 0..<sources.count)
    func aBadRecordIsReportedAtItsFileLineAndColumn(_ index: Int) throws {
        try Self.reportsBadRecord(Self.sources[index])
    }

    @Test func everySourceHasItsOwnIdAndItsFiles() throws {
        let ids = Self.sources.map { source in source.id }
        #expect(Set(ids).count == ids.count)
        for source in Self.sources {
            let files = source.files(in: Self.data)
            #expect(!files.isEmpty, "\(source.id) names no file")
            for file in files { #expect(Self.data.contains(file), "\(source.id): \(file)") }
        }
    }

    /// Parses `S`'s files, writes its section into an image file, maps it and compares the view with the parse.
    static func roundTrip<S: KnowledgeSource>(_: S.Type) throws {
        var context = CompileContext(data: data)
        // The sources derived from others read what those parsed.
        if S.self == PatternWordsSource.self {
            _ = try BrandsSource.parse(SourceFiles(data: data, names: BrandsSource.files(in: data)), &context)
            _ = try KeywordsSource.parse(SourceFiles(data: data, names: KeywordsSource.files(in: data)), &context)
        }
        let parsed = try S.parse(SourceFiles(data: data, names: S.files(in: data)), &context)
        var section = SectionWriter()
        var patterns = PatternSink()
        S.write(parsed, into: &section, patterns: &patterns)
        var out = BinaryWriter()
        out.string("conformance")
        KnowledgeImage.write([(S.info(data), section.bytes)], to: &out)
        let path = NSTemporaryDirectory() + "garden-source-\(S.id)-\(UUID().uuidString).bin"
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(FileManager.default.createFile(atPath: path, contents: Data(out.bytes)))
        let mapped = try #require(ImageBytes.map(path))
        var input = BinaryReader(mapped)
        #expect(try input.string() == "conformance")
        let image = try KnowledgeImage(reading: &input)
        #expect(input.atEnd && image.contents.map(\.id) == [S.id] && image.contents[0].bytes == section.bytes.count)
        let view = try S.view(image.section(0), ViewContext(taxonomy: try context.taxonomy()))
        #expect(S.same(view, parsed), "\(S.id): the view differs from the files")
        // Only the sources that own patterns add them, each entry naming one of its records.
        #expect(patterns.entries.allSatisfy { $0.slot == 0 && $0.record >= 0 })
        // A section read as another source's layout is refused, never misread.
        if section.bytes.count > 8 {
            var truncated = BinaryWriter()
            KnowledgeImage.write([(S.info(data), Array(section.bytes.dropLast(1)))], to: &truncated)
            var shortInput = BinaryReader(ImageBytes(truncated.bytes))
            let short = try KnowledgeImage(reading: &shortInput)
            #expect((try? S.view(short.section(0), ViewContext(taxonomy: try context.taxonomy()))) == nil || S.id == NameWordsSource.id,
                    "\(S.id): a section one byte short still views")
        }
    }

    /// Appends `S.badRecord` to a copy of its file in a data directory of links to the repository's files, and
    /// compiles the image's sources up to `S`: the error names the file, the new line and the column.
    static func reportsBadRecord<S: KnowledgeSource>(_: S.Type) throws {
        let bad = S.badRecord
        let root = NSTemporaryDirectory() + "garden-bad-\(S.id)-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let manager = FileManager.default
        for folder in ["Rules", "Rules/banks", "Brands", "CNAE"] {
            try manager.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            for name in try manager.contentsOfDirectory(atPath: TestData.root.path + "/" + folder) {
                let source = TestData.root.path + "/" + folder + "/" + name
                var isFolder: ObjCBool = false
                guard manager.fileExists(atPath: source, isDirectory: &isFolder), !isFolder.boolValue else { continue }
                try manager.createSymbolicLink(atPath: root + "/" + folder + "/" + name, withDestinationPath: source)
            }
        }
        let target = root + "/" + bad.file
        let original = try String(contentsOfFile: TestData.root.path + "/" + bad.file, encoding: .utf8)
        try manager.removeItem(atPath: target)
        let text = original.hasSuffix("\n") ? original : original + "\n"
        try (text + bad.line + "\n").write(toFile: target, atomically: false, encoding: .utf8)
        let line = text.utf8.filter { $0 == 0x0A }.count + 1
        let data = DataDirectory(root: URL(fileURLWithPath: root))
        var context = CompileContext(data: data)
        var patterns = PatternSink()
        var thrown: DataError?
        do {
            for source in sources {
                _ = try CompiledCatalog.compile(source, data: data, context: &context, patterns: &patterns)
                if source.id == S.id { break }
            }
        } catch {
            thrown = error
        }
        let error = try #require(thrown, "\(S.id): \(bad.line) in \(bad.file) was accepted")
        #expect(error.file == bad.file && error.line == line && error.column == bad.column, "\(S.id): \(error)")
        #expect(error.description.hasPrefix("\(bad.file):\(line):\(bad.column): "))
    }
}
