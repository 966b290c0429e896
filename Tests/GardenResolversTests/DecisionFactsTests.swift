import Foundation
import Testing
import GardenFoundation
import GardenEngine
import GardenResolvers

/// The decision reads what proposals rest on, never who made them: the engine names no resolver id, no
/// resolver calls another, and the one rule by which a proposal yields to a later one lives in ``Precedence``.
struct DecisionFactsTests {
    static let model: [ResolverDescription.Example.Given] = [.model(category: "shopping.pets", posterior: 0.9, threshold: 0.8)]

    static func proposal(_ basis: ProposalBasis, decisive: Bool = false) -> Proposal {
        Proposal(category: "shopping.pets", confidence: Confidence(perMille: 900), basis: basis, decisive: decisive,
                 evidence: Evidence(matched: "", location: ""))
    }

    @Test func aModelOfTheUsersCorrectionsYieldsToALaterDecisiveProposal() {
        var proposals: [Proposal?] = [nil, Self.proposal(.learnedFromCorrections), Self.proposal(.tradeWord, decisive: true)]
        Precedence.withdrawYielding(&proposals)
        #expect(proposals[1] == nil)
        #expect(proposals[2] != nil)
    }

    @Test func nothingElseYields() {
        let kept: [[Proposal?]] = [
            // A later proposal that is not decisive.
            [Self.proposal(.learnedFromCorrections), Self.proposal(.tradeWord)],
            // A decisive proposal before the model (the precedence already puts it first).
            [Self.proposal(.tradeWord, decisive: true), Self.proposal(.learnedFromCorrections)],
            // Evidence that is not a model of the user's corrections.
            [Self.proposal(.brand), Self.proposal(.trainedModel), Self.proposal(.tradeWord, decisive: true)],
        ]
        for proposals in kept {
            var after = proposals
            Precedence.withdrawYielding(&after)
            #expect(after == proposals)
        }
    }

    @Test func theBuiltInModelGivesWayToATradeHeadNounThroughThePipeline() {
        var pipeline = Fixture.pipeline
        pipeline.learned = ExampleLearnedState(Self.model)
        let pharmacy = Fixture.resolve(#"{"description":"DROGARIA QUALQUER","amount":-20}"#, pipeline: pipeline)
        #expect(pharmacy.categoryResolver == "keyword")
        #expect(pharmacy.trace.first { $0.resolver == "naive_bayes" }?.status == .noProposal)
        // Where the keywords only suggest or say nothing, the model decides.
        let shop = Fixture.resolve(#"{"description":"LOJA QUALQUER 123","amount":-20}"#, pipeline: pipeline)
        #expect(shop.categoryResolver == "naive_bayes")
        #expect(shop.category == "shopping.pets")
    }

    static func sources(_ module: String) throws -> [(name: String, text: String)] {
        let folder = Fixture.root.appendingPathComponent("Sources/\(module)")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted().map {
            ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))
        }
    }

    /// No file of GardenEngine (Pipeline, the policies, the identity step) names a built-in resolver's id, as a
    /// literal or a constant, or declares an id constant to compare with.
    @Test func theEngineNamesNoResolverID() throws {
        let files = try Self.sources("GardenEngine")
        #expect(files.contains { $0.name == "Pipeline.swift" })
        // The constants GardenResolvers declares for code outside the engine (``ResolverID/bankLine``...).
        let constants = ["manualOverride", "userRule", "bankLine", "brandCatalog", "processorPrefix"]
        for (name, text) in files {
            // Doc comments may name ids in prose (`brand_catalog`, in backquotes).
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("///") }.joined(separator: "\n")
            for resolver in BuiltInResolvers.all {
                #expect(!code.contains("\"\(resolver.id.name)\""), "\(name) names resolver id \(resolver.id)")
            }
            for constant in constants { #expect(!code.contains("ResolverID.\(constant)"), "\(name) names resolver id \(constant)") }
            #expect(!code.contains("ResolverID(\""), "\(name) makes a resolver id from a literal")
            #expect(code.range(of: #"static (let|var) \w+: ResolverID"#, options: .regularExpression) == nil, "\(name) declares a resolver id")
            // A comparison of who proposed (`decider == .bankLine`, `ids[i] == ...`, `resolver.id == ...`).
            for line in code.split(separator: "\n") where line.contains("==") || line.contains("!=") {
                #expect(line.range(of: #"(decider|ids\[[^\]]*\]|\.id|ResolverID)\s*[!=]="#, options: .regularExpression) == nil,
                        "\(name) compares resolver ids: \(line)")
            }
        }
    }

    /// A resolver's file names no other resolver's type: no resolver calls another (only the precedence lists them).
    @Test func noResolverCallsAnother() throws {
        let names = BuiltInResolvers.all.map { String(describing: type(of: $0)) }
        #expect(names.contains("KeywordResolver"))
        for (file, text) in try Self.sources("GardenResolvers") where file != "BuiltInResolvers.swift" {
            for name in names where file != name + ".swift" {
                #expect(!text.contains(name + "(") && !text.contains(name + "."), "\(file) calls \(name)")
            }
        }
    }
}

