import GardenCore
import GardenStore

/// Turns resolved lines into ledger rows (`resolve --record`): the raw line without `resolution` and with
/// every CPF-shaped text in its strings masked, the folded descriptor, and the resolution.
enum LedgerRecorder {
    static func row(doc: JSONDocument, transaction: Transaction, resolution: Resolution, resolutionJSON: [UInt8]) -> LedgerRow {
        LedgerRow(rowID: resolution.rowID, raw: maskedRaw(doc, bareDigits: resolution.merchant.document?.hasPrefix("•") ?? false), folded: String(decoding: TokenizedText(transaction.description).folded, as: UTF8.self),
                  merchantKey: resolution.merchantKey, direction: resolution.direction?.rawValue, date: transaction.date,
                  resolution: String(decoding: resolutionJSON, as: UTF8.self), category: resolution.category,
                  source: resolution.categorySource, rule: resolution.ruleID)
    }

    /// The line's bytes without a `resolution` member, with CPF-shaped text inside strings masked:
    /// formatted CPFs always; 11 plain digits in a `document`-like field, or anywhere when the pipeline
    /// read a CPF in the row (elsewhere 11 digits are a phone or a store number, and masking them would
    /// change how the row resolves).
    static func maskedRaw(_ doc: JSONDocument, bareDigits: Bool = true) -> String {
        var spans: [(Range<Int>, [UInt8])] = []
        collectMasks(doc, node: doc.root, bareDigits: bareDigits, into: &spans)
        var masked: [UInt8] = []
        var cursor = 0
        for (span, replacement) in spans.sorted(by: { $0.0.lowerBound < $1.0.lowerBound }) where span.lowerBound >= cursor {
            masked.append(contentsOf: doc.bytes[cursor..<span.lowerBound])
            masked.append(contentsOf: replacement)
            cursor = span.upperBound
        }
        masked.append(contentsOf: doc.bytes[cursor...])
        guard let clean = try? JSONScanner.parse(masked) else { return String(decoding: doc.bytes, as: UTF8.self) }
        var out: [UInt8] = []
        JSONSplice.replacingMember("resolution", in: clean, with: nil, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func collectMasks(_ doc: JSONDocument, node: Int, bareDigits: Bool, into spans: inout [(Range<Int>, [UInt8])]) {
        switch doc[node].kind {
        case .object, .array:
            for child in doc.children(of: node) {
                let key = doc[child].keyStart >= 0 ? doc.keyText(child).lowercased() : ""
                let documentField = key.contains("document") || key.contains("cpf") || key == "value"
                collectMasks(doc, node: child, bareDigits: bareDigits || documentField, into: &spans)
            }
        case .string:
            let n = doc[node]
            let start = Int(n.start) + 1, end = Int(n.end) - 1
            var i = start
            while i < end {
                // 11 digits in a row, or DDD.DDD.DDD-DD.
                if let length = cpfLength(doc.bytes, i, end), i == start || !isDigit(doc.bytes[i - 1]), bareDigits || length == 14 {
                    let text = String(decoding: doc.bytes[i..<(i + length)], as: UTF8.self)
                    if let mask = CPF.mask(text) { spans.append((i..<(i + length), Array(mask.utf8))) }
                    i += length
                } else {
                    i += 1
                }
            }
        default:
            return
        }
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }

    static func cpfLength(_ b: [UInt8], _ i: Int, _ end: Int) -> Int? {
        if i + 11 <= end, (i..<(i + 11)).allSatisfy({ isDigit(b[$0]) }), i + 11 == end || !isDigit(b[i + 11]) { return 11 }
        if i + 14 <= end {
            let shape = Array(b[i..<(i + 14)])
            let ok = (0..<14).allSatisfy { k in
                switch k {
                case 3, 7: return shape[k] == UInt8(ascii: ".")
                case 11: return shape[k] == UInt8(ascii: "-")
                default: return isDigit(shape[k])
                }
            }
            if ok, i + 14 == end || !isDigit(b[i + 14]) { return 14 }
        }
        return nil
    }
}
