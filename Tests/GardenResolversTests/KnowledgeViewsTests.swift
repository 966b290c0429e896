import Testing
import GardenCatalog
import GardenEngine
@testable import GardenResolvers

/// Each resolver takes the shipped knowledge it declares (`Resolver.reads`), by the section it is read from, and
/// nothing else: not the catalog, not another view (issue 34, "declared views only").
struct KnowledgeViewsTests {
    /// A resolver that takes the MCC table without declaring it.
    struct Undeclared: Resolver {
        static let description = ResolverDescription(id: "undeclared_reader", stage: .fallback, summary: "reads mcc undeclared", examples: [])
        var mcc: MCCMap?
        func taking(_ knowledge: KnowledgeViews) -> Self { var bound = self; bound.mcc = knowledge.view(Shipped.mcc); return bound }
        func propose(_ context: ResolutionContext) -> Proposal? { nil }
    }

    @Test func aViewTakenWithoutDeclaringItIsReported() {
        let views = Fixture.catalog.shipped.views(for: Undeclared.reads, reader: "undeclared_reader")
        _ = Undeclared().taking(views)
        #expect(views.undeclared == ["mcc"])
    }

    @Test func everyResolverTakesExactlyTheViewsItDeclares() {
        for resolver in BuiltInResolvers.all {
            let type = type(of: resolver)
            let views = Fixture.catalog.shipped.views(for: type.reads, reader: "\(resolver.id)")
            _ = resolver.taking(views)
            #expect(views.undeclared.isEmpty, "\(resolver.id) takes \(views.undeclared) undeclared")
            #expect(views.taken == Set(type.reads.map(\.name)), "\(resolver.id) declares views it does not take")
        }
    }

    @Test func everyDeclaredViewNamesSectionsTheImageLists() {
        let listed = Set(Fixture.catalog.sections.map(\.id))
        for resolver in BuiltInResolvers.all {
            for read in type(of: resolver).reads where read.name != Shipped.declared.name {
                #expect(!read.sections.isEmpty && read.sections.allSatisfy(listed.contains), "\(resolver.id) reads \(read.name) from \(read.sections)")
            }
        }
    }
}
