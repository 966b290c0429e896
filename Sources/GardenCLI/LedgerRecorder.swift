import GardenFoundation
import GardenEngine
import GardenStore
import GardenCommandKit
import GardenLedger
import GardenCodecs

/// Turns resolved lines into ledger rows (`resolve --record`): the raw line without `resolution` and with
/// every CPF-shaped text in its strings masked, the folded descriptor, and the resolution.
enum LedgerRecorder {
    /// `writer`: the writer that wrote `resolutionJSON` (without a trace), so the ledger's columns are taken from the typed
    /// resolution rather than read back from the text; nil reads the text. `accountKey`: the store's identity key, which
    /// tells a CPF-shaped account apart from another of the same mask (``AccountName/masked(_:key:)``).
    static func row(doc: JSONDocument, transaction: Transaction, resolution: Resolution, resolutionJSON: [UInt8],
                    writer: ResolutionWriter? = nil, accountKey: [UInt8]? = nil) -> LedgerRow {
        let plainDigits = resolution.merchant.document?.hasPrefix("•") ?? false
        let folded = TokenizedText(CPFScrubber.scrub(transaction.descriptorText, plainDigits: plainDigits)).folded
        let maskedDoc = masked(doc, bareDigits: plainDigits, accountKey: accountKey)
        var row = LedgerRow(rowID: resolution.rowID, raw: withoutResolution(maskedDoc ?? doc), folded: String(decoding: folded, as: UTF8.self),
                            merchantKey: resolution.merchantKey, direction: resolution.direction?.rawValue, date: transaction.date,
                            resolution: String(decoding: resolutionJSON, as: UTF8.self), category: resolution.category,
                            source: resolution.categorySourceName, rule: resolution.ruleID)
        row.isUnsettled = transaction.status.isUnsettled
        row.twinKey = twinKey(transaction, resolution, folded: row.folded, accountKey: accountKey)
        // Here, on the resolving thread, not in the one that writes the store. The pipeline's reading of the
        // line is the stored line's when nothing was masked (the stored line is the input without its
        // `resolution`), so the line is not read again; a masked line (rare) is read as stored.
        let input = maskedDoc == nil ? LedgerInput(transaction: transaction) : nil
        if let writer { row.prepare(input: input, resolution: LedgerResolution(resolution, writer: writer)) } else { row.prepare(input: input) }
        // What was resolved is the stored line when nothing in it was masked: its fingerprint then names it (LedgerSink).
        row.resolvedFromRaw = maskedDoc == nil
        return row
    }

    /// What a pending row and its posted twin share (``Store/settle(_:)``): account, currency, direction,
    /// amount, and the merchant identity (else the folded descriptor); nil without an amount. The account as the ledger
    /// keeps it (``AccountName/masked(_:key:)`` with the store's identity key `accountKey`): a CPF-shaped account is never
    /// stored in full in the pending row's key either (ledger6), and the key names the account as its rows do.
    static func twinKey(_ t: Transaction, _ resolution: Resolution, folded: String, accountKey: [UInt8]? = nil) -> String? {
        guard let amount = t.amount else { return nil }
        // Appended into one string (an array of five joined was ~3.5 k instructions a recorded row).
        var key = t.account.map { AccountName.masked($0, key: accountKey) ?? $0 } ?? ""
        key.reserveCapacity(key.utf8.count + 48 + (resolution.merchantKey ?? folded).utf8.count)
        key += "|"
        key += amount.currency.code
        key += "|"
        key += resolution.direction?.rawValue ?? ""
        key += "|"
        key += String(amount.minorUnits.magnitude)
        key += "|"
        if let merchant = resolution.merchantKey { key += merchant } else { key += "text:"; key += folded }
        return key
    }

    /// The ledger row of a resolved line; the ledger keeps the resolution without the trace (`plain`
    /// writes it when `processor` adds one).
    static func row(_ details: RowProcessor.Details, processor: RowProcessor, plain: RowProcessor?) -> LedgerRow {
        var json = details.json
        var writer = processor.writer
        if processor.writer.includeTrace, let plain {
            var w = JSONWriter(capacity: 512)
            plain.writer.write(details.resolution, into: &w)
            json = w.bytes
            writer = plain.writer
        }
        return row(doc: details.doc, transaction: details.transaction, resolution: details.resolution, resolutionJSON: json,
                   writer: writer.includeTrace ? nil : writer, accountKey: processor.accountKey)
    }

