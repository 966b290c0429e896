import GardenFoundation

extension LedgerResolution {
    /// The fields of a `resolution` text written exactly as ``json()`` writes them, read in one pass over its
    /// bytes with no JSON document built; nil for any other text (another member order, spacing, an escape, a
    /// member more or less, a confidence or number not in its shortest form), which ``init(json:)`` then reads.
    ///
    /// What this accepts, ``json()`` writes back byte for byte: every fixed part is compared as written, each
    /// string is taken only when it holds no byte ``JSONWriter/appendEscaped(_:to:)`` would escape (`"`, `\`,
    /// controls) and is valid UTF-8, each confidence only in ``Confidence/description``'s form, each
    /// installment number only in `String(Int)`'s. So a row recorded from garden's own output needs neither a
    /// parse nor a second serialisation to know that its columns hold its resolution whole.
    package init?(canonical text: String) {
        var text = text
        guard let value = text.withUTF8({ Self(canonicalBytes: $0) }) else { return nil }
        self = value
    }

    /// ``init(canonical:)`` over the text's UTF-8 bytes.
    package init?(canonicalBytes bytes: UnsafeBufferPointer<UInt8>) {
        var r = CanonicalReader(bytes)
        guard r.literal(#"{"merchant":{"name":"#), case .some(let name) = r.nullableString(),
              r.literal(#","kind":"#), let kind = r.string(),
              r.literal(#","brand":"#), case .some(let brand) = r.nullableString(),
              r.literal(#","intermediary":"#), case .some(let intermediary) = r.nullableString(),
              r.literal(#","seller":"#), case .some(let seller) = r.nullableString(),
              r.literal(#","document":"#), case .some(let document) = r.nullableString(),
              r.literal(#","confidence":"#), let merchantConfidence = r.confidence(),
              r.literal(#","source":"#), let merchantSource = r.string(),
              r.literal(#"},"category":{"id":"#), let category = r.string(),
              r.literal(#","name":"#), let categoryName = r.string(),
              r.literal(#","confidence":"#), let confidence = r.confidence(),
              r.literal(#","source":"#), let source = r.string(),
              r.literal(#"},"budget":"#) else { return nil }
        var budget: String?, budgetName: String?
        if !r.literal("null") {
            guard r.literal(#"{"id":"#), let id = r.string(), r.literal(#","name":"#), let named = r.string(), r.literal("}") else { return nil }
            (budget, budgetName) = (id, named)
        }
        guard r.literal(#","review":"#) else { return nil }
        let review: Bool
        if r.literal("true") { review = true } else if r.literal("false") { review = false } else { return nil }
        guard r.literal(#","review_reasons":["#) else { return nil }
        var reasons: [String] = []
        if !r.literal("]") {
            repeat {
                guard let reason = r.string() else { return nil }
                reasons.append(reason)
            } while r.literal(",")
            guard r.literal("]") else { return nil }
        }
        guard r.literal(#","installment":"#) else { return nil }
        var installment: Installment?
        if !r.literal("null") {
            guard r.literal(#"{"number":"#), let number = r.integer(), r.literal(#","total":"#), let total = r.integer(), r.literal("}") else { return nil }
            installment = Installment(number: number, total: total)
        }
        guard r.literal(#","direction":"#), case .some(let direction) = r.nullableString(),
              r.literal(#","flow":"#), let flow = r.string(),
              r.literal(#","row_id":"#), let rowID = r.string(), r.literal("}"), r.atEnd else { return nil }
        self.init(merchant: name, merchantKind: kind, brand: brand, intermediary: intermediary, seller: seller, document: document,
                  merchantConfidence: merchantConfidence, merchantSource: merchantSource, category: category, categoryName: categoryName,
                  confidence: confidence, source: source, budget: budget, budgetName: budgetName, review: review, reviewReasons: reasons,
                  installment: installment, direction: direction, flow: flow, rowID: rowID)
    }
}

/// A cursor over the bytes of a ``LedgerResolution/json()`` text (``LedgerResolution/init(canonicalBytes:)``).
private struct CanonicalReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var atEnd: Bool { at == bytes.count }

    /// Consumes `text` when the bytes continue with it.
    mutating func literal(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard bytes.count - at >= count else { return false }
        let start = text.utf8Start
        for k in 0..<count where bytes[at + k] != start[k] { return false }
        at += count
        return true
    }

    /// A quoted string with nothing ``JSONWriter/appendEscaped(_:to:)`` would escape in it, valid UTF-8.
    mutating func string() -> String? {
        guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { return nil }
        let start = at + 1
        var end = start
        var ascii = true
        while end < bytes.count {
            let b = bytes[end]
            if b == UInt8(ascii: "\"") { break }
            if b < 0x20 || b == UInt8(ascii: "\\") { return nil }
            if b >= 0x80 { ascii = false }
            end += 1
        }
        guard end < bytes.count else { return nil }
        let span = UnsafeBufferPointer(rebasing: bytes[start..<end])
        // Invalid UTF-8 would be repaired on decoding, and the text written back would differ.
        guard let text = ascii ? String(decoding: span, as: UTF8.self) : String(validating: span, as: UTF8.self) else { return nil }
        at = end + 1
        return text
    }

    /// `null` (`.some(nil)`) or a ``string()``; nil when neither.
    mutating func nullableString() -> String?? {
        if literal("null") { return .some(nil) }
        return string().map { .some($0) }
    }

    /// A confidence in exactly ``Confidence/description``'s form.
    mutating func confidence() -> Confidence? {
        let start = at
        while at < bytes.count, bytes[at] == UInt8(ascii: ".") || (bytes[at] >= 0x30 && bytes[at] <= 0x39) { at += 1 }
        let span = UnsafeBufferPointer(rebasing: bytes[start..<at])
        guard let value = Confidence(String(decoding: span, as: UTF8.self)), value.description.utf8.elementsEqual(span) else { return nil }
        return value
    }

    /// An integer in exactly `String(Int)`'s form.
    mutating func integer() -> Int? {
        let start = at
        if at < bytes.count, bytes[at] == UInt8(ascii: "-") { at += 1 }
        while at < bytes.count, bytes[at] >= 0x30 && bytes[at] <= 0x39 { at += 1 }
        let span = UnsafeBufferPointer(rebasing: bytes[start..<at])
        guard let value = Int(String(decoding: span, as: UTF8.self)), String(value).utf8.elementsEqual(span) else { return nil }
        return value
    }
}
