import GardenFoundation
import GardenCatalog
import GardenImportKit

/// Picks the layout of a CSV file: a bank dialect by header fingerprint (`Rules/import_csv_dialects.tsv`),
/// else the generic reader's header names (`Rules/import_csv_columns.tsv`), else columns inferred from
/// the values (``CSVValueInference``). The header may follow a preamble (Inter and Bradesco print the
/// account and period first): the first 30 records are searched.
public struct CSVDialectBook: Sendable {
    public let dialects: [CSVDialect]
    /// Header names by role, in priority order.
    let synonyms: [(role: CSVLayout.Role, key: String)]
    /// The language of each header name (`pt`, `en`, `de`), when it has one.
    let languages: [String: String]
    /// What each language implies for a generic file (`Rules/import_csv_languages.tsv`).
    public let conventions: CSVLanguageConventions
    /// The currency symbols and codes a file may state (`Rules/import_currency_symbols.tsv`).
    public let currencies: CSVCurrencyEvidence
    static let headerSearchDepth = 30

    public init(data: DataDirectory) throws(DataError) {
        dialects = try data.tsv("Rules/import_csv_dialects.tsv", minimumColumns: 5).records.map { record throws(DataError) in try CSVDialect(record) }
        let records = try data.tsv("Rules/import_csv_columns.tsv", minimumColumns: 2).records
        synonyms = try records.map { record throws(DataError) in
            guard let role = CSVLayout.Role(rawValue: record.columns[0]) else { throw record.error("unknown role \"\(record.columns[0])\"") }
            return (role, record.columns[1])
        }
        var languages: [String: String] = [:]
        for record in records where record.columns.count > 2 && record.columns[2] != "-" { languages[record.columns[1]] = record.columns[2] }
        self.languages = languages
        conventions = try CSVLanguageConventions(data: data)
        currencies = try CSVCurrencyEvidence(data: data)
    }

    /// The language most of a header's cells are named in (`pt`, `en`, `de`; names of `Rules/import_csv_columns.tsv`
    /// as whole words), or nil when none is known or the two tie.
    public func language(of header: [String]) -> String? {
        var votes: [String: Int] = [:]
        for key in header.map(CSVHeader.key) where !key.isEmpty {
            let padded = " " + key + " "
            let named = languages.filter { key == $0.key || padded.contains(" " + $0.key + " ") }.max { $0.key.count < $1.key.count }
            if let language = named?.value { votes[language, default: 0] += 1 }
        }
        let ranked = votes.sorted { $0.value > $1.value }
        guard let first = ranked.first, ranked.count == 1 || ranked[1].value < first.value else { return nil }
        return first.key
    }

    /// The layout of `records`; `dialect` forces one by id. Nil when nothing fits.
    public func layout(for records: [CSVReader.Record], dialect forced: String? = nil) -> CSVLayout? {
        let candidates = forced.map { id in dialects.filter { $0.id == id } } ?? dialects
        let depth = min(records.count, Self.headerSearchDepth)
        for index in 0..<depth {
            let keys = records[index].fields.map(CSVHeader.key)
            let matches = candidates.filter(\.hasHeader).compactMap { d in d.layout(keys: keys, cells: records[index].fields, headerIndex: index).map { (d, $0) } }
            if let best = matches.max(by: { $0.0.requiredNames.count < $1.0.requiredNames.count }) {
                return withHeader(best.1, records[index].fields)
            }
        }
        if let first = records.first {
            for d in candidates where !d.hasHeader {
                if let layout = d.layout(keys: [], cells: first.fields, headerIndex: nil) { return layout }
            }
        }
        if forced != nil { return nil }
        for index in 0..<depth {
            if let layout = generic(header: records[index].fields, at: index) { return layout }
        }
        return CSVValueInference.layout(records)
    }

    private func withHeader(_ layout: CSVLayout, _ header: [String]) -> CSVLayout {
        var layout = layout
        layout.header = header
        return layout
    }

    /// The generic reader's layout when `header` names a date and an amount (or debit and credit) column.
    func generic(header: [String], at index: Int) -> CSVLayout? {
        let keys = header.map(CSVHeader.key)
        var layout = CSVLayout()
        var taken = Set<Int>()
        let bothSides = keys.indices.filter { names(keys[$0], .debit) && names(keys[$0], .credit) }
        // Exact names first, then names holding a known name as whole words ("booking date", "valor total").
        for matches in [{ (cell: String, key: String) in cell == key },
                        { (cell: String, key: String) in (" " + cell + " ").contains(" " + key + " ") }] {
            for (role, key) in synonyms where layout.columns[role] == nil {
                let money = role == .debit || role == .credit
                if let column = keys.indices.first(where: { matches(keys[$0], key) && !taken.contains($0) && !(money && bothSides.contains($0)) }) {
                    layout.columns[role] = column
                    taken.insert(column)
                }
            }
        }
        // A name holding both a debit and a credit name ("Debit/Credit", "Credit or Debit", "Débito/Crédito")
        // is one column for both sides: the direction of the amounts beside it, else the signed amount itself;
        // never the debit or the credit column of two (whose other side would be read as money in).
        for column in bothSides where !taken.contains(column) {
            let role: CSVLayout.Role = layout.columns[.amount] == nil ? .amount : .type
            guard layout.columns[role] == nil else { continue }
            layout.columns[role] = column
            taken.insert(column)
        }
        let hasAmount = layout.columns[.amount] != nil || (layout.columns[.debit] != nil && layout.columns[.credit] != nil)
        guard layout.columns[.date] != nil, hasAmount, layout.columns[.description] != nil else { return nil }
        layout.headerIndex = index
        layout.header = header
        return layout
    }

    /// Whether a header key holds a header name of `role` as whole words.
    private func names(_ key: String, _ role: CSVLayout.Role) -> Bool {
        let padded = " " + key + " "
        return synonyms.contains { $0.role == role && (key == $0.key || padded.contains(" " + $0.key + " ")) }
    }
}