    /// The line's bytes without a `resolution` member, with CPF-shaped text inside strings masked:
    /// formatted CPFs (in any digits) always; 11 plain digits in a `document`-like field, or anywhere when
    /// the pipeline read a CPF in the row (elsewhere 11 digits are a phone or a store number, and masking
    /// them would change how the row resolves).
    static func maskedRaw(_ doc: JSONDocument, bareDigits: Bool = true) -> String {
        withoutResolution(masked(doc, bareDigits: bareDigits) ?? doc)
    }

    /// The line's bytes without a `resolution` member.
    private static func withoutResolution(_ doc: JSONDocument) -> String {
        var out: [UInt8] = []
        JSONSplice.replacingMember("resolution", in: doc, with: nil, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The line with CPF-shaped text inside its strings masked (as ``maskedRaw(_:bareDigits:)``); nil
    /// when nothing needed masking.
    static func masked(_ doc: JSONDocument, bareDigits: Bool, accountKey: [UInt8]? = nil) -> JSONDocument? {
        var spans: [(Range<Int>, [UInt8])] = []
        collectMasks(doc, node: doc.root, bareDigits: bareDigits, accountKey: accountKey, into: &spans)
        guard !spans.isEmpty else { return nil }
        var masked: [UInt8] = []
        var cursor = 0
        for (span, replacement) in spans.sorted(by: { $0.0.lowerBound < $1.0.lowerBound }) where span.lowerBound >= cursor {
            masked.append(contentsOf: doc.bytes[cursor..<span.lowerBound])
            masked.append(contentsOf: replacement)
            cursor = span.upperBound
        }
        masked.append(contentsOf: doc.bytes[cursor...])
        return try? JSONScanner.parse(masked)
    }

    /// Replacement spans for the strings holding a CPF (the whole string re-encoded, masked).
    /// Whether the bytes `text` hold `word` (ASCII), without going through Foundation's string search.
    private static func contains(_ text: [UInt8], _ word: StaticString) -> Bool {
        word.withUTF8Buffer { needle in
            guard needle.count <= text.count else { return false }
            return (0...(text.count - needle.count)).contains { start in
                (0..<needle.count).allSatisfy { text[start + $0] == needle[$0] }
            }
        }
    }

    static func collectMasks(_ doc: JSONDocument, node: Int, bareDigits: Bool, accountKey: [UInt8]? = nil, into spans: inout [(Range<Int>, [UInt8])]) {
        switch doc[node].kind {
        case .object, .array:
            var child = Int(doc[node].firstChild)
            while child >= 0 {
                let n = doc[child]
                if n.keyStart >= 0, !holdsNoNumber(doc, from: n.keyStart, to: n.keyEnd, escaped: n.keyEscaped) {
                    collectKeyMask(doc, child, bareDigits: bareDigits, into: &spans)
                }
                // A value that holds no personal number, whatever its member's name says (most of a line: ids, dates,
                // amounts, flags), is passed over before its name is lowercased (an array made for each member).
                guard mayHoldNumber(doc, child) else {
                    child = Int(n.nextSibling)
                    continue
                }
                let key = n.keyStart >= 0 ? lowercasedKey(doc, child) : []
                // Money is never a personal number: an amount (`amount`, `amountInAccountCurrency`, an Open Finance
                // `transactionAmount`'s `amount`) stays as written, or the row could not be read back (issue 33: one
                // masking step that never touches amounts). Text under an amount member is not read as text anywhere.
                if doc[child].kind == .string || doc[child].kind == .number,
                   key.elementsEqual("amount".utf8) || key.elementsEqual("amountinaccountcurrency".utf8) || key.elementsEqual("brazilianamount".utf8) {
                    child = Int(n.nextSibling)
                    continue
                }
                // An account is a key rows are grouped by: masked by its own value alone, never by what else the row holds.
                if node == doc.root, key.elementsEqual("account".utf8) || key.elementsEqual("accountid".utf8) || key.elementsEqual("account_key".utf8)
                    || key.elementsEqual("account_label".utf8) {
                    if doc[child].kind == .string, let text = doc.string(child),
                       let mask = key.elementsEqual("account_key".utf8) ? AccountName.maskedKey(text, key: accountKey) : AccountName.masked(text, key: accountKey) {
                        var encoded: [UInt8] = []
                        JSONWriter.appendEscaped(mask, to: &encoded)
                        spans.append((Int(doc[child].start)..<Int(doc[child].end), encoded))
                    } else if doc[child].kind != .string {
                        collectMasks(doc, node: child, bareDigits: false, accountKey: accountKey, into: &spans)
                    }
                    child = Int(n.nextSibling)
                    continue
                }
                let documentField = contains(key, "document") || contains(key, "cpf") || key.elementsEqual("value".utf8)
                collectMasks(doc, node: child, bareDigits: bareDigits || documentField, accountKey: accountKey, into: &spans)
                child = Int(n.nextSibling)
            }
        case .string:
            let n = doc[node]
            guard !holdsNoNumber(doc, from: n.start + 1, to: n.end - 1, escaped: n.escaped), let text = doc.string(node) else { return }
            maskValue(doc, node, text, bareDigits: bareDigits, into: &spans)
        case .number:
            // A CPF written as a JSON number (`"cpf": 52998224725`) is masked too, as a string: the
            // masked text is not a number, and the line must stay JSON.
            let raw = doc.raw(node)
            guard raw.count >= 11, raw.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return }
            maskValue(doc, node, String(decoding: raw, as: UTF8.self), bareDigits: bareDigits, into: &spans)
        default:
            return
        }
    }

    /// The span replacing value `node` (whose text is `text`) by its scrubbed text as a JSON string, when the
    /// scrubber changes it.
    private static func maskValue(_ doc: JSONDocument, _ node: Int, _ text: String, bareDigits: Bool, into spans: inout [(Range<Int>, [UInt8])]) {
        let scrubbed = CPFScrubber.scrub(text, plainDigits: bareDigits)
        guard scrubbed != text else { return }
        var encoded: [UInt8] = []
        JSONWriter.appendEscaped(scrubbed, to: &encoded)
        spans.append((Int(doc[node].start)..<Int(doc[node].end), encoded))
    }

    /// Whether ``collectMasks(_:node:bareDigits:accountKey:into:)`` may find something to mask in the value `node`
    /// (under any member name): always for an object or an array, for a string the scrubber may change, for a number of 11
    /// or more digits; never for `true`, `false` or `null`.
    private static func mayHoldNumber(_ doc: JSONDocument, _ node: Int) -> Bool {
        let n = doc[node]
        switch n.kind {
        case .object, .array: return true
        case .string: return !holdsNoNumber(doc, from: n.start + 1, to: n.end - 1, escaped: n.escaped)
        case .number: return n.end - n.start >= 11
        case .bool, .null: return false
        }
    }

    /// Whether the line's bytes `start..<end` (a string's or a member name's content), without escapes, are text the
    /// scrubber returns unchanged (``PersonalNumberScanner/masksNothing(_:onlyCPFs:)``: too few digits for a
    /// personal number), so no `String` is made for it (most members of a line: ids, dates, most descriptors).
    private static func holdsNoNumber(_ doc: JSONDocument, from start: Int32, to end: Int32, escaped: Bool) -> Bool {
        guard !escaped, start <= end else { return false }
        return doc.bytes.withUnsafeBufferPointer { PersonalNumberScanner.masksNothing(UnsafeBufferPointer(rebasing: $0[Int(start)..<Int(end)])) }
    }

    /// The member name of `child` lowercased, as bytes: an ASCII name without escapes lowercased in place (as
    /// `String.lowercased()` does it), any other through `String`.
    private static func lowercasedKey(_ doc: JSONDocument, _ child: Int) -> [UInt8] {
        let n = doc[child]
        let span = Int(n.keyStart)..<Int(n.keyEnd)
        guard !n.keyEscaped, !doc.bytes[span].contains(where: { $0 >= 0x80 }) else {
            return Array(doc.keyText(child).lowercased().utf8)
        }
        return doc.bytes[span].map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    }

    /// A replacement span for the member name of `child` when it holds a CPF (the name re-encoded,
    /// masked, quotes included).
    private static func collectKeyMask(_ doc: JSONDocument, _ child: Int, bareDigits: Bool, into spans: inout [(Range<Int>, [UInt8])]) {
        let key = doc.keyText(child)
        let scrubbed = CPFScrubber.scrub(key, plainDigits: bareDigits)
        guard scrubbed != key else { return }
        var encoded: [UInt8] = []
        JSONWriter.appendEscaped(scrubbed, to: &encoded)
        spans.append(((Int(doc[child].keyStart) - 1)..<(Int(doc[child].keyEnd) + 1), encoded))
    }
}
