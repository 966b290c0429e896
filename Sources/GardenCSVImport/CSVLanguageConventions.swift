import GardenFoundation
import GardenCatalog
import GardenImportKit

/// What a generic CSV file takes from its header's language when its cells do not say it: the currency,
/// the order of `nn/nn/yyyy` dates and the decimal mark (`Rules/import_csv_languages.tsv`: Portuguese is
/// BRL, dd/mm and a decimal comma; English USD, mm/dd and a point; German EUR, dd.mm and a comma).
public struct CSVLanguageConventions: Sendable {
    /// One language's conventions.
    public struct Conventions: Sendable, Equatable {
        public var currency: String
        public var dateOrder: DateText.Order
        public var decimalMark: AmountText.DecimalMark
    }

    private var byLanguage: [String: Conventions] = [:]

    public init(data: DataDirectory) throws(DataError) {
        for record in try data.tsv("Rules/import_csv_languages.tsv", minimumColumns: 4).records {
            guard CurrencyCode(record.columns[1]) != nil else { throw record.error("unknown ISO 4217 currency \"\(record.columns[1])\"", column: 2) }
            guard let order = DateText.Order(rawValue: record.columns[2]) else { throw record.error("expected dmy or mdy", column: 3) }
            guard let mark = AmountText.DecimalMark(rawValue: record.columns[3]), mark != .auto else { throw record.error("expected comma or point", column: 4) }
            byLanguage[record.columns[0]] = Conventions(currency: record.columns[1], dateOrder: order, decimalMark: mark)
        }
    }

    /// The conventions of a language (`pt`, `en`, `de`), or nil when the table has none for it.
    public subscript(language: String) -> Conventions? { byLanguage[language] }
}
