import GardenFoundation
import GardenCatalog
import GardenImportKit

/// One bank's CSV export layout, a record of `Rules/import_csv_dialects.tsv`: how to recognise it
/// (header names, or the shape of a file without a header) and how to read it (``CSVLayout``).
public struct CSVDialect: Sendable {
    /// A column reference: a header name (as ``CSVHeader/key(_:)`` writes it) or a 1-based position.
    public enum Column: Equatable, Sendable {
        case named(String)
        case position(Int)
    }

    /// The dialect's id (`nubank_card`), for `--dialect` and in ids of rows without their own.
    public var id: String
    /// The bank and export it reads ("Nubank (card bill)").
    public var name: String
    /// Header names that must all be present (empty for a file without a header).
    public var requiredNames: [String] = []
    /// For files without a header: the number of columns, and cells that must hold a given value.
    public var columnCount: Int?
    public var cellValues: [(position: Int, value: String)] = []
    public var columns: [(role: CSVLayout.Role, column: Column)] = []
    /// Sign, dates, decimal mark, currency, card: the layout before columns are placed.
    public var conventions = CSVLayout()

    /// Whether the dialect's files start with a header row.
    public var hasHeader: Bool { !requiredNames.isEmpty }

    /// Parses a record: id, name, fingerprint, conventions, columns.
    public init(_ record: TSVFile.Record) throws(DataError) {
        guard record.columns.count >= 5 else { throw record.error("expected 5 columns") }
        id = record.columns[0]
        name = record.columns[1]
        conventions.dialect = id
        for condition in record.columns[2].split(separator: "|").map(String.init) {
            if condition.hasPrefix("#=") {
                guard let n = Int(condition.dropFirst(2)) else { throw record.error("bad column count \"\(condition)\"", column: 3) }
                columnCount = n
            } else if condition.hasPrefix("#"), let eq = condition.firstIndex(of: "="), let k = Int(condition[condition.index(after: condition.startIndex)..<eq]) {
                cellValues.append((k, String(condition[condition.index(after: eq)...])))
            } else {
                requiredNames.append(condition)
            }
        }
        try readConventions(record.columns[3], record)
        for pair in record.columns[4].split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let role = CSVLayout.Role(rawValue: parts[0]) else {
                throw record.error("expected role=column, got \"\(pair)\"", column: 5)
            }
            if parts[1].hasPrefix("#"), let position = Int(parts[1].dropFirst()) {
                columns.append((role, .position(position)))
            } else {
                columns.append((role, .named(parts[1])))
            }
        }
    }

    private mutating func readConventions(_ text: String, _ record: TSVFile.Record) throws(DataError) {
        for word in text.split(separator: " ").map(String.init) {
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            switch (parts[0], parts.count == 2 ? parts[1] : nil) {
            case ("card", nil): conventions.isCard = true
            case ("sign", let value?) where CSVLayout.Sign(rawValue: value) != nil: conventions.sign = CSVLayout.Sign(rawValue: value)!
            case ("dates", let value?) where DateText.Order(rawValue: value) != nil: conventions.dateOrder = DateText.Order(rawValue: value)!
            case ("decimal", let value?) where AmountText.DecimalMark(rawValue: value) != nil:
                conventions.decimalMark = AmountText.DecimalMark(rawValue: value)!
            case ("currency", let value?) where CurrencyCode(value) != nil: conventions.currency = value
            default: throw record.error("unknown convention \"\(word)\"", column: 4)
            }
        }
    }

    /// The layout for a file whose header (as keys) is `keys` at record `headerIndex`, or nil when the
    /// fingerprint does not match. For a dialect without a header, `keys` is the first record's cells.
    public func layout(keys: [String], cells: [String], headerIndex: Int?) -> CSVLayout? {
        if hasHeader {
            guard requiredNames.allSatisfy(keys.contains) else { return nil }
        } else {
            guard columnCount.map({ $0 == cells.count }) ?? true,
                  cellValues.allSatisfy({ $0.position <= cells.count && cells[$0.position - 1].trimmingSpaces == $0.value }) else { return nil }
        }
        var layout = conventions
        layout.headerIndex = hasHeader ? headerIndex : nil
        for (role, column) in columns where layout.columns[role] == nil {
            switch column {
            case .named(let name): layout.columns[role] = keys.firstIndex(of: name)
            case .position(let k): layout.columns[role] = k - 1
            }
        }
        return layout
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        guard let first = firstIndex(where: { $0 != " " && $0 != "\t" }), let last = lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return String(self[first...last])
    }
}
