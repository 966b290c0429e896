import Testing
import GardenFoundation
import GardenEngine
import GardenResolvers

/// Every registered resolver's own examples: what it must propose, and what it must not.
struct ResolverExamplesTests {
    static let cases: [(ResolverID, ResolverDescription.Example)] = BuiltInResolvers.all.flatMap { resolver in
        type(of: resolver).description.examples.map { (type(of: resolver).description.id, $0) }
    }

    @Test func everyResolverHasExamplesAndAUniqueID() {
        let ids = BuiltInResolvers.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        for resolver in BuiltInResolvers.all { #expect(!type(of: resolver).description.examples.isEmpty, "\(resolver.id)") }
    }

    /// Every resolver of the precedence has an example where it proposes a category, or merchant evidence
    /// (the stateful ones through the scene their examples set).
    @Test func everyResolverHasAPositiveExample() {
        for resolver in BuiltInResolvers.all {
            let examples = type(of: resolver).description.examples
            #expect(examples.contains { $0.category != nil || $0.merchant != nil }, "\(resolver.id)")
        }
    }

    @Test(arguments: cases)
    func proposesWhatItsExampleSays(id: ResolverID, example: ResolverDescription.Example) throws {
        let transaction = Fixture.transaction(example.row)
        let pipeline = example.rules.isEmpty ? Fixture.pipeline : try Fixture.pipeline(rules: example.rules)
        // The pipeline's resolver: it took its views when the pipeline was built.
        let resolver = try #require(pipeline.resolvers.first { $0.id == id })
        var scene = pipeline
        scene.learned = ExampleLearnedState(example.given)
        scene.registry = FixtureRegistry.standard
        let context = scene.identified(scene.context(transaction))
        let proposal = resolver.propose(context)
        #expect(proposal?.category == example.category, "\(id): \(example.row) given \(example.given)")
        if let merchant = example.merchant {
            #expect(proposal?.merchant?.name == merchant, "\(id): \(example.row)")
        }
        if let proposal { #expect(proposal.confidence > Confidence(perMille: 0), "\(id): a proposal carries some confidence") }
        // Keywords stay at 0.5 or less; trade words that decide alone at 0.8 or less.
        if id == "keyword", let proposal { #expect(proposal.confidence <= Confidence(perMille: 800)) }
    }
}
