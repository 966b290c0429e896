import Foundation
import Testing

/// The row analysis and the engine read the views they were given (``AnalysisViews``, ``EngineViews``), never the
/// catalog (issue 34): the analysis does not name the `Catalog` type, and the engine reads the catalog only where the
/// pipeline is built, to hand the views out.
struct ViewsNotCatalogTests {
    /// Each file's code, doc comments left out (prose may say "catalog").
    static func code(_ module: String) throws -> [(name: String, code: String)] {
        try DecisionFactsTests.sources(module).map { file in
            (file.name, file.text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("///") }.joined(separator: "\n"))
        }
    }

    @Test func theAnalysisNamesNoCatalog() throws {
        let files = try Self.code("GardenAnalysis")
        #expect(files.contains { $0.name == "DescriptorAnalyzer.swift" })
        for (name, code) in files {
            #expect(code.range(of: #"\bCatalog\b"#, options: .regularExpression) == nil, "\(name) names the Catalog type")
            #expect(code.range(of: #"\bcatalog\."#, options: .regularExpression) == nil, "\(name) reads the catalog")
        }
    }

    @Test func theEngineReadsTheCatalogOnlyToBuildThePipeline() throws {
        let files = try Self.code("GardenEngine")
        #expect(files.contains { $0.name == "ResolutionContext.swift" })
        for (name, code) in files {
            let reads = code.split(separator: "\n").filter { $0.range(of: #"\bcatalog\."#, options: .regularExpression) != nil }
            let allowed = name == "Pipeline.swift" ? reads.filter { $0.contains("catalog.analysis") || $0.contains("catalog.engine") || $0.contains("catalog.shipped") } : []
            #expect(reads.count == allowed.count, "\(name) reads the catalog: \(reads.filter { !allowed.contains($0) })")
        }
        let context = try #require(files.first { $0.name == "ResolutionContext.swift" }).code
        #expect(!context.contains("let catalog"), "the row's context carries the catalog")
    }

    @Test func theResolversNameNoCatalog() throws {
        let files = try Self.code("GardenResolvers")
        #expect(files.contains { $0.name == "BankLineResolver.swift" })
        for (name, code) in files {
            #expect(code.range(of: #"\bCatalog\b"#, options: .regularExpression) == nil, "\(name) names the Catalog type")
            #expect(code.range(of: #"\bcatalog\."#, options: .regularExpression) == nil, "\(name) reads the catalog")
        }
    }
}
