import Foundation
import Testing
import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenResolvers

/// A newcomer's resolver with its own data file: everything it needs is in this file (its type, its data
/// loading, its examples) plus `Fixtures/toy_words.tsv` and one line in the precedence below. No other
/// file of garden knows it.
struct ToyWordResolver: Resolver {
    static let description = ResolverDescription(
        id: "toy_word", stage: .fallback,
        summary: "Toy trade words (Fixtures/toy_words.tsv) → category; 0.7.",
        examples: [
            .init(#"{"description":"LUDOTECA DA PRACA","amount":-30}"#, category: "entertainment"),
            .init(#"{"description":"PADARIA DA PRACA","amount":-30}"#, category: nil),
        ])

    /// The data file, read once: folded word → (category, where it is listed).
    static let words: [String: (category: String, location: GardenFoundation.SourceLocation)] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/toy_words.tsv")
        do {
            let file = try TSVFile(name: "Fixtures/toy_words.tsv", text: String(contentsOf: url, encoding: .utf8), minimumColumns: 2)
            return Dictionary(file.records.map { ($0.columns[0], ($0.columns[1], GardenFoundation.SourceLocation(file: file.name, line: $0.line))) },
                              uniquingKeysWith: { first, _ in first })
        } catch {
            fatalError("\(error)")
        }
    }()

    func propose(_ context: ResolutionContext) -> Proposal? {
        for word in context.descriptor.foldedName.split(separator: " ") {
            guard let hit = Self.words[String(word)] else { continue }
            return Proposal(category: hit.category, confidence: Confidence(perMille: 700),
                            evidence: Evidence(matched: String(word), location: hit.location.description))
        }
        return nil
    }
}

struct NewcomerResolverTests {
    /// The precedence with the newcomer's line.
    static let precedence: [any Resolver] = BuiltInResolvers.all + [ToyWordResolver()]

    @Test func theNewResolverDecidesWhatNothingElseDid() {
        let row = Fixture.row("LUDOTECA DA PRACA", "-30")
        #expect(Fixture.resolve(row).category == Taxonomy.uncategorized)
        let pipeline = Pipeline(catalog: Fixture.catalog, resolvers: Self.precedence)
        let resolution = Fixture.resolve(row, pipeline: pipeline)
        #expect(resolution.category == "entertainment")
        #expect(resolution.categoryResolver == "toy_word")
        let entry = resolution.trace.last
        #expect(entry?.resolver == "toy_word")
        #expect(entry?.status == .taken)
        #expect(entry?.proposal?.evidence.location == "Fixtures/toy_words.tsv:4")
    }

    @Test func itsPlaceIsCheckedAndItsExamplesRun() throws {
        #expect(Precedence.problems(Self.precedence).isEmpty)
        #expect(!Precedence.problems([ToyWordResolver(), MCCResolver()]).isEmpty)
        for example in ToyWordResolver.description.examples {
            let context = Fixture.pipeline.context(Fixture.transaction(example.row))
            #expect(ToyWordResolver().propose(context)?.category == example.category, "\(example.row)")
        }
    }

    @Test func itsDataFileIsReadWithItsLines() {
        #expect(ToyWordResolver.words["boardgame"]?.location.description == "Fixtures/toy_words.tsv:5")
    }
}
