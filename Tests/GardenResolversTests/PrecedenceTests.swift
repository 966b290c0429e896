import Foundation
import Testing
import GardenEngine
import GardenResolvers

/// The precedence is one checked list: stages never go backwards, ids are unique, and the README's
/// precedence table is that list.
struct PrecedenceTests {
    @Test func theBuiltInPrecedenceIsSound() {
        #expect(Precedence.problems(BuiltInResolvers.all).isEmpty)
        let stages = BuiltInResolvers.all.map { type(of: $0).description.stage }
        #expect(stages == stages.sorted())
    }

    static let faulty: [([any Resolver], String)] = [
        ([KeywordResolver(), MCCResolver()], "resolver mcc (stage match) comes after keyword (stage fallback)"),
        ([MCCResolver(), MerchantMemoryResolver()], "resolver merchant_memory (stage memory) comes after mcc (stage match)"),
        ([BrandCatalogResolver(), ProcessorPrefixResolver()], "resolver processor_prefix (stage unwrap) comes after brand_catalog (stage match)"),
        ([MCCResolver(), CNAEResolver(), MCCResolver()], "resolver mcc is listed twice"),
    ]

    @Test(arguments: 0..<faulty.count)
    func aStageGoingBackwardsIsAProgrammingError(index: Int) {
        let (resolvers, problem) = Self.faulty[index]
        let problems = Precedence.problems(resolvers)
        #expect(problems.contains { $0.hasPrefix(problem) }, "\(problems)")
    }

    @Test func stagesRunInTheDocumentedOrder() {
        #expect(ResolverDescription.Stage.allCases.map(\.description) == ["override", "memory", "unwrap", "match", "learn", "fallback"])
        #expect(ResolverDescription.Stage.allCases == ResolverDescription.Stage.allCases.sorted())
    }

    /// The table under "Resolvers propose" in README.md: `| # | \`id\` | stage | …`, one row per resolver.
    static func readmeTable() throws -> [(Int, String, String)] {
        let readme = try String(contentsOf: Fixture.root.appendingPathComponent("README.md"), encoding: .utf8)
        return readme.split(separator: "\n").compactMap { line -> (Int, String, String)? in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4, let number = Int(cells[0]), cells[1].hasPrefix("`"), cells[1].hasSuffix("`") else { return nil }
            return (number, String(cells[1].dropFirst().dropLast()), cells[2])
        }
    }

    @Test func theReadmeTableIsThePrecedence() throws {
        let table = try Self.readmeTable()
        #expect(table.map(\.0) == Array(1...BuiltInResolvers.all.count))
        #expect(table.map(\.1) == BuiltInResolvers.all.map(\.id.name))
        #expect(table.map(\.2) == BuiltInResolvers.all.map { type(of: $0).description.stage.description })
    }
}
