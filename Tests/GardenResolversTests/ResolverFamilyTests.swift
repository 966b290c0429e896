import Testing
import GardenFoundation
import GardenEngine
import GardenResolvers

/// Families and former ids (issue 34, "one resolver, one job"): a resolver split into several keeps its output while
/// its members stand as one family, and a stored id names its successors.
struct ResolverFamilyTests {
    /// A toy family: `toy_first` proposes on rows that say ALPHA, `toy_second` on every row.
    struct First: Resolver {
        static let description = ResolverDescription(id: "toy_first", stage: .fallback, summary: "ALPHA → entertainment", examples: [],
                                                     family: "toy", formerly: ["toy"])
        func propose(_ context: ResolutionContext) -> Proposal? {
            guard context.transaction.descriptorText.contains("ALPHA") else { return nil }
            return Proposal(category: "entertainment", confidence: Confidence(perMille: 700), basis: .tradeWord,
                            evidence: Evidence(matched: "ALPHA", location: "toy"))
        }
    }

    struct Second: Resolver {
        static let description = ResolverDescription(id: "toy_second", stage: .fallback, summary: "anything → food.groceries", examples: [],
                                                     family: "toy", formerly: ["toy"])
        func propose(_ context: ResolutionContext) -> Proposal? {
            Proposal(category: "food.groceries", confidence: Confidence(perMille: 900), basis: .tradeWord,
                     evidence: Evidence(matched: "", location: "toy"))
        }
    }

    /// The same job once the family is dissolved: its own id, the toy's stored id among its former ones.
    struct Dissolved: Resolver {
        static let description = ResolverDescription(id: "toy_first", stage: .fallback, summary: "ALPHA → entertainment", examples: [],
                                                     formerly: ["toy"])
        func propose(_ context: ResolutionContext) -> Proposal? { nil }
    }

    @Test func aFamilyIsAskedAsOneAndPrintedUnderItsID() {
        let pipeline = Pipeline(catalog: Fixture.catalog, resolvers: [First(), Second()])
        let alpha = Fixture.resolve(Fixture.row("ALPHA BETA"), pipeline: pipeline)
        // The first member that proposes stands, though the later one is more confident; one trace entry, the family's.
        #expect(alpha.category == "entertainment" && alpha.categoryResolver == "toy")
        #expect(alpha.trace.map(\.resolver) == ["toy"])
        let other = Fixture.resolve(Fixture.row("GAMMA"), pipeline: pipeline)
        #expect(other.category == "food.groceries" && other.categoryResolver == "toy")
    }

    @Test func theBuiltInFamiliesPrintTheIDsOfBefore() {
        let printed = BuiltInResolvers.all.map { type(of: $0).description.printedID.name }
        var slots: [String] = []
        for id in printed where slots.last != id { slots.append(id) }
        #expect(slots == ["manual_override", "user_rule", "merchant_memory", "processor_prefix", "bank_line", "brand_catalog",
                          "cnpj_registry", "cnae", "mcc", "provider_category", "online_service", "university", "travel_brand",
                          "state_agency", "web_domain", "naive_bayes", "keyword", "trade_name", "corpus_trade_word"])
        // Through the pipeline: a row each family's split members decide, printed as before.
        #expect(Fixture.resolve(#"{"description":"Transferência enviada pelo Pix - Ana Souza Lima - •••.482.613-•• - BCO X","amount":-10}"#).categoryResolver == "bank_line")
        #expect(Fixture.resolve(#"{"description":"Ifd*Restaurante Sabor","amount":-40}"#).categoryResolver == "brand_catalog")
        let slip = Fixture.resolve(#"{"description":"CONTA","barcode":"83640000001-1 33120138000-2 81234567890-1 12345678901-2","amount":-80}"#)
        #expect(slip.trace.first { $0.proposal != nil && $0.resolver == "keyword" }?.proposal?.category == "home.utilities")
        #expect(Fixture.pipeline.resolve(Fixture.transaction(Fixture.row("X"))).trace.count == slots.count)
    }

    @Test func theBuiltInFamiliesAndFormerIDsAreSound() {
        #expect(Precedence.problems(BuiltInResolvers.all).isEmpty)
        #expect(ResolverIDs.problems(BuiltInResolvers.all).isEmpty)
        #expect(ResolverIDs.successors(of: "bank_line") == ["operation_type", "public_service", "bank_line", "public_body", "transfer"])
        #expect(ResolverIDs.successors(of: "brand_catalog") == ["marketplace", "channel", "brand_catalog", "wrapper"])
        #expect(ResolverIDs.successors(of: "keyword") == ["keyword", "boleto_segment"])
    }

    @Test func aStoredIDNamesItsSuccessorsOnly() {
        #expect(ResolverIDs.same(stored: "bank_line", now: "bank_line"))
        #expect(!ResolverIDs.same(stored: "keyword", now: "brand_catalog"))
        // Once a family is dissolved, a row stored under its id and decided by a successor now is the same source.
        #expect(ResolverIDs.same(stored: "toy", now: "toy_first", in: [Dissolved()]))
        #expect(!ResolverIDs.same(stored: "other", now: "toy_first", in: [Dissolved()]))
    }

    static let faulty: [([any Resolver], String)] = [
        ([First(), KeywordResolver(), Second()], "resolver toy_second of family toy is apart from the family's other members"),
        ([Second(), First(), KeywordResolver(), First()], "resolver toy_first is listed twice"),
    ]

    @Test(arguments: 0..<faulty.count)
    func aFamilyApartIsAProgrammingError(index: Int) {
        let (resolvers, problem) = Self.faulty[index]
        #expect(Precedence.problems(resolvers).contains(problem), "\(Precedence.problems(resolvers))")
    }

    @Test func aFormerIDOfAnotherLiveResolverIsAFault() {
        #expect(ResolverIDs.problems([Dissolved(), KeywordResolver()]).isEmpty)
        struct Thief: Resolver {
            static let description = ResolverDescription(id: "thief", stage: .fallback, summary: "", examples: [], formerly: ["keyword"])
            func propose(_ context: ResolutionContext) -> Proposal? { nil }
        }
        #expect(ResolverIDs.problems([KeywordResolver(), Thief()]) == ["resolver thief was formerly keyword, which is another resolver of the precedence"])
    }
}
