import GardenFoundation
import GardenCatalog
import GardenEngine

extension LedgerResolution {
    /// The fields `writer` writes for `resolution` (``ResolutionWriter/write(_:into:)`` without a trace), taken from the
    /// typed resolution instead of read back from the JSON text: what the ledger's columns hold for a row garden has
    /// just resolved (`resolve --record`, `recategorize`), with no parse of garden's own output (issue 34, issue 38).
    /// The same values ``init(json:)`` reads from that text: names, seller, intermediary, brand, category and budget
    /// names and review reasons masked by ``CPFScrubber/scrub(_:plainDigits:)``, the row id by
    /// ``CPFScrubber/scrubCPF(_:plainDigits:)`` without plain digits, category and budget names in the writer's language.
    /// `LedgerResolutionTests` compares the two on every dev-set row.
    public init(_ resolution: Resolution, writer: ResolutionWriter) {
        let r = resolution
        func masked(_ text: String?) -> String? { text.map { CPFScrubber.scrub($0) } }
        self.init(merchant: masked(r.merchant.name), merchantKind: r.merchant.kind.rawValue, brand: masked(r.merchant.brand),
                  intermediary: masked(r.merchant.intermediary), seller: masked(r.merchant.seller), document: r.merchant.document,
                  merchantConfidence: r.merchant.confidence, merchantSource: r.merchant.origin.description, category: r.category,
                  categoryName: CPFScrubber.scrub(writer.taxonomy[r.category]?.name(writer.language) ?? r.category),
                  confidence: r.categoryConfidence, source: r.categorySourceName, budget: r.budget?.id,
                  budgetName: r.budget.map { CPFScrubber.scrub($0.name(writer.language)) }, review: r.review,
                  reviewReasons: r.reviewReasons.map { CPFScrubber.scrub($0) }, installment: r.installment,
                  direction: r.direction?.rawValue, flow: r.flow.rawValue, rowID: CPFScrubber.scrubCPF(r.rowID, plainDigits: false))
    }
}
