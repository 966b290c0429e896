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
    private static let closeBrace: StaticString = "}"
    private static let comma: StaticString = ","
    /// The writer's scratch: 1 KB, which Swift keeps on the stack (a larger temporary allocation is a malloc).
    private static let scratchBytes = 1024

    public func write(_ r: Resolution, into w: inout JSONWriter) {
        // The object is written at a cursor into 1 KB of scratch on the stack (no capacity or uniqueness check a write, as
        // each of ~30 appends to the output array made) and appended to the output in one copy; before each piece the
        // cursor is asked for its most bytes (``ByteCursor/bound(_:)``), and what it holds is handed on first when they
        // do not fit (a long text, many review reasons). A text longer than the scratch goes to the output directly.
        let categoryName = taxonomy[r.category]?.name(language) ?? r.category
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.scratchBytes) { memory in
            var c = ByteCursor(memory.baseAddress!, capacity: memory.count)
            @inline(__always)
            func need(_ bytes: Int) {
                guard c.room < bytes else { return }
                w.bytes.append(contentsOf: c.written)
                c.reset()
            }
            @inline(__always)
            func literal(_ text: StaticString) {
                need(text.utf8CodeUnitCount)
                c.append(text)
            }
            @inline(__always)
            func raw(_ text: String) {
                need(text.utf8.count)
                if text.utf8.count <= c.room { c.append(text) } else { w.bytes.append(contentsOf: text.utf8) }
            }
            func string(_ value: String?, plainDigits: Bool = true, onlyCPFs: Bool = false) {
                guard var value else { literal(Self.null); return }
                let bound = ByteCursor.bound(value)
                need(bound)
                if bound <= c.room { c.appendMasked(value, plainDigits: plainDigits, onlyCPFs: onlyCPFs); return }
                if value.withUTF8({ JSONWriter.appendEscapedIfUnmasked($0, onlyCPFs: onlyCPFs, to: &w.bytes) }) { return }
                JSONWriter.appendEscaped(onlyCPFs ? CPFScrubber.scrubCPF(value, plainDigits: plainDigits) : CPFScrubber.scrub(value, plainDigits: plainDigits),
                                         to: &w.bytes)
            }
            literal(Self.openMerchant)
            string(r.merchant.name)
            literal(Self.kindKey)
            raw(r.merchant.kind.rawValue)
            literal(Self.brandKey)
            string(r.merchant.brand)
            literal(Self.intermediaryKey)
            string(r.merchant.intermediary)
            literal(Self.sellerKey)
            string(r.merchant.seller)
            literal(Self.documentKey)
            // Written by garden itself: a formatted CNPJ or an already masked CPF.
            if let document = r.merchant.document {
                need(ByteCursor.bound(document))
                if ByteCursor.bound(document) <= c.room { c.appendEscaped(document) } else { JSONWriter.appendEscaped(document, to: &w.bytes) }
            } else {
                literal(Self.null)
            }
            literal(Self.confidenceKey)
            raw(r.merchant.confidence.description)
            literal(Self.sourceKey)
            raw(r.merchant.origin.description)
            literal(Self.categoryKey)
            raw(r.category)
            literal(Self.nameKey)
            string(categoryName)
            literal(Self.confidenceKey)
            raw(r.categoryConfidence.description)
            literal(Self.sourceKey)
            raw(r.categorySourceName)
            literal(Self.budgetKey)
            if let budget = r.budget {
                literal(Self.budgetID)
                raw(budget.id)
                literal(Self.nameKey)
                string(budget.name(language))
                literal(Self.closeBrace)
            } else {
                literal(Self.null)
            }
            literal(Self.reviewKey)
            literal(r.review ? Self.trueText : Self.falseText)
            literal(Self.reasonsKey)
            for (index, reason) in r.reviewReasons.enumerated() {
                if index > 0 { literal(Self.comma) }
                string(reason)
            }
            literal(Self.installmentKey)
            if let installment = r.installment {
                literal(Self.numberKey)
                raw(String(installment.number))
                literal(Self.totalKey)
                raw(String(installment.total))
                literal(Self.closeBrace)
            } else {
                literal(Self.null)
            }
            literal(Self.directionKey)
            string(r.direction?.rawValue)
            literal(Self.flowKey)
            raw(r.flow.rawValue)
            literal(Self.rowKey)
            // The row id is the ledger's key (`explain --id`, `links --id`): `Pipeline.rowID` already hashes an id
            // holding a CPF, so only a formatted or check-digit-valid CPF is masked here, never a plain account
            // number nor a long number of the id (a FITID is no card).
            string(r.rowID, plainDigits: false, onlyCPFs: true)
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
