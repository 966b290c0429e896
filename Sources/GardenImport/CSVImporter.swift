import GardenFoundation
import GardenCatalog

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
    /// How many records the layout is told from (header search, column inference); the decimal mark and
    /// date order are confirmed over all of them.
    static let sampleSize = 2000

    public init(account: String?, book: CSVDialectBook, methods: PaymentMethodTable, balances: BalanceLines) {
        self.account = account
        self.book = book
        self.methods = methods
        self.balances = balances
    }

    /// The rows of a CSV file's text (UTF-8, already decoded), in file order, each handed to `emit`; `file`
    /// names it in errors.
    public func read(_ bytes: [UInt8], file: String, emit: (ImportedRow) -> Void) -> ImportResult {
        var result = ImportResult()
        result.readAs = "csv"
        let separator = CSVReader.separator(of: bytes)
        let records = { CSVRecords(bytes, separator: separator).lazy.compactMap { try? $0.get() } }
        let head = Array(records().prefix(Self.sampleSize))   // the header and the columns are told from the first records
        guard let first = head.first else {
            result.errors = CSVRecords(bytes, separator: separator).compactMap { element -> CSVReader.SyntaxError? in
                guard case .failure(let error) = element else { return nil }
                return error
            }.map { ImportError(file: file, line: $0.line, $0.message) }
            if result.errors.isEmpty { result.errors.append(ImportError(file: file, line: 0, "the file is empty")) }
            return result
        }
        guard let found = columns ?? book.layout(for: head, dialect: dialect) else {
            let what = dialect.map { "the header does not match dialect \"\($0)\"" } ?? "no known header and no date and amount columns found"
            result.errors.append(ImportError(file: file, line: first.line, "cannot tell the columns: \(what); give --columns (e.g. --columns date,description,amount)"))
            return result
        }
        let layout = confirm(found, records(), separator: separator)
        result.readAs = "csv \(layout.dialect)"
        var identifier = RowIdentifier(source: "csv")
        let reader = CSVRowReader(layout: layout, methods: methods, balances: balances, account: account, file: file)
        var index = 0
        for element in CSVRecords(bytes, separator: separator) {
            guard case .success(let record) = element else {
                if case .failure(let error) = element {
                    result.errors.append(ImportError(file: file, line: error.line, field: error.field.map(layout.name(ofColumn:)), error.message))
                }
                continue
            }
            index += 1
            guard index > (layout.headerIndex ?? -1) + 1 else { continue }
            switch reader.read(record) {
            case .row(var row, let native):
                row.id = identifier.id(for: row, account: account ?? layout.dialect, native: native)
                emit(row)
                result.count += 1
            case .skipped(let reason): result.skipped.append((record.line, reason))
            case .failed(let error): result.errors.append(error)
            }
        }
        if result.count == 0 && result.errors.isEmpty {
            result.errors.append(ImportError(file: file, line: first.line, "no transaction found (\(result.skipped.count) lines skipped as balances, totals or text)"))
        }
        result.errors.sort { $0.line < $1.line }
        return result
    }

    /// Fixes the decimal mark and date order from the values, and the generic reader's currency.
    ///
    /// A generic file's amounts without a telling decimal mark (`12`, `1.234`) are decimal-comma when
    /// the separator is `;` (what spreadsheets write where the comma is the decimal mark) or the header
    /// is Portuguese; its currency and date order follow its header's language (`Data;Descrição;Valor`:
    /// BRL, dd/mm), else its decimal mark; a day above 12 in the dates overrides the order.
    func confirm<S: Sequence<CSVReader.Record>>(_ layout: CSVLayout, _ records: S, separator: UInt8) -> CSVLayout {
        var layout = layout
        var comma = 0, point = 0
        var order: DateText.Order?
        let money = [CSVLayout.Role.amount, .debit, .credit].compactMap { layout.columns[$0] }
        for record in records.dropFirst((layout.headerIndex ?? -1) + 1) {        // one pass, nothing kept
            for c in money where c < record.fields.count { Self.count(record.fields[c], comma: &comma, point: &point) }
            if order == nil, let c = layout.columns[.date], c < record.fields.count { order = DateText.order(of: CollectionOfOne(record.fields[c])) }
        }
        let generic = !book.dialects.contains { $0.id == layout.dialect }
        if layout.decimalMark == .auto, comma > 0 || point > 0, comma == 0 || point == 0 {
            layout.decimalMark = comma > 0 ? .comma : .point
        }
        if generic {
            let language = book.language(of: layout.header)
            if layout.decimalMark == .auto { layout.decimalMark = separator == UInt8(ascii: ";") || language == "pt" ? .comma : .point }
            let brazilian = language.map { $0 == "pt" } ?? (layout.decimalMark == .comma)
            layout.currency = brazilian ? "BRL" : "USD"
            layout.dateOrder = brazilian ? .dayMonth : .monthDay
        }
        if let order { layout.dateOrder = order }
        return layout
    }

    /// Counts an amount that ends in `,d` / `,dd` (decimal comma) or `.d` / `.dd` (decimal point): the
    /// file's mark is the one only found (`1.234` and `12` say nothing).
    static func count(_ value: String, comma: inout Int, point: inout Int) {
        let digits = value.filter { $0.isNumber || $0 == "," || $0 == "." }
        guard let last = digits.lastIndex(where: { $0 == "," || $0 == "." }) else { return }
        let fraction = digits.distance(from: last, to: digits.endIndex) - 1
        guard fraction == 1 || fraction == 2 else { return }
        if digits[last] == "," { comma += 1 } else { point += 1 }
    }
}
