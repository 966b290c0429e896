import GardenCore

/// Reads a bank CSV export into ``ImportedRow``s: the separator detected, the layout from a dialect,
/// the generic reader or `--columns` (``CSVDialectBook``), the decimal mark and date order confirmed by
/// the values, amounts signed from the account's point of view.
///
/// Balance and total lines are skipped and reported; lines with neither a date nor an amount (a
/// preamble, a trailer such as `Exportado em …`) are skipped; a line with a date but an unreadable
/// amount, or an amount but an unreadable date, is an ``ImportError`` naming the line and column.
public struct CSVImporter {
    public var account: String?
    public var book: CSVDialectBook
    public var methods: PaymentMethodTable
    public var balances: BalanceLines
    /// A dialect id (`--dialect`), or a `--columns` layout, instead of detection.
    public var dialect: String?
    public var columns: CSVLayout?

    public init(account: String?, book: CSVDialectBook, methods: PaymentMethodTable, balances: BalanceLines) {
        self.account = account
        self.book = book
        self.methods = methods
        self.balances = balances
    }

    /// The rows of a CSV file's text (already decoded), in file order; `file` names it in errors.
    public func read(_ text: String, file: String) -> ImportResult {
        var result = ImportResult()
        result.readAs = "csv"
        let records: [CSVReader.Record]
        do {
            records = try CSVReader.records(text, separator: CSVReader.separator(of: text))
        } catch {
            result.errors.append(ImportError(file: file, line: error.line, error.message))
            return result
        }
        guard !records.isEmpty else {
            result.errors.append(ImportError(file: file, line: 0, "the file is empty"))
            return result
        }
        guard let found = columns ?? book.layout(for: records, dialect: dialect) else {
            let what = dialect.map { "the header does not match dialect \"\($0)\"" } ?? "no known header and no date and amount columns found"
            result.errors.append(ImportError(file: file, line: records[0].line, "cannot tell the columns: \(what); give --columns (e.g. --columns date,description,amount)"))
            return result
        }
        let layout = confirm(found, records)
        result.readAs = "csv \(layout.dialect)"
        var identifier = RowIdentifier(source: "csv")
        let reader = CSVRowReader(layout: layout, methods: methods, balances: balances, account: account, file: file)
        for record in records.dropFirst((layout.headerIndex ?? -1) + 1) {
            switch reader.read(record) {
            case .row(var row, let native):
                row.id = identifier.id(for: row, account: account ?? layout.dialect, native: native)
                result.rows.append(row)
            case .skipped(let reason): result.skipped.append((record.line, reason))
            case .failed(let error): result.errors.append(error)
            }
        }
        if result.rows.isEmpty && result.errors.isEmpty {
            result.errors.append(ImportError(file: file, line: records[0].line, "no transaction found (\(result.skipped.count) lines skipped as balances, totals or text)"))
        }
        return result
    }

    /// Fixes the decimal mark and date order from the values, and the generic reader's currency.
    func confirm(_ layout: CSVLayout, _ records: [CSVReader.Record]) -> CSVLayout {
        var layout = layout
        let data = records.dropFirst((layout.headerIndex ?? -1) + 1)
        let values = { (role: CSVLayout.Role) -> [String] in
            guard let c = layout.columns[role] else { return [] }
            return data.compactMap { c < $0.fields.count ? $0.fields[c] : nil }
        }
        let generic = !book.dialects.contains { $0.id == layout.dialect }
        if layout.decimalMark == .auto, let mark = Self.decimalMark(values(.amount) + values(.debit) + values(.credit)) {
            layout.decimalMark = mark
        }
        if generic {
            layout.currency = layout.decimalMark == .comma ? "BRL" : "USD"
            layout.dateOrder = layout.decimalMark == .comma ? .dayMonth : .monthDay
        }
        if let order = DateText.order(of: values(.date)) { layout.dateOrder = order }
        return layout
    }

    /// `.comma` when amounts end in `,d` or `,dd` and none in `.d`/`.dd`; `.point` the other way round.
    static func decimalMark(_ values: [String]) -> AmountText.DecimalMark? {
        var comma = 0, point = 0
        for value in values {
            let digits = value.filter { $0.isNumber || $0 == "," || $0 == "." }
            guard let last = digits.lastIndex(where: { $0 == "," || $0 == "." }) else { continue }
            let fraction = digits.distance(from: last, to: digits.endIndex) - 1
            guard fraction == 1 || fraction == 2 else { continue }
            if digits[last] == "," { comma += 1 } else { point += 1 }
        }
        if comma > 0 && point == 0 { return .comma }
        if point > 0 && comma == 0 { return .point }
        return nil
    }
}
