import GardenFoundation
import GardenCatalog
import GardenImportKit

/// Reads one CSV record under a ``CSVLayout`` into a row, a skip (balance, total, text line) or an error.
struct CSVRowReader {
    enum Outcome {
        case row(ImportedRow, native: String?)
        case skipped(String)
        case failed(ImportError)
    }

    var layout: CSVLayout
    let methods: PaymentMethodTable
    let balances: BalanceLines
    let directions: DebitCreditWords
    let account: String?
    let file: String

    func read(_ record: CSVReader.Record) -> Outcome {
        let cell = { (role: CSVLayout.Role) -> String? in
            guard let c = layout.columns[role], c < record.fields.count else { return nil }
            let text = record.fields[c].trimmingSpaces
            return text.isEmpty || text == "-" ? nil : text          // "-" is how many exports print an empty cell
        }
        let currencyText = cell(.currency) ?? layout.currency
        guard let currency = CurrencyCode(currencyText) else {
            return .failed(error(record, .currency, "unknown ISO 4217 currency \"\(currencyText)\""))
        }
        let date = cell(.date).flatMap { DateText.csv($0, order: layout.dateOrder) }
        let amount = self.amount(cell, currency: currency)
        if record.fields.contains(where: balances.matches) { return .skipped("balance or total line") }
        if let extra = overflow(record) ?? shifted(record) { return .failed(extra) }
        guard let date else {
            if cell(.date) == nil, record.fields.contains(where: balances.startsSummary) { return .skipped("balance or total line") }
            if case .success(let value?) = amount, value.money.minorUnits != 0 || cell(.date) != nil {
                return .failed(error(record, .date, "not a date: \"\(cell(.date) ?? "")\""))
            }
            return .skipped("not a transaction line (no date)")
        }
        let parsed: AmountText.Result
        switch amount {
        case .failure(var failure):
            failure.line = record.line
            return .failed(failure)
        case .success(nil): return .failed(error(record, layout.columns[.amount] != nil ? .amount : .debit, "no amount"))
        case .success(let value?): parsed = value
        }
        var row = ImportedRow()
        row.line = record.line
        row.date = date
        guard let signed = sign(parsed, cell(.type), record) else {
            return .failed(error(record, .type, "expected a debit or credit type, got \"\(cell(.type) ?? "")\""))
        }
        row.amount = signed.money
        row.amountText = signed.money.decimalString          // exact (AmountText refuses what it would round)
        // garden's own export guards a text a spreadsheet would run as a formula with a `'`: read back, the text is as recorded
        // (hostile10 F23).
        let own = layout.dialect == CSVLayout.ownExport
        row.description = (own ? cell(.description).map(Self.unguarded) : cell(.description)) ?? ""
        if layout.columns[.memo] != layout.columns[.description] { row.memo = own ? cell(.memo).map(Self.unguarded) : cell(.memo) }
        row.account = account ?? cell(.account).map(Self.unprotected)     // `--account`, else garden's export names it
        row.checkNumber = cell(.check).map(Self.unprotected).flatMap { $0.allSatisfy { $0 == "0" } ? nil : $0 }
        row.providerCategory = cell(.category)
        row.paymentMethod = methods.method(for: cell(.type))
        if layout.isCard, row.paymentMethod == nil, signed.money.minorUnits < 0 { row.paymentMethod = .creditCard }
        return .row(row, native: cell(.id).map(Self.unprotected))
    }

    /// A record with text beyond the header's last column has its cells shifted (an unquoted separator in
    /// a field: `LOJA 1,5` in a `,` file), so its amount column would hold another cell: an error.
    private func overflow(_ record: CSVReader.Record) -> ImportError? {
        let width = layout.header.count
        guard layout.headerIndex != nil, width > 0, record.fields.count > width,
              record.fields[width...].contains(where: { !$0.trimmingSpaces.isEmpty }) else { return nil }
        return ImportError(file: file, line: record.line, "\(record.fields.count) cells where the header has \(width): a separator inside an unquoted field?")
    }

    /// A record whose cell count fits the header but whose cells are shifted all the same (hostile10 F28): an
    /// unquoted separator in the description moves the amount into the column after it, which is either unnamed and
    /// empty on the other lines (Banco do Brasil's export ends every line with a separator) or a balance column the
    /// statement fills only on some lines. Told by evidence: a cell filled in an unnamed column the other lines leave
    /// empty (``CSVLayout/emptyColumns``), or an amount without the decimals every other amount of the file shows (``CSVLayout/amountsShowFraction``)
    /// beside a cell that has them. An error naming the line and the field, never the shifted cell read as the amount.
    private func shifted(_ record: CSVReader.Record) -> ImportError? {
        guard layout.headerIndex != nil, let amount = layout.columns[.amount] else { return nil }
        let read = Dictionary(layout.columns.map { ($0.value, $0.key) }, uniquingKeysWith: { a, _ in a })
        for c in layout.emptyColumns.sorted() where c < record.fields.count {
            let text = record.fields[c].trimmingSpaces
            guard !text.isEmpty else { continue }
            return ImportError(file: file, line: record.line, field: layout.name(of: .amount),
                               "\"\(text)\" fills column \(c + 1), which has no header: a separator inside an unquoted field shifted the cells?")
        }
        let next = amount + 1
        guard layout.amountsShowFraction, amount < record.fields.count, next < record.fields.count,
              read[next] == nil || read[next] == .balance || read[next] == .skip else { return nil }
        let cell = record.fields[amount].trimmingSpaces, after = record.fields[next].trimmingSpaces
        guard Self.fraction(cell) == false, Self.fraction(after) == true else { return nil }
        return ImportError(file: file, line: record.line, field: layout.name(of: .amount),
                           "\"\(cell)\" has no decimals where the file's amounts have them, and the next cell \"\(after)\" reads as one: a separator inside an unquoted field shifted the cells?")
    }

