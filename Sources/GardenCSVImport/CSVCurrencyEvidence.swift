import GardenFoundation
import GardenCatalog
import GardenImportKit

/// The currency a CSV file states without a currency column: a symbol in its header or beside its
/// amounts (`Valor (R$)`, `€ 5,00`: `Rules/import_currency_symbols.tsv`) or an ISO 4217 code in a money
/// column's header or in brackets (`Betrag (EUR)`, `Amount USD`). A file stating two currencies states none.
public struct CSVCurrencyEvidence: Sendable {
    private var symbols: [(symbol: String, currency: String)] = []

    public init(data: DataDirectory) throws(DataError) {
        for record in try data.tsv("Rules/import_currency_symbols.tsv", minimumColumns: 2).records {
            guard CurrencyCode(record.columns[1]) != nil else { throw record.error("unknown ISO 4217 currency \"\(record.columns[1])\"", column: 2) }
            symbols.append((record.columns[0], record.columns[1]))
        }
        symbols.sort { $0.symbol.count > $1.symbol.count }          // "US$" before a shorter symbol inside it
    }

    /// The one currency the `header` cells and the money `cells` state, with what stated it (`"R$"`), or nil.
    public func currency(header: [String], moneyHeader: [String], cells: [String]) -> (code: String, shown: String)? {
        var found: [String: String] = [:]
        for text in header + cells { if let (code, shown) = symbol(in: text) { found[code] = found[code] ?? shown } }
        for text in header {
            for word in Self.bracketed(text) where CurrencyCode(word) != nil { found[word] = found[word] ?? word }
        }
        for text in moneyHeader {
            for word in text.split(whereSeparator: { !$0.isLetter }).map(String.init) where word.count == 3 && word == word.uppercased() && CurrencyCode(word) != nil {
                found[word] = found[word] ?? word
            }
        }
        guard found.count == 1, let (code, shown) = found.first else { return nil }
        return (code, shown)
    }

    private func symbol(in text: String) -> (String, String)? {
        for (symbol, currency) in symbols where text.contains(symbol) { return (currency, symbol) }
        return nil
    }

    /// The words written in brackets in a header cell: `Betrag (EUR)` → `EUR`.
    static func bracketed(_ text: String) -> [String] {
        var words: [String] = []
        var current: String?
        for character in text {
            if character == "(" || character == "[" { current = "" } else if character == ")" || character == "]" {
                if let word = current?.trimmingSpaces, !word.isEmpty { words.append(word.uppercased()) }
                current = nil
            } else if current != nil { current!.append(character) }
        }
        return words
    }
}
