import Foundation
import GardenFoundation
import GardenImportKit
/// One CSV file being read after its layout is known: each record read into a row as it comes and handed
/// to the sink, except while the file has not shown its decimal mark or date order and a record's amount
/// or date reads two ways: that record and the ones after it wait (in order) until a record shows what
/// is missing, at most ``CSVImporter/heldRecords`` records or ``CSVImporter/heldBytes`` of text; then the
/// layout's usual mark and order are taken (and a note says so, since a later record could still show the
/// other), and the waiting rows are written.
struct CSVRun {
    private(set) var reader: CSVRowReader
    private var identifier = RowIdentifier(source: "csv")
    private let account: String?
    /// The rows' account when the file names none (a CSV states no account: ``AccountKey/unstated(_:label:)``).
    private let accountKey: String
    private let accountName: String
    private let accountType: AccountType?
    private let file: String
    private let sink: ImportSink
    /// The mark read when no record shows the file's (a generic file's language or separator; else none).
    private let usualMark: AmountText.DecimalMark
    private var markKnown: Bool
    private var orderKnown: Bool
    private var evidence = CSVEvidence()
    private var held: [Result<CSVReader.Record, CSVReader.SyntaxError>] = []
    private var heldText = 0
    /// Records read so far (the header is record `headerIndex`).
    private var index = 0
    private var saidTwoDigitYears = false
    /// Why the layout's date order was taken when the file does not show it (a generic file's, ``CSVImporter/usualOrder(language:separator:mark:usual:)``);
    /// nil for a dialect, whose order is the bank's own.
    private let orderWhy: String?
    /// Whether the sample's amounts ended their decimals both ways and confirmed no mark (``CSVEvidence/markContested``):
    /// a mark the first records show then reads ambiguous amounts, as before, but confirms nothing.
    private let markContested: Bool
    /// The first date cell that read two ways while the order was unknown, and its line.
    private var twoWayDate: (text: String, line: Int)?

    /// `layout` as the sample confirmed it; `usualMark` the mark to read ambiguous amounts with if no
    /// record ever shows one; `orderShown` whether the sample showed the date order.
    init(importer: CSVImporter, layout: CSVLayout, usualMark: AmountText.DecimalMark, orderShown: Bool, orderWhy: String? = nil,
         markContested: Bool = false, file: String, sink: ImportSink) {
        self.orderWhy = orderWhy
        self.markContested = markContested
        reader = CSVRowReader(layout: layout, methods: importer.methods, balances: importer.balances, directions: importer.directions,
                              account: importer.account, file: file)
        account = importer.account
        (accountKey, accountName, accountType) = Self.account(layout, book: importer.book, label: importer.account)
        self.file = file
        self.sink = sink
        self.usualMark = usualMark
        markKnown = layout.decimalMark != .auto || layout.usualMark != .auto
        orderKnown = orderShown
    }

    /// The account of a CSV's rows: the file states none, so its layout is its identity (`file:csv/nubank_card`), and
    /// `--account` the name that tells two cards of one layout apart (``AccountKey``); the default name is the bank's
    /// and the kind of statement the layout names (`Nubank card CSV`, `Itaú account CSV`; a layout read by its columns,
    /// `CSV account`); a card layout's account is a credit card, a bank's statement layout a checking account.
    static func account(_ layout: CSVLayout, book: CSVDialectBook, label: String?) -> (key: String, name: String, type: AccountType?) {
        let key = AccountKey.unstated("csv/" + layout.dialect, label: label)
        let dialect = book.dialects.first { $0.id == layout.dialect }
        let type: AccountType? = layout.isCard ? .creditCard : dialect == nil ? nil : .checking
        guard let dialect else { return (key, label ?? (layout.isCard ? "CSV card" : "CSV account"), type) }
        let bank = dialect.name.split(separator: "(").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? dialect.name
        return (key, label ?? bank + (layout.isCard ? " card" : " account") + " CSV", type)
    }

    /// Reads the next record (or the error in its place) of the file, in file order.
    mutating func take(_ element: Result<CSVReader.Record, CSVReader.SyntaxError>) {
        guard case .success(let record) = element else {
            if held.isEmpty { process(element) } else { held.append(element) }
            return
        }
        index += 1
        guard index > (reader.layout.headerIndex ?? -1) + 1 else { return }      // the header and any preamble before it
        if !markKnown || !orderKnown { learn(from: record) }
        if held.isEmpty && !waits(record) {
            process(element)
            return
        }
        if twoWayDate == nil, !orderKnown, let date = twoWayDate(record) { twoWayDate = (date, record.line) }
        held.append(element)
        heldText += record.fields.reduce(0) { $0 + $1.utf8.count }
        if markKnown && orderKnown {
            flush()
        } else if held.count >= CSVImporter.heldRecords || heldText >= CSVImporter.heldBytes {
            settle(after: held.count)
            flush()
        }
    }

    /// Writes the rows still waiting, with the layout's usual mark and order for what the file never showed.
    mutating func finish() {
        guard !held.isEmpty else { return }
        if !markKnown { reader.layout.usualMark = usualMark }
        if !orderKnown { sayOrder() }
        flush()
    }

