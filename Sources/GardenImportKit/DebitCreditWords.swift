import GardenFoundation
import GardenCatalog

/// The words a CSV type column prints for a row's direction when the amounts are unsigned: `D`/`C`,
/// `Débito`/`Crédito`, `Saída`/`Entrada`, `Debit`/`Credit`, `DR`/`CR`, `S`/`H`, `Soll`/`Haben`. Data:
/// `Rules/import_debit_credit.tsv` (folded word, `debit` or `credit`).
public struct DebitCreditWords: Sendable {
    private var debit: [String: Bool] = [:]

    public init(data: DataDirectory) throws(DataError) {
        for record in try data.tsv("Rules/import_debit_credit.tsv", minimumColumns: 2).records {
            switch record.columns[1] {
            case "debit": debit[PaymentMethodTable.key(record.columns[0])] = true
            case "credit": debit[PaymentMethodTable.key(record.columns[0])] = false
            default: throw record.error("expected debit or credit, got \"\(record.columns[1])\"", column: 2)
            }
        }
    }

    /// Whether a type cell says debit (true: money out) or credit (false), or nil when it names neither.
    public func isDebit(_ text: String) -> Bool? {
        debit[PaymentMethodTable.key(text)]
    }
}
