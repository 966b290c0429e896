import GardenFoundation
import GardenCatalog

/// Lines bank CSVs print that are not transactions: opening and closing balances and totals
/// (`Saldo Anterior`, `S A L D O`, `Beginning balance as of 01/01/2024`, `Total`). Data:
/// `Rules/import_balance_lines.tsv` (folded text; `exact`, or `prefix` of the cell's leading words).
public struct BalanceLines: Sendable {
    private var exact: Set<String> = []
    private var prefixes: [String] = []

    public init(data: DataDirectory) throws(DataError) {
        for record in try data.tsv("Rules/import_balance_lines.tsv", minimumColumns: 2).records {
            switch record.columns[1] {
            case "exact": exact.insert(PaymentMethodTable.key(record.columns[0]))
            case "prefix": prefixes.append(PaymentMethodTable.key(record.columns[0]))
            default: throw record.error("expected exact or prefix, got \"\(record.columns[1])\"", column: 2)
            }
        }
    }

    /// Whether a cell's text is a balance or total marker.
    public func matches(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first(where: { $0 != " " }), first.properties.isAlphabetic, text.utf8.count <= 80 else { return false }
        let key = PaymentMethodTable.key(text)
        guard !key.isEmpty else { return false }
        return exact.contains(key) || prefixes.contains { key == $0 || key.hasPrefix($0 + " ") }
    }

    /// Whether a cell of a line without a date starts with a balance or total marker, exact ones too:
    /// `Total do período`, `Saldo em conta`. Without a date such a line is a summary, not a transaction.
    public func startsSummary(_ text: String) -> Bool {
        if matches(text) { return true }
        guard text.utf8.count <= 80, text.unicodeScalars.first(where: { $0 != " " })?.properties.isAlphabetic == true else { return false }
        let key = PaymentMethodTable.key(text)
        return exact.contains { key.hasPrefix($0 + " ") }
    }
}
