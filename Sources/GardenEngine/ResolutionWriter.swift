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

    /// Appends a literal's bytes (a `StaticString`: no array, no lazy global, one copy).
    @inline(__always)
    private static func append(_ text: StaticString, _ out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// Appends a string's UTF-8 bytes in one copy.
    @inline(__always)
    private static func append(_ text: String, _ out: inout [UInt8]) {
        var text = text
        text.withUTF8 { out.append(contentsOf: $0) }
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

    public func write(_ r: Resolution, into w: inout JSONWriter) {
        // Taken out of the writer by a swap: `var out = w.bytes` leaves two references for a moment, and the first
        // append then copies the whole buffer (the output batch's, when the line is written in place).
        var out: [UInt8] = []
        swap(&out, &w.bytes)
        Self.append(Self.openMerchant, &out)
        string(r.merchant.name, &out)
        Self.append(Self.kindKey, &out)
        Self.append(r.merchant.kind.rawValue, &out)
        Self.append(Self.brandKey, &out)
        string(r.merchant.brand, &out)
        Self.append(Self.intermediaryKey, &out)
        string(r.merchant.intermediary, &out)
        Self.append(Self.sellerKey, &out)
        string(r.merchant.seller, &out)
        Self.append(Self.documentKey, &out)
        // Written by garden itself: a formatted CNPJ or an already masked CPF.
        if let document = r.merchant.document { JSONWriter.appendEscaped(document, to: &out) } else { Self.append(Self.null, &out) }
        Self.append(Self.confidenceKey, &out)
        Self.append(r.merchant.confidence.description, &out)
        Self.append(Self.sourceKey, &out)
        Self.append(r.merchant.origin.description, &out)
        Self.append(Self.categoryKey, &out)
        Self.append(r.category, &out)
        Self.append(Self.nameKey, &out)
        string(taxonomy[r.category]?.name(language) ?? r.category, &out)
        Self.append(Self.confidenceKey, &out)
        Self.append(r.categoryConfidence.description, &out)
        Self.append(Self.sourceKey, &out)
        Self.append(r.categorySourceName, &out)
        Self.append(Self.budgetKey, &out)
        if let budget = r.budget {
            Self.append(Self.budgetID, &out)
            Self.append(budget.id, &out)
            Self.append(Self.nameKey, &out)
            string(budget.name(language), &out)
            out.append(UInt8(ascii: "}"))
        } else {
            Self.append(Self.null, &out)
        }
        Self.append(Self.reviewKey, &out)
        Self.append((r.review ? "true" : "false"), &out)
        Self.append(Self.reasonsKey, &out)
        for (index, reason) in r.reviewReasons.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            string(reason, &out)
        }
        Self.append(Self.installmentKey, &out)
        if let installment = r.installment {
            Self.append(Self.numberKey, &out)
            Self.append(String(installment.number), &out)
            Self.append(Self.totalKey, &out)
            Self.append(String(installment.total), &out)
            out.append(UInt8(ascii: "}"))
        } else {
            Self.append(Self.null, &out)
        }
        Self.append(Self.directionKey, &out)
        string(r.direction?.rawValue, &out)
        Self.append(Self.flowKey, &out)
        Self.append(r.flow.rawValue, &out)
        Self.append(Self.rowKey, &out)
        // The row id is the ledger's key (`explain --id`, `links --id`): `Pipeline.rowID` already hashes an id
        // holding a CPF, so only a formatted or check-digit-valid CPF is masked here, never a plain account
        // number nor a long number of the id (a FITID is no card).
        var rowID = r.rowID
        if !rowID.withUTF8({ JSONWriter.appendEscapedIfUnmasked($0, onlyCPFs: true, to: &out) }) {
            JSONWriter.appendEscaped(CPFScrubber.scrubCPF(rowID, plainDigits: false), to: &out)
        }
        swap(&out, &w.bytes)
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
    private func string(_ value: String?, _ out: inout [UInt8], plainDigits: Bool = true) {
        guard var value else { Self.append(Self.null, &out); return }
        if value.withUTF8({ JSONWriter.appendEscapedIfUnmasked($0, to: &out) }) { return }
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