    /// Whether a number cell shows a 1- or 2-digit decimal fraction (`-12,50`, `3.5`): true; a plain number
    /// without one (`50`, `1.234`): false; nil when the cell is not a number.
    static func fraction(_ text: String) -> Bool? {
        let body = text.trimmingSpaces.drop { $0 == "-" || $0 == "+" }
        guard !body.isEmpty, body.first?.isNumber == true, body.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "," || $0 == ".") }) else { return nil }
        guard let last = body.lastIndex(where: { $0 == "," || $0 == "." }) else { return false }
        let digits = body.distance(from: last, to: body.endIndex) - 1
        return digits == 1 || digits == 2
    }

    /// The amount column, or credit minus debit; nil inside success when the line has none.
    private func amount(_ cell: (CSVLayout.Role) -> String?, currency: CurrencyCode) -> Result<AmountText.Result?, ImportError> {
        if layout.columns[.amount] != nil {
            guard let text = cell(.amount) else { return .success(nil) }
            return parse(text, .amount, currency).map { $0 }
        }
        let debitText = cell(.debit), creditText = cell(.credit)
        if debitText == nil && creditText == nil { return .success(nil) }
        var total: Int64 = 0
        var rounded = false
        for (text, role) in [(debitText, CSVLayout.Role.debit), (creditText, .credit)] {
            guard let text else { continue }
            switch parse(text, role, currency) {
            case .failure(let failure): return .failure(failure)
            case .success(let value):
                total += role == .debit ? -abs(value.money.minorUnits) : abs(value.money.minorUnits)
                rounded = rounded || value.rounded
            }
        }
        let money = Money(minorUnits: total, currency: currency)
        return .success(AmountText.Result(money: money, plain: money.decimalString, rounded: rounded))
    }

    private func parse(_ text: String, _ role: CSVLayout.Role, _ currency: CurrencyCode) -> Result<AmountText.Result, ImportError> {
        AmountText.parse(text, currency: currency, mark: layout.decimalMark, usual: layout.usualMark,
                         confirmed: layout.decimalMarkShown).mapError { failure in
            ImportError(file: file, line: 0, field: layout.name(of: role), failure.message)
        }
    }

    /// Applies the layout's sign convention; nil when a type column names neither debit nor credit.
    private func sign(_ value: AmountText.Result, _ type: String?, _ record: CSVReader.Record) -> AmountText.Result? {
        var value = value
        let negate: Bool
        switch layout.sign {
        case .written: return value
        case .inverted: negate = true
        case .type:
            guard let type, let out = directions.isDebit(type) else { return nil }
            negate = out == (value.money.minorUnits > 0)
        }
        if negate {
            value.money.minorUnits = -value.money.minorUnits
            value.plain = value.plain.hasPrefix("-") ? String(value.plain.dropFirst()) : "-" + value.plain
        }
        return value
    }

    /// The characters that make a spreadsheet run a cell as a formula (OWASP, CSV injection), after which garden's CSV
    /// export writes a `'` (``unguarded(_:)``): `=`, `+`, `-`, `@`, a tab, a carriage return, and the `'` itself (a text
    /// that starts with `'` and one of these is written after one more, so it reads back as it was).
    static let formulaGuarded: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r", "'"]

    /// A text of garden's own CSV export as recorded: its leading `'` dropped when the next character is one the export
    /// guards (``formulaGuarded``); any other text as it is (`'abc` stays `'abc`).
    static func unguarded(_ text: String) -> String {
        var scalars = text.unicodeScalars.makeIterator()
        guard scalars.next() == "'", let second = scalars.next(), formulaGuarded.contains(second) else { return text }
        return String(text.unicodeScalars.dropFirst())
    }

    /// A number without the apostrophes spreadsheets put around it to keep it text (`'320262800123'`).
    static func unprotected(_ text: String) -> String {
        guard text.hasPrefix("'") else { return text }
        return String(text.dropFirst().reversed().drop { $0 == "'" }.reversed())
    }

    private func error(_ record: CSVReader.Record, _ role: CSVLayout.Role, _ message: String) -> ImportError {
        ImportError(file: file, line: record.line, field: layout.name(of: role), message)
    }
}
