import Foundation
import Testing
@testable import GardenFoundation
@testable import GardenCatalog

/// Data files are checked when they load: the category ids garden's decisions name must exist, and a
/// flag garden does not know is an error at its `file:line:column`.
struct VocabularyCheckTests {
    static func taxonomy(without id: String) -> String {
        let text = try! String(contentsOf: TestData.root.appendingPathComponent("Rules/taxonomy.tsv"), encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix(id + "\t") }.joined(separator: "\n")
    }

    @Test(arguments: ["income.other", "transfer.card_payment", "shopping.marketplace", "uncategorized"])
    func aRequiredCategoryMissingFromTheTaxonomyIsADataError(id: String) throws {
        let file = try TSVFile(name: "Rules/taxonomy.tsv", text: Self.taxonomy(without: id), minimumColumns: 4)
        #expect(throws: DataError(file: "Rules/taxonomy.tsv", line: 1, "the taxonomy must define \"\(id)\"")) { try Taxonomy(file) }
    }

    @Test func everyRequiredCategoryIsInTheShippedTaxonomy() {
        for id in CategoryID.required { #expect(TestData.catalog.taxonomy.contains(id), "\(id)") }
    }

    static let flagged: [(String, Bool, String?, Int)] = [
        ("PADARIA\tfood.groceries\t0.5\tout\tprefix", false, nil, 0),
        ("PADARIA\tfood.groceries\t0.5\tout\tprefix,anchored", false, nil, 0),
        ("PADARIA\tfood.groceries\t0.5\tout\tprefx", false, "unknown flag \"prefx\"; expected prefix or anchored", 5),
        ("IOF\ttaxes.iof\t0.9\tout\t-\t-\tanchord", true, "unknown flag \"anchord\"; expected prefix or anchored or yields or memo or last", 7),
    ]

    @Test(arguments: flagged)
    func anUnknownFlagIsRejectedAtItsColumn(line: String, bankLine: Bool, message: String?, column: Int) throws {
        let record = try TSVFile(name: "Rules/x.tsv", text: line, minimumColumns: 4).records[0]
        if let message {
            #expect(throws: DataError(file: "Rules/x.tsv", line: 1, column: column, message)) {
                try Catalog.lineRule(record, taxonomy: TestData.catalog.taxonomy, bankLine: bankLine)
            }
        } else {
            #expect(try Catalog.lineRule(record, taxonomy: TestData.catalog.taxonomy, bankLine: bankLine).prefix)
        }
    }

    @Test func anUnknownProcessorFlagIsRejected() throws {
        let record = try TSVFile(name: "Rules/processors.tsv", text: "mp\tMercado Pago\tprocessor\t-\tambigous\t-\tMP*", minimumColumns: 7).records[0]
        #expect(throws: DataError(file: "Rules/processors.tsv", line: 1, column: 5, "unknown flag \"ambigous\"; expected ambiguous or online or government")) {
            try Catalog.processor(record, taxonomy: TestData.catalog.taxonomy)
        }
    }
}
