import GardenFoundation
import GardenCatalog

/// Maps what a file says about a row's rail — an OFX `TRNTYPE` (`CHECK`, `ATM`, `POS`, `DIRECTDEBIT`)
/// or a CSV type column (`ACH_DEBIT`, `QUICKPAY_CREDIT`, `Pix enviado`, `Compra no débito`) — to a
/// ``PaymentMethod``. Data: `Rules/import_payment_methods.tsv` (code, method, `exact` or `prefix` match
/// on the folded text's leading words). Codes that name only a direction (`DEBIT`, `CREDIT`) map to none.
public struct PaymentMethodTable: Sendable {
    private var exact: [String: PaymentMethod] = [:]
    private var prefixes: [(words: String, method: PaymentMethod)] = []

    public init(data: DataDirectory) throws(DataError) {
        let file = try data.tsv("Rules/import_payment_methods.tsv", minimumColumns: 3)
        for record in file.records {
            guard let method = PaymentMethod(rawValue: record.columns[1]) else {
                throw record.error("unknown payment method \"\(record.columns[1])\"", column: 2)
            }
            let code = Self.key(record.columns[0])
            switch record.columns[2] {
            case "exact": exact[code] = method
            case "prefix": prefixes.append((code, method))
            default: throw record.error("expected exact or prefix, got \"\(record.columns[2])\"", column: 3)
            }
        }
        prefixes.sort { $0.words.count > $1.words.count }     // longest prefix first
    }

    /// The method a type text names, or nil.
    public func method(for text: String?) -> PaymentMethod? {
        guard let text, !text.isEmpty else { return nil }
        let key = Self.key(text)
        if let method = exact[key] { return method }
        return prefixes.first { key == $0.words || key.hasPrefix($0.words + " ") }?.method
    }

    /// Folded (case and accents), `_` and `-` as spaces, spaces collapsed.
    static func key(_ text: String) -> String {
        let folded = String(decoding: TextFold.fold(Array(text.utf8)), as: UTF8.self)
        return folded.split(whereSeparator: { $0 == " " || $0 == "_" || $0 == "-" || $0 == "\t" }).joined(separator: " ")
    }
}