/// The merchant-identity step takes the identity a match-stage proposal's evidence states, before any brand or
/// name, whoever states it: it no longer repeats the bank-line resolver's reading of the line.
struct StatedIdentityTests {
    /// A toy match-stage resolver that states a registry identity for every row.
    struct StatingResolver: Resolver {
        static let description = ResolverDescription(id: "stating", stage: .match, summary: "States cnpj:12345678.",
                                                     examples: [.init(#"{"description":"X"}"#, category: nil)])
        func propose(_ context: ResolutionContext) -> Proposal? {
            Proposal(category: nil, confidence: .zero, basis: .registry, identity: MerchantIdentity(.document("12345678")),
                     evidence: Evidence(matched: "", location: "test"))
        }
    }

    @Test func theIdentityStepTakesTheStatedIdentityFirst() {
        let pipeline = Pipeline(catalog: Fixture.catalog, resolvers: [StatingResolver()] + BuiltInResolvers.all.filter {
            type(of: $0).description.stage > .unwrap
        })
        let row = Fixture.transaction(#"{"description":"UBER *TRIP","amount":-20}"#)
        #expect(pipeline.identified(pipeline.context(row)).identity?.key == "cnpj:12345678")
        #expect(Fixture.pipeline.identified(Fixture.pipeline.context(row)).identity?.key == "brand:uber")
    }

    /// A bank's own line: the identity the bank-line proposal states (the line type, the bank for its own business),
    /// also when the line reverses one (`ESTORNO TARIFA` on money in is the fee's line, as the category is).
    @Test(arguments: [
        (#"{"description":"TARIFA PACOTE SERVICOS","amount":-30,"account":"Santander"}"#, "line:fees.bank@br_santander"),
        (#"{"description":"ESTORNO TARIFA PACOTE SERVICOS","amount":30,"account":"Santander"}"#, "line:fees.bank@br_santander"),
        (#"{"description":"IOF COMPRA INTERNACIONAL","amount":-1.23,"account":"Nubank"}"#, "line:taxes.iof@iof"),
    ])
    func aBankLineStatesItsIdentity(row: String, key: String) {
        let context = Fixture.pipeline.identified(Fixture.pipeline.context(Fixture.transaction(row)))
        #expect(context.identity?.key == key, "\(row)")
        let proposal = BankLineResolver().taking(Fixture.catalog.shipped).propose(context)
        // The proposal states the line type; the account's bank joins its key once the row's identity is needed.
        #expect(proposal?.identity?.scopedToAccount(context).key == key, "\(row)")
    }

    /// A biller's wording that yields to the payee it names (`CONTA TELEFONE` beside a brand) is the payee's line,
    /// as the category is: the identity is the brand, not every telephone bill (`line:home.telecom`).
    @Test func aLineThatYieldsToItsPayeeIsThePayees() {
        let row = Fixture.transaction(#"{"description":"CONTA TELEFONE VIVO FIXO","amount":-99.99,"account":"Bradesco"}"#)
        let context = Fixture.pipeline.identified(Fixture.pipeline.context(row))
        #expect(context.identity?.key == "brand:vivo")
        #expect(BankLineResolver().taking(Fixture.catalog.shipped).propose(context)?.identity == nil)
    }
}
