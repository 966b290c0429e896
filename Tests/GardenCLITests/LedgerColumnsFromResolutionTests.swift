import Foundation
import Testing
@testable import GardenCLI
@testable import GardenLedger
import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenResolvers

/// `resolve --record` takes a row's ledger columns from the typed resolution (`LedgerResolution(_:writer:)`) instead of
/// reading garden's own `resolution` text back (issues 34 and 38): on every example row, in both languages, the typed
/// columns are the columns read from the text, and the text written from them is the one `resolve` wrote.
struct LedgerColumnsFromResolutionTests {
    static let catalog: Catalog = {
        do {
            return try Catalog(data: DataDirectory(root: ResolveCommandTests.root), knowledge: Precedence.knowledge(of: BuiltInResolvers.all))
        } catch { fatalError("catalog: \(error)") }
    }()

    /// The examples' rows, and rows whose resolution holds what the writer masks or escapes: a CPF in the descriptor and in
    /// the id, a quote and a backslash in a name, an installment.
    static func lines() throws -> [String] {
        let files = ["transactions.jsonl", "holdout-synthetic.jsonl", "household.jsonl", "statement-formats.jsonl"]
        let examples = try files.flatMap {
            try String(contentsOf: ResolveCommandTests.root.appendingPathComponent("examples/" + $0), encoding: .utf8).split(separator: "\n").map(String.init)
        }
        return examples + [
            #"{"id":"529.982.247-25","description":"PIX ENVIADO 529.982.247-25 JOAO","amount":-10}"#,
            #"{"description":"PIX RECEBIDO - Maria \"Mara\" Souza \\ 52998224725","amount":15.5}"#,
            #"{"description":"MAGAZINE LUIZA PARC 03/10","amount":-120.3,"date":"2026-05-02"}"#,
        ]
    }

    @Test(arguments: [Language.portuguese, .english])
    func typedColumnsAreTheColumnsReadFromTheText(_ language: Language) throws {
        var pipeline = Pipeline(catalog: Self.catalog, resolvers: BuiltInResolvers.all)
        pipeline.recordsMerchantKey = true
        let processor = RowProcessor(pipeline: pipeline, writer: ResolutionWriter(taxonomy: Self.catalog.taxonomy, language: language))
        var compared = 0
        for line in try Self.lines() {
            guard case .resolved(_, let details) = processor.process(Array(line.utf8)) else { continue }
            let typed = LedgerRecorder.row(details, processor: processor, plain: nil)
            let read = LedgerRecorder.row(doc: details.doc, transaction: details.transaction, resolution: details.resolution, resolutionJSON: details.json)
            #expect(typed.columns != nil)
            #expect(typed.entry == read.entry, "\(line)")
            #expect(typed.columns?.verbatimResolution == read.columns?.verbatimResolution, "\(line)")
            #expect(LedgerResolution(details.resolution, writer: processor.writer).json() == String(decoding: details.json, as: UTF8.self), "\(line)")
            compared += 1
        }
        #expect(compared > 390)
    }
}
