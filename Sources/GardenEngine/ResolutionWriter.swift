import GardenFoundation
import GardenCatalog

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

    private static let openMerchant: StaticString = #"{"merchant":{"name":"#
    private static let kindKey: StaticString = #","kind":""#
    private static let brandKey: StaticString = #"","brand":"#
    private static let intermediaryKey: StaticString = #","intermediary":"#
    private static let sellerKey: StaticString = #","seller":"#
    private static let documentKey: StaticString = #","document":"#
    private static let confidenceKey: StaticString = #","confidence":"#
    private static let sourceKey: StaticString = #","source":""#
    private static let categoryKey: StaticString = #""},"category":{"id":""#
    private static let nameKey: StaticString = #"","name":"#
    private static let budgetKey: StaticString = #""},"budget":"#
    private static let budgetID: StaticString = #"{"id":""#
    private static let reviewKey: StaticString = #","review":"#
    private static let reasonsKey: StaticString = #","review_reasons":["#
    private static let installmentKey: StaticString = #"],"installment":"#
    private static let numberKey: StaticString = #"{"number":"#
    private static let totalKey: StaticString = #","total":"#
    private static let directionKey: StaticString = #","direction":"#
    private static let flowKey: StaticString = #","flow":""#
    private static let rowKey: StaticString = #"","row_id":"#
    private static let null: StaticString = "null"
    private static let trueText: StaticString = "true"
    private static let falseText: StaticString = "false"
    /// The bytes of the literals above that one object writes, and more: its texts are counted apart.
    private static let fixedBytes = 512

    public func write(_ r: Resolution, into w: inout JSONWriter) {
        // The texts first, so the most bytes the object can take is known; then the object is written at a cursor into
        // memory of that size (on the stack: no capacity or uniqueness check a write, as each of ~30 appends to the
        // output array made) and appended to the output in one copy.
        let categoryName = taxonomy[r.category]?.name(language) ?? r.category
        let budgetName = r.budget?.name(language)
        let installment = r.installment.map { (String($0.number), String($0.total)) }
        let confidence = r.merchant.confidence.description, origin = r.merchant.origin.description
        let categoryConfidence = r.categoryConfidence.description, categorySource = r.categorySourceName
        func room(_ text: String?) -> Int { text.map(ByteCursor.bound) ?? 0 }
        var bound = Self.fixedBytes + room(categoryName) + room(r.category) + room(r.rowID)
        bound += confidence.utf8.count + origin.utf8.count + categoryConfidence.utf8.count + categorySource.utf8.count
        bound += r.merchant.kind.rawValue.utf8.count + r.flow.rawValue.utf8.count
        bound += room(r.merchant.name) + room(r.merchant.brand) + room(r.merchant.intermediary) + room(r.merchant.seller)
        bound += room(r.merchant.document) + room(r.budget?.id) + room(budgetName) + room(r.direction?.rawValue)
        for reason in r.reviewReasons { bound += ByteCursor.bound(reason) + 1 }
        if let installment { bound += installment.0.utf8.count + installment.1.utf8.count }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bound) { memory in
            var c = ByteCursor(memory.baseAddress!)
            c.append(Self.openMerchant)
            string(r.merchant.name, &c)
            c.append(Self.kindKey)
            c.append(r.merchant.kind.rawValue)
            c.append(Self.brandKey)
            string(r.merchant.brand, &c)
            c.append(Self.intermediaryKey)
            string(r.merchant.intermediary, &c)
            c.append(Self.sellerKey)
            string(r.merchant.seller, &c)
            c.append(Self.documentKey)
            // Written by garden itself: a formatted CNPJ or an already masked CPF.
            if let document = r.merchant.document { c.appendEscaped(document) } else { c.append(Self.null) }
            c.append(Self.confidenceKey)
            c.append(confidence)
            c.append(Self.sourceKey)
            c.append(origin)
            c.append(Self.categoryKey)
            c.append(r.category)
            c.append(Self.nameKey)
            c.appendMasked(categoryName)
            c.append(Self.confidenceKey)
            c.append(categoryConfidence)
            c.append(Self.sourceKey)
            c.append(categorySource)
            c.append(Self.budgetKey)
            if let budget = r.budget {
                c.append(Self.budgetID)
                c.append(budget.id)
                c.append(Self.nameKey)
                string(budgetName, &c)
                c.append(UInt8(ascii: "}"))
            } else {
                c.append(Self.null)
            }
            c.append(Self.reviewKey)
            c.append(r.review ? Self.trueText : Self.falseText)
            c.append(Self.reasonsKey)
            for (index, reason) in r.reviewReasons.enumerated() {
                if index > 0 { c.append(UInt8(ascii: ",")) }
                c.appendMasked(reason)
            }
            c.append(Self.installmentKey)
            if let installment {
                c.append(Self.numberKey)
                c.append(installment.0)
                c.append(Self.totalKey)
                c.append(installment.1)
                c.append(UInt8(ascii: "}"))
            } else {
                c.append(Self.null)
            }
            c.append(Self.directionKey)
            string(r.direction?.rawValue, &c)
            c.append(Self.flowKey)
            c.append(r.flow.rawValue)
            c.append(Self.rowKey)
            // The row id is the ledger's key (`explain --id`, `links --id`): `Pipeline.rowID` already hashes an id
            // holding a CPF, so only a formatted or check-digit-valid CPF is masked here, never a plain account
            // number nor a long number of the id (a FITID is no card).
            c.appendMasked(r.rowID, plainDigits: false, onlyCPFs: true)
            precondition(c.count <= bound, "the resolution outgrew its bound")
            w.bytes.append(contentsOf: c.written)
        }
        if includeTrace {
            // The trace goes through the general writer, inside the object still open.
            w.reopenObject()
            w.member("descriptor", CPFScrubber.scrub(r.foldedName))
            // The merchant identity memory and taught rules key on (``MerchantIdentity``), when it was computed.
            if let key = r.merchantKey { w.member("identity", CPFScrubber.scrub(key)) }
            w.key("trace")
            w.beginArray()
            for entry in r.trace { writeTrace(entry, into: &w) }
            w.endArray()
            w.endObject()
        } else {
            w.bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Appends `value` masked (``CPFScrubber/scrub(_:plainDigits:)``) and escaped, or `null`. A text in which nothing can
    /// be masked (most: no digit at all) is escaped straight from its bytes, in the same pass that tells it.
    /// Writes `value` masked (``CPFScrubber/scrub(_:plainDigits:)``) and escaped, or `null`.
    private func string(_ value: String?, _ c: inout ByteCursor) {
        guard let value else { c.append(Self.null); return }
        c.appendMasked(value)
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
