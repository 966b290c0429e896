import Foundation
import Testing
@testable import GardenCatalog
import GardenImage
import GardenEngine
import GardenResolvers

/// The image of the shipped precedence: a section per source with its owner, and every shipped data file read by one.
struct KnowledgeSectionsTests {
    @Test func everyShippedTableIsASectionWithAnOwner() throws {
        let catalog = Fixture.catalog
        #expect(catalog.sections.count >= 25)
        #expect(catalog.sections.first { $0.id == "brands" }?.owner == "brand_catalog")
        #expect(catalog.sections.allSatisfy { $0.bytes > 0 && !$0.owner.isEmpty })
        #expect(catalog.sections.contains { $0.id == "automaton" } && catalog.sections.contains { $0.id == "trade_names" })
        // The resolvers' declared knowledge is a section each, owned by its resolver.
        for id in catalog.knowledge.ids { #expect(catalog.sections.first { $0.id == id }?.owner == id) }
    }

    @Test func everyDataFileIsReadByASource() throws {
        let data = DataDirectory(root: Fixture.root)
        let read = Set(Fixture.catalog.sections.flatMap(\.files))
        // The importers' own import_*.tsv files are read by the importers, not the image; the statement-code crosswalk
        // is what BankLineStandardTests holds the bank lines' cited codes to (garden reads the bank lines themselves).
        let notKnowledge: Set<String> = ["Rules/statement_codes.tsv"]
        let unread = CatalogKey.files(of: data).filter { !read.contains($0) && !$0.hasPrefix("Rules/import_") && !notKnowledge.contains($0) }
        #expect(unread.isEmpty, "files no source reads: \(unread)")
    }
}