    /// Says which order a file whose dates all read two ways was read in, and why (hostile10 F27): a generic file's only
    /// (a dialect's order is its bank's).
    private func sayOrder() {
        guard let orderWhy, let (text, line) = twoWayDate else { return }
        let order = reader.layout.dateOrder == .dayMonth ? "day/month" : "month/day"
        sink.note(ImportError(file: file, line: line, field: reader.layout.name(of: .date),
                              "no date of the file shows its order (\"\(text)\" reads as day/month and as month/day): dates read as \(order), "
                              + orderWhy + "; a day above 12 would have shown it"))
    }

    /// The date cell of `record` when it reads two ways (`05/10/2026`).
    private func twoWayDate(_ record: CSVReader.Record) -> String? {
        guard let c = reader.layout.columns[.date], c < record.fields.count,
              DateText.csv(record.fields[c], order: .dayMonth) != DateText.csv(record.fields[c], order: .monthDay) else { return nil }
        return record.fields[c].trimmingSpaces
    }

    /// Takes what a record shows of the decimal mark and date order.
    private mutating func learn(from record: CSVReader.Record) {
        evidence.observe(record, reader.layout)
        if !markKnown, let mark = evidence.mark { reader.layout.usualMark = mark; reader.layout.decimalMarkShown = !markContested; markKnown = true }
        if !orderKnown, let order = evidence.order { reader.layout.dateOrder = order; orderKnown = true }
    }

    /// Whether a record's date or an amount reads two ways while the file has not shown which.
    private func waits(_ record: CSVReader.Record) -> Bool {
        let layout = reader.layout
        if !orderKnown, let c = layout.columns[.date], c < record.fields.count,
           DateText.csv(record.fields[c], order: .dayMonth) != DateText.csv(record.fields[c], order: .monthDay) {
            return true
        }
        guard !markKnown else { return false }
        for role in [CSVLayout.Role.amount, .debit, .credit] {
            guard let c = layout.columns[role], c < record.fields.count else { continue }
            let cell = record.fields[c]
            if AmountText.plain(cell, mark: .auto, usual: .comma) != AmountText.plain(cell, mark: .auto, usual: .point) { return true }
        }
        return false
    }

    /// Takes the usual mark and order after `count` records waited without the file showing them.
    private mutating func settle(after count: Int) {
        if !markKnown {
            reader.layout.usualMark = usualMark
            markKnown = true
            let mark = usualMark == .comma ? "a decimal comma" : usualMark == .point ? "a decimal point" : "no decimal mark"
            sink.note(ImportError(file: file, line: 0, "\(count) records did not show the decimal mark: amounts such as 1.234 are read with \(mark) from here on"))
        }
        if !orderKnown {
            orderKnown = true
            let order = reader.layout.dateOrder == .dayMonth ? "day/month" : "month/day"
            sink.note(ImportError(file: file, line: 0, "\(count) records did not show the date order: dates are read as \(order) from here on"
                                  + (orderWhy.map { ", " + $0 } ?? "")))
        }
    }

    private mutating func flush() {
        let waiting = held
        held = []
        heldText = 0
        for element in waiting { process(element) }
    }

    private mutating func process(_ element: Result<CSVReader.Record, CSVReader.SyntaxError>) {
        let layout = reader.layout
        switch element {
        case .failure(let error):
            sink.reject(ImportError(file: file, line: error.line, field: error.field.map(layout.name(ofColumn:)), error.message))
        case .success(let record):
            switch reader.read(record) {
            case .row(var row, let native):
                // garden's own export's `row_id` is garden's id of the row, not the bank file's own (an OFX `FITID`): no
                // `source_id`, so the recorded row keeps the one it has (hostile10 F11).
                row.sourceID = layout.dialect == CSVLayout.ownExport ? nil : native
                if layout.dialect == CSVLayout.ownExport, account == nil {
                    // garden's own export: the row it names, in the account it names (which the store knows by that name).
                    row.accountKey = row.account.map(AccountKey.named) ?? accountKey
                    row.id = native ?? identifier.id(for: row, account: row.account, native: nil)
                    if !saidTwoDigitYears { sayTwoDigitYear(record, row) }
                    sink.emit(row)
                    return
                }
                row.accountKey = accountKey
                row.accountType = accountType
                if row.account == nil { row.accountDefault = accountName }
                row.id = identifier.id(for: row, account: row.account ?? account, native: nil)
                if !saidTwoDigitYears { sayTwoDigitYear(record, row) }
                sink.emit(row)
            case .skipped(let reason): sink.result.skip(record.line, reason)
            case .failed(let error): sink.reject(error)
            }
        }
    }

    /// Says once per file how a two-digit year was read (`31/12/99` is 1999-12-31), with the rule.
    private mutating func sayTwoDigitYear(_ record: CSVReader.Record, _ row: ImportedRow) {
        guard let c = reader.layout.columns[.date], c < record.fields.count, DateText.twoDigitYear(record.fields[c]) != nil,
              let date = row.date else { return }
        saidTwoDigitYears = true
        sink.note(ImportError(file: file, line: record.line, field: reader.layout.name(of: .date),
                              "two-digit year in \"\(record.fields[c].trimmingSpaces)\": read as \(date) (\(DateText.twoDigitYearRule)); later rows alike"))
    }
}
