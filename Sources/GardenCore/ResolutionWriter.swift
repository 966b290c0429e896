/// Writes a ``Resolution`` as the `resolution` JSON object (field order fixed, confidences in fixed
/// point, category and budget names in the chosen language). The fixed parts are byte literals
/// appended as they are: this runs once per row.
public struct ResolutionWriter: Sendable {
    public var language: Language
    public var includeTrace: Bool
    public let taxonomy: Taxonomy

    public init(taxonomy: Taxonomy, language: Language = .portuguese, includeTrace: Bool = false) {
        self.taxonomy = taxonomy
        self.language = language
        self.includeTrace = includeTrace
    }

    private static func bytes(_ text: StaticString) -> [UInt8] {
        text.withUTF8Buffer { Array($0) }
    }

    private static let openMerchant = bytes(#"{"merchant":{"name":"#)
    private static let kindKey = bytes(#","kind":""#)
    private static let brandKey = bytes(#"","brand":"#)
    private static let intermediaryKey = bytes(#","intermediary":"#)
    private static let sellerKey = bytes(#","seller":"#)
    private static let documentKey = bytes(#","document":"#)
    private static let confidenceKey = bytes(#","confidence":"#)
    private static let sourceKey = bytes(#","source":""#)
    private static let categoryKey = bytes(#""},"category":{"id":""#)
    private static let nameKey = bytes(#"","name":"#)
    private static let budgetKey = bytes(#""},"budget":"#)
    private static let budgetID = bytes(#"{"id":""#)
    private static let reviewKey = bytes(#","review":"#)
    private static let reasonsKey = bytes(#","review_reasons":["#)
    private static let installmentKey = bytes(#"],"installment":"#)
    private static let numberKey = bytes(#"{"number":"#)
    private static let totalKey = bytes(#","total":"#)
    private static let directionKey = bytes(#","direction":"#)
    private static let flowKey = bytes(#","flow":""#)
    private static let rowKey = bytes(#"","row_id":"#)
    private static let null = bytes("null")

    public func write(_ r: Resolution, into w: inout JSONWriter) {
        var out = w.bytes
        w.bytes = []
        out.reserveCapacity(out.count + 768)
        out.append(contentsOf: Self.openMerchant)
        string(r.merchant.name, &out)
        out.append(contentsOf: Self.kindKey)
        out.append(contentsOf: r.merchant.kind.rawValue.utf8)
        out.append(contentsOf: Self.brandKey)
        string(r.merchant.brand, &out)
        out.append(contentsOf: Self.intermediaryKey)
        string(r.merchant.intermediary, &out)
        out.append(contentsOf: Self.sellerKey)
        string(r.merchant.seller, &out)
        out.append(contentsOf: Self.documentKey)
        // Written by garden itself: a formatted CNPJ or an already masked CPF.
        if let document = r.merchant.document { JSONWriter.appendEscaped(document, to: &out) } else { out.append(contentsOf: Self.null) }
        out.append(contentsOf: Self.confidenceKey)
        out.append(contentsOf: r.merchant.confidence.description.utf8)
        out.append(contentsOf: Self.sourceKey)
        out.append(contentsOf: r.merchant.origin.description.utf8)
        out.append(contentsOf: Self.categoryKey)
        out.append(contentsOf: r.category.utf8)
        out.append(contentsOf: Self.nameKey)
        string(taxonomy[r.category]?.name(language) ?? r.category, &out)
        out.append(contentsOf: Self.confidenceKey)
        out.append(contentsOf: r.categoryConfidence.description.utf8)
        out.append(contentsOf: Self.sourceKey)
        out.append(contentsOf: r.categorySourceName.utf8)
        out.append(contentsOf: Self.budgetKey)
        if let budget = r.budget {
            out.append(contentsOf: Self.budgetID)
            out.append(contentsOf: budget.id.utf8)
            out.append(contentsOf: Self.nameKey)
            string(budget.name(language), &out)
            out.append(UInt8(ascii: "}"))
        } else {
            out.append(contentsOf: Self.null)
        }
        out.append(contentsOf: Self.reviewKey)
        out.append(contentsOf: (r.review ? "true" : "false").utf8)
        out.append(contentsOf: Self.reasonsKey)
        for (index, reason) in r.reviewReasons.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            string(reason, &out)
        }
        out.append(contentsOf: Self.installmentKey)
        if let installment = r.installment {
            out.append(contentsOf: Self.numberKey)
            out.append(contentsOf: String(installment.number).utf8)
            out.append(contentsOf: Self.totalKey)
            out.append(contentsOf: String(installment.total).utf8)
            out.append(UInt8(ascii: "}"))
        } else {
            out.append(contentsOf: Self.null)
        }
        out.append(contentsOf: Self.directionKey)
        string(r.direction?.rawValue, &out)
        out.append(contentsOf: Self.flowKey)
        out.append(contentsOf: r.flow.rawValue.utf8)
        out.append(contentsOf: Self.rowKey)
        // The row id is the ledger's key (`explain --id`, `links --id`): `Pipeline.rowID` already hashes an id
        // holding a CPF, so only a formatted or check-digit-valid CPF is masked here, never a plain account number.
        string(r.rowID, &out, plainDigits: false)
        w.bytes = out
        if includeTrace {
            // The trace goes through the general writer, inside the object still open.
            w.reopenObject()
            w.member("descriptor", CPFScrubber.scrub(r.foldedName))
            w.key("trace")
            w.beginArray()
            for entry in r.trace { writeTrace(entry, into: &w) }
            w.endArray()
            w.endObject()
        } else {
            w.bytes.append(UInt8(ascii: "}"))
        }
    }

    private func string(_ value: String?, _ out: inout [UInt8], plainDigits: Bool = true) {
        guard let value else { out.append(contentsOf: Self.null); return }
        JSONWriter.appendEscaped(CPFScrubber.scrub(value, plainDigits: plainDigits), to: &out)
    }

    private func writeTrace(_ entry: Resolution.TraceEntry, into w: inout JSONWriter) {
        w.beginObject()
        w.member("resolver", entry.resolver.name)
        w.member("status", entry.status.rawValue)
        if let p = entry.proposal {
            w.member("category", p.category)
            w.key("confidence"); w.raw(p.confidence.description)
            if let m = p.merchant {
                w.key("merchant")
                w.beginObject()
                w.member("name", m.name.map { CPFScrubber.scrub($0) })
                w.member("kind", m.kind.rawValue)
                w.member("brand", m.brandID)
                w.key("confidence"); w.raw(m.confidence.description)
                w.endObject()
            }
            w.member("matched", CPFScrubber.scrub(p.evidence.matched))
            w.member("source", CPFScrubber.scrub(p.evidence.location))
            if let note = p.evidence.note { w.member("note", CPFScrubber.scrub(note)) }
        }
        if let reason = entry.reason { w.member("reason", CPFScrubber.scrub(reason)) }
        w.endObject()
    }
}
