import GardenFoundation
import GardenCatalog
import GardenEngine

/// A ledger row as its plain columns hold it (migration 8): the typed ``LedgerEntry`` and, only when the
/// columns cannot write the resolution back byte for byte (a member garden does not know, other spacing or
/// escapes), the resolution text as given. Derived from a ``LedgerRow``'s texts, by the one function every
/// write uses, so a row's columns never disagree with its texts.
package struct LedgerColumns: Sendable {
    package var entry: LedgerEntry
    /// The resolution as given, when ``LedgerResolution/json()`` of the columns is not it; nil otherwise.
    package var verbatimResolution: String?

    package init(entry: LedgerEntry, verbatimResolution: String?) {
        self.entry = entry
        self.verbatimResolution = verbatimResolution
    }

    package init(_ row: LedgerRow, input: LedgerInput? = nil) {
        // A resolution in ``LedgerResolution/json()``'s own form (garden's output, recorded as written) is read in one
        // pass, and its columns write it back exactly unless the row's own columns override one of its fields.
        if row.entry == nil, let read = LedgerResolution(canonical: row.resolution) {
            let whole = read.category == row.category && read.source == row.source && read.direction == row.direction && read.rowID == row.rowID
            self.init(entry: LedgerEntry(row, input: input, resolution: read), verbatimResolution: whole ? nil : row.resolution)
            return
        }
        let entry = LedgerEntry(row, input: input)
        self.init(entry: entry, verbatimResolution: entry.resolution.json() == row.resolution ? nil : row.resolution)
    }

    /// The columns of a row whose resolution text ``LedgerRow/resolution`` was just written from `resolution` (the typed
    /// fields of that text, ``LedgerResolution/init(_:writer:)``): nothing is read back from the text, and its columns
    /// write it back exactly unless the row's own columns override one of its fields.
    package init(_ row: LedgerRow, input: LedgerInput?, resolution: LedgerResolution) {
        let whole = resolution.category == row.category && resolution.source == row.source && resolution.direction == row.direction
            && resolution.rowID == row.rowID
        self.init(entry: LedgerEntry(row, input: input, resolution: resolution), verbatimResolution: whole ? nil : row.resolution)
    }

    /// The columns every layout-8 query selects, in this order (``Store/ledgerRow(_:)`` reads them by index;
    /// ``Store/runLedgerColumns(_:_:more:)`` binds them as `?1`…).
    package static let names = [
        "row_id", "date", "merchant_key", "rule", "category", "source", "direction", "folded", "raw", "resolution_json",
        "amount", "minor_digits", "currency", "account", "description", "memo",
        "merchant", "merchant_kind", "brand", "intermediary", "seller", "document", "merchant_confidence", "merchant_source",
        "category_name", "confidence", "budget", "budget_name", "review", "review_reasons", "installment_number", "installment_total", "flow",
    ]

    /// The review reasons as a JSON array text (what `transactions.review_reasons` shows); nil when there are none.
    package static func reasonsText(_ reasons: [String]) -> String? {
        guard !reasons.isEmpty else { return nil }
        var out: [UInt8] = [UInt8(ascii: "[")]
        for (index, reason) in reasons.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONWriter.appendEscaped(reason, to: &out)
        }
        out.append(UInt8(ascii: "]"))
        return String(decoding: out, as: UTF8.self)
    }

    /// The reasons of a ``reasonsText(_:)`` text (none for NULL or a text that is not a JSON array of strings).
    package static func reasons(_ text: String?) -> [String] {
        guard let text, let doc = try? JSONScanner.parse(Array(text.utf8)), doc[doc.root].kind == .array else { return [] }
        return doc.children(of: doc.root).compactMap { doc.string($0) }
    }
}
