import Foundation
import Testing
import GardenFoundation
import GardenCatalog
import GardenImage
import GardenEngine
import GardenResolvers

/// A newcomer's resolver with its own data file: everything it needs is in this file (its type, its knowledge,
/// its examples) plus its data file `Rules/toy_words.tsv` (here `Fixtures/toy_words.tsv`, put into a data
/// directory the test makes) and one line in the precedence below. No other file of garden knows it: the
/// catalog reads its file through ``DataDirectory``, its patterns join the one automaton, and it reads its
/// matches typed with `context.matches(of:)`.
struct ToyWordResolver: KnowledgeResolver {
    /// The toy's data: a trade word → its category.
    struct Knowledge: PatternKnowledge {
        static let section = "toy_word"
        static let minimumColumns = 2
        static let scope = KnowledgeScope.merchantWords
        static func files(in data: DataDirectory) -> [String] { ["Rules/toy_words.tsv"] }
        static func read(_ record: TSVFile.Record, taxonomy: Taxonomy) throws(DataError) -> (patterns: [String], entry: String) {
            guard taxonomy.contains(record.columns[1]) else { throw record.error("unknown category \"\(record.columns[1])\"", column: 2) }
            return ([record.columns[0]], record.columns[1])
        }
    }

    static let description = ResolverDescription(
        id: "toy_word", stage: .fallback,
        summary: "Toy trade words (Rules/toy_words.tsv) → category; 0.7.",
        examples: [
            .init(#"{"description":"LUDOTECA ALEGRIA","amount":-30}"#, category: "entertainment"),
            .init(#"{"description":"PADARIA DA PRACA","amount":-30}"#, category: nil),
        ])

    func propose(_ context: ResolutionContext) -> Proposal? {
        guard let hit = context.matches(of: Self.self).first else { return nil }
        return Proposal(category: hit.entry, confidence: Confidence(perMille: 700), basis: .tradeWord,
                        evidence: Evidence(matched: hit.text, location: hit.location.description))
    }
}

struct NewcomerResolverTests {
    /// The precedence with the newcomer's line.
    static let precedence: [any Resolver] = BuiltInResolvers.all + [ToyWordResolver()]

    /// A data directory: the repository's data, plus the toy's file in `Rules/` (links, nothing copied but the toy's file).
    static let data: URL = {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("garden-newcomer-\(ProcessInfo.processInfo.processIdentifier)")
        let rules = root.appendingPathComponent("Rules")
        do {
            try? manager.removeItem(at: root)
            try manager.createDirectory(at: rules, withIntermediateDirectories: true)
            for folder in ["Brands", "CNAE"] {
                try manager.createSymbolicLink(at: root.appendingPathComponent(folder), withDestinationURL: Fixture.root.appendingPathComponent(folder))
            }
            for name in try manager.contentsOfDirectory(atPath: Fixture.root.appendingPathComponent("Rules").path) {
                try manager.createSymbolicLink(at: rules.appendingPathComponent(name), withDestinationURL: Fixture.root.appendingPathComponent("Rules/\(name)"))
            }
            let toy = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/toy_words.tsv")
            try manager.copyItem(at: toy, to: rules.appendingPathComponent("toy_words.tsv"))
        } catch {
            fatalError("newcomer data: \(error)")
        }
        return root
    }()

    /// The catalog of `precedence`, found as `--data DIR` finds it.
    static func catalog(_ resolvers: [any Resolver] = precedence, cache: String? = nil) throws -> Catalog {
        try Catalog(data: DataDirectory.locate(explicit: data.path, environment: [:]), cacheDirectory: cache,
                    knowledge: Precedence.knowledge(of: resolvers))
    }

    static let pipeline: Pipeline = {
        do { return Pipeline(catalog: try catalog(), resolvers: precedence) } catch { fatalError("\(error)") }
    }()

    @Test func theNewResolverDecidesWhatNothingElseDid() {
        let row = Fixture.row("LUDOTECA ALEGRIA", "-30")
        #expect(Fixture.resolve(row).category == Taxonomy.uncategorized)
        let resolution = Fixture.resolve(row, pipeline: Self.pipeline)
        #expect(resolution.category == "entertainment")
        #expect(resolution.categoryResolver == "toy_word")
        let entry = resolution.trace.last
        #expect(entry?.resolver == "toy_word")
        #expect(entry?.status == .taken)
        #expect(entry?.proposal?.evidence.location == "Rules/toy_words.tsv:4")
    }

    @Test func itsMatchesComeTypedFromTheSharedAutomaton() throws {
        let context = Self.pipeline.context(Fixture.transaction(Fixture.row("JOGOS BOARDGAME CAFE", "-30")))
        let hits = context.matches(of: ToyWordResolver.self)
        #expect(hits.map(\.entry) == ["entertainment"])
        #expect(hits.map(\.text) == ["boardgame"])
        #expect(hits.first?.location.description == "Rules/toy_words.tsv:5")
        // The patterns are entries of the catalog's one automaton, filed under the resolver's id.
        let catalog = Self.pipeline.catalog
        let builtIn = Fixture.catalog.knowledge.ids
        #expect(catalog.knowledge.ids == builtIn + ["toy_word"])
        #expect(catalog.trie.entryCount == Fixture.catalog.trie.entryCount + 2)
        // Two `other` entries of one slot: the newcomer's section, the one after the built-in declared sections.
        let newcomer = catalog.entries.suffix(2)
        #expect(newcomer.map(\.role) == [.other, .other] && newcomer.map(\.record) == [0, 1] && newcomer.allSatisfy { !$0.options.contains(.prefix) })
        #expect(Set(newcomer.map(\.slot)).count == 1 && newcomer.first.flatMap { catalog.knowledge.index(ofSlot: $0.slot) } == builtIn.count)
        // A catalog built without the newcomer's line has none of it.
        let without = try Self.catalog(BuiltInResolvers.all)
        #expect(without.knowledge.ids == builtIn)
        #expect(Precedence.knowledgeProblems(Self.precedence, knowledge: without.engine.knowledge) == ["resolver toy_word's knowledge is not in the catalog (build it with Precedence.knowledge(of:))"])
        #expect(Precedence.knowledgeProblems(Self.precedence, knowledge: catalog.engine.knowledge).isEmpty)
    }

    @Test func itsSectionIsKeptInTheCompiledImage() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("garden-newcomer-cache-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let built = try Self.catalog(cache: directory)
        // One compiled image (the directory also holds the trade-name model's verified mark, issue 26).
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("catalog-") && $0.hasSuffix(".bin") }.count == 1)
        let cached = try Self.catalog(cache: directory)
        #expect(cached.knowledge.ids == built.knowledge.ids && cached.entries == built.entries)
        let context = Pipeline(catalog: cached, resolvers: Self.precedence).context(Fixture.transaction(Fixture.row("LUDOTECA X", "-30")))
        #expect(context.matches(of: ToyWordResolver.self).map(\.location.description) == ["Rules/toy_words.tsv:4"])
    }

