/// Writes a ``Resolution`` as the `resolution` JSON object (field order fixed, confidences in fixed
/// point, category and budget names in the chosen language).
public struct ResolutionWriter: Sendable {
    public var language: Language
    public var includeTrace: Bool
    public let taxonomy: Taxonomy

    public init(taxonomy: Taxonomy, language: Language = .portuguese, includeTrace: Bool = false) {
        self.taxonomy = taxonomy
        self.language = language
        self.includeTrace = includeTrace
    }

    public func write(_ r: Resolution, into w: inout JSONWriter) {
        w.beginObject()
        w.key("merchant")
        w.beginObject()
        w.member("name", r.merchant.name)
        w.member("kind", r.merchant.kind.rawValue)
        w.member("brand", r.merchant.brand)
        w.member("intermediary", r.merchant.intermediary)
        w.member("seller", r.merchant.seller)
        w.member("document", r.merchant.document)
        w.key("confidence"); w.raw(r.merchant.confidence.description)
        w.member("source", r.merchant.source)
        w.endObject()
        w.key("category")
        w.beginObject()
        w.member("id", r.category)
        w.member("name", taxonomy[r.category]?.name(language) ?? r.category)
        w.key("confidence"); w.raw(r.categoryConfidence.description)
        w.member("source", r.categorySource)
        w.endObject()
        w.key("budget")
        if let budget = r.budget {
            w.beginObject()
            w.member("id", budget.id)
            w.member("name", budget.name(language))
            w.endObject()
        } else {
            w.null()
        }
        w.key("review"); w.bool(r.review)
        w.key("review_reasons")
        w.beginArray()
        for reason in r.reviewReasons { w.string(reason) }
        w.endArray()
        w.key("installment")
        if let installment = r.installment {
            w.beginObject()
            w.key("number"); w.int(installment.number)
            w.key("total"); w.int(installment.total)
            w.endObject()
        } else {
            w.null()
        }
        w.member("direction", r.direction?.rawValue)
        w.member("flow", r.flow.rawValue)
        w.member("row_id", r.rowID)
        if includeTrace {
            w.member("descriptor", r.normalizedDescriptor)
            w.key("trace")
            w.beginArray()
            for entry in r.trace { writeTrace(entry, into: &w) }
            w.endArray()
        }
        w.endObject()
    }

    private func writeTrace(_ entry: Resolution.TraceEntry, into w: inout JSONWriter) {
        w.beginObject()
        w.member("resolver", entry.resolver)
        w.member("status", entry.status.rawValue)
        if let p = entry.proposal {
            w.member("category", p.category)
            w.key("confidence"); w.raw(p.confidence.description)
            if let m = p.merchant {
                w.key("merchant")
                w.beginObject()
                w.member("name", m.name)
                w.member("kind", m.kind.rawValue)
                w.member("brand", m.brandID)
                w.key("confidence"); w.raw(m.confidence.description)
                w.endObject()
            }
            w.member("matched", p.evidence.matched)
            w.member("source", p.evidence.source)
            if let note = p.evidence.note { w.member("note", note) }
        }
        if let reason = entry.reason { w.member("reason", reason) }
        w.endObject()
    }
}
