import Testing
@testable import GardenFoundation
import GardenCatalog
@testable import GardenEngine

/// Issue 38 stage 1: the resolution is written at a cursor into 1 KB of stack scratch; a text longer than the scratch,
/// and more review reasons than fit, are handed on whole, masked and escaped as before.
struct ResolutionWriterScratchTests {
    static func taxonomy() throws -> Taxonomy {
        let ids = Set(CategoryID.required.flatMap { id in [id, String(id.split(separator: ".")[0])] }).subtracting(["shopping.general"])
        var text = ids.sorted { ($0.contains(".") ? 1 : 0, $0) < ($1.contains(".") ? 1 : 0, $1) }.map { id in
            let parent = id.contains(".") ? String(id.split(separator: ".")[0]) : "-"
            return "\(id)\t\(parent)\t\(id)\t\(id)\t-\n"
        }.joined()
        text += "shopping.general\tshopping\tLojas\tGeneral\tcompras\n"
        return try Taxonomy(TSVFile(name: "taxonomy.tsv", text: text, minimumColumns: 5))
    }

    func resolution(name: String, reasons: [String], rowID: String = "b1") -> Resolution {
        Resolution(merchant: Resolution.Merchant(name: name, kind: .local, brand: "padaria", intermediary: nil, seller: name,
                                                 document: "12.345.678/0001-95", confidence: Confidence(perMille: 870), origin: .descriptor),
                   category: "shopping.general", categoryConfidence: Confidence(perMille: 900), categoryResolver: nil, budget: nil,
                   budgetOrigin: nil, review: true, reviewReasons: reasons, installment: Installment(number: 3, total: 10), direction: .out,
                   flow: .expense, rowID: rowID, trace: [], foldedName: "", merchantKey: nil, ruleID: nil)
    }

    @Test(arguments: [0, 1, 40, 200])
    func longTextsAndManyReasonsAreWrittenWhole(repeats: Int) throws {
        let name = String(repeating: "PADARIA \"PÃO\" \\ x\t", count: repeats) + "CPF 529.982.247-25"
        let reasons = (0..<(repeats / 2)).map { "reason \($0): conta 12345-6 \"q\"" }
        var w = JSONWriter(capacity: 0)
        w.bytes = Array("X".utf8)
        ResolutionWriter(taxonomy: try Self.taxonomy()).write(resolution(name: name, reasons: reasons), into: &w)
        #expect(w.bytes.first == UInt8(ascii: "X"))
        let doc = try JSONScanner.parse(Array(w.bytes.dropFirst()))
        #expect(doc.string(doc.path("merchant", "name")) == CPFScrubber.scrub(name))
        #expect(doc.string(doc.path("merchant", "seller")) == CPFScrubber.scrub(name))
        #expect(doc.string(doc.path("merchant", "brand")) == "padaria")
        #expect(doc.string(doc.path("merchant", "document")) == "12.345.678/0001-95")
        #expect(doc.string(doc.path("category", "name")) == "Lojas")
        let reasonsNode = try #require(doc.path("review_reasons"))
        #expect(doc.children(of: reasonsNode).map { doc.string($0) } == reasons.map { Optional(CPFScrubber.scrub($0)) })
        #expect(doc.scalarText(doc.path("installment", "total")) == "10")
        #expect(doc.string(doc.path("flow")) == "expense")
        #expect(doc.string(doc.path("row_id")) == "b1")
        #expect(!String(decoding: w.bytes, as: UTF8.self).contains("529.982.247-25"))
    }

    @Test func aRowIDIsMaskedOnlyWhereItIsACPF() throws {
        for (id, expected) in [("b12345678901", "b12345678901"), ("529.982.247-25", CPFScrubber.scrubCPF("529.982.247-25", plainDigits: false))] {
            var w = JSONWriter(capacity: 0)
            ResolutionWriter(taxonomy: try Self.taxonomy()).write(resolution(name: "PADARIA", reasons: [], rowID: id), into: &w)
            let doc = try JSONScanner.parse(w.bytes)
            #expect(doc.string(doc.path("row_id")) == expected)
        }
    }
}