    @Test func aBadRecordIsADataErrorAtItsField() throws {
        let file = Self.data.appendingPathComponent("bad/Rules")
        let manager = FileManager.default
        try? manager.removeItem(at: file.deletingLastPathComponent())
        try manager.createDirectory(at: file, withIntermediateDirectories: true)
        for name in try manager.contentsOfDirectory(atPath: Self.data.appendingPathComponent("Rules").path) where name != "toy_words.tsv" {
            try manager.createSymbolicLink(at: file.appendingPathComponent(name), withDestinationURL: Fixture.root.appendingPathComponent("Rules/\(name)"))
        }
        for folder in ["Brands", "CNAE"] {
            try manager.createSymbolicLink(at: file.deletingLastPathComponent().appendingPathComponent(folder), withDestinationURL: Fixture.root.appendingPathComponent(folder))
        }
        try "# header\nludoteca\tgames.nowhere\n".write(to: file.appendingPathComponent("toy_words.tsv"), atomically: true, encoding: .utf8)
        #expect(throws: DataError(file: "Rules/toy_words.tsv", line: 2, column: 2, "unknown category \"games.nowhere\"")) {
            try Catalog(data: DataDirectory(root: file.deletingLastPathComponent()), knowledge: Precedence.knowledge(of: Self.precedence))
        }
    }

    @Test func itsPlaceIsCheckedAndItsExamplesRun() throws {
        #expect(Precedence.problems(Self.precedence).isEmpty)
        #expect(!Precedence.problems([ToyWordResolver(), MCCResolver()]).isEmpty)
        for example in ToyWordResolver.description.examples {
            let context = Self.pipeline.context(Fixture.transaction(example.row))
            #expect(ToyWordResolver().propose(context)?.category == example.category, "\(example.row)")
        }
    }

    /// Nothing below the resolvers names the newcomer: its file, its data file and its precedence line are all of it.
    @Test func noOtherFileNamesIt() throws {
        let sources = Fixture.root.appendingPathComponent("Sources")
        let manager = FileManager.default
        var naming: [String] = []
        for case let path as String in manager.enumerator(atPath: sources.path)! where path.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            if text.contains("toy_word") || text.contains("ToyWord") { naming.append(path) }
        }
        #expect(naming.isEmpty, "\(naming)")
        #expect(!manager.fileExists(atPath: Fixture.root.appendingPathComponent("Rules/toy_words.tsv").path))
    }
}
