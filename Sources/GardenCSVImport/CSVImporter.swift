import GardenFoundation
import GardenCatalog
import GardenImportKit

/// Reads a bank CSV export into ``ImportedRow``s as a stream: the separator detected, the layout from a
/// dialect, the generic reader or `--columns` (``CSVDialectBook``), the decimal mark and date order
/// confirmed by the values, amounts signed from the account's point of view.
///
/// Memory does not grow with the file: the layout is told from a sample of the first records
/// (``sampleSize``, at most ``sampleBytes``), rows are written as they are read, and a row whose amount
/// or date reads two ways while the file has not yet shown its decimal mark or date order waits, with the
/// rows after it, until a later record shows them (a day above 12 far down the file still decides every
/// row), for at most ``heldRecords`` records; then the layout's usual mark and order are taken and said so.
///
/// Balance and total lines are skipped and reported; lines with neither a date nor an amount (a
/// preamble, a trailer such as `Exportado em …`) are skipped; a line with a date but an unreadable
/// amount, or an amount but an unreadable date, is an ``ImportError`` naming the line and column.
public struct CSVImporter {
    public var account: String?
    public var book: CSVDialectBook
    public var methods: PaymentMethodTable
    public var balances: BalanceLines
    public var directions: DebitCreditWords
    /// A dialect id (`--dialect`), or a `--columns` layout, instead of detection.
    public var dialect: String?
    public var columns: CSVLayout?
    /// `--currency`: the currency of amounts without a currency column, instead of the layout's.
    public var currency: String?
    /// How many records the layout is told from (header search, column inference, sign and currency).
    static let sampleSize = 2000
    /// The most text the sample holds.
    static let sampleBytes = 4 << 20
    /// How many records may wait for the file to show its decimal mark or date order.
    static let heldRecords = 100_000
    /// The most text the waiting records hold.
    static let heldBytes = 16 << 20

    public init(account: String?, book: CSVDialectBook, methods: PaymentMethodTable, balances: BalanceLines, directions: DebitCreditWords) {
        self.account = account
        self.book = book
        self.methods = methods
        self.balances = balances
        self.directions = directions
    }

    /// Reads the CSV text of `chunks` (already decoded), handing rows, errors and notes to `sink` in file
    /// order; `file` names it in messages.
    public func read(_ text: TextChunks, file: String, into sink: ImportSink) {
        var chunks = text
        sink.result.readAs = "csv"
        var head: [UInt8] = []
        while head.count < 1 << 16, let chunk = chunks.next() { head.append(contentsOf: chunk) }
        let separator = CSVReader.separator(of: head)
        var records = CSVRecords(head: head, rest: chunks, separator: separator)
        var sample: [Result<CSVReader.Record, CSVReader.SyntaxError>] = []
        var sampleText = 0
        while sample.count < Self.sampleSize, sampleText < Self.sampleBytes, let element = records.next() {
            sample.append(element)
            if case .success(let record) = element { sampleText += record.fields.reduce(0) { $0 + $1.utf8.count } }
            if records.isSkippingALongLine { break }    // report it before its skip, which may never end (/dev/zero)
        }
        let sampled = sample.compactMap { try? $0.get() }
        guard let first = sampled.first else {
            var any = false
            for case .failure(let error) in sample { sink.reject(ImportError(file: file, line: error.line, error.message)); any = true }
            while let element = records.next() {
                if case .failure(let error) = element { sink.reject(ImportError(file: file, line: error.line, error.message)); any = true }
            }
            if !any { sink.reject(ImportError(file: file, line: 0, "the file is empty")) }
            return
        }
        guard let found = columns ?? book.layout(for: sampled, dialect: dialect) else {
            let what = dialect.map { "the header does not match dialect \"\($0)\"" } ?? "no known header and no date and amount columns found"
            sink.reject(ImportError(file: file, line: first.line, "cannot tell the columns: \(what); give --columns (e.g. --columns date,description,amount)"))
            return
        }
        let (layout, usual, orderShown, orderWhy, contested) = confirm(found, sampled, separator: separator, file: file, sink: sink)
        var run = CSVRun(importer: self, layout: layout, usualMark: usual, orderShown: orderShown, orderWhy: orderWhy, markContested: contested,
                         file: file, sink: sink)
        sink.result.readAs = "csv \(run.reader.layout.dialect)"
        for element in sample { run.take(element) }
        sample = []
        while let element = records.next() { run.take(element) }
        run.finish()
        if sink.result.count == 0 && sink.result.errorCount == 0 {
            sink.reject(ImportError(file: file, line: first.line, "no transaction found (\(sink.result.skippedCount) lines skipped as balances, totals or text)"))
        }
    }

    /// Fixes what the sample shows: the decimal mark and date order (when it shows them; later records may
    /// still), a sign column, and a generic file's currency (``currency(of:_:file:sink:)``) and conventions.
    ///
    /// A generic file's amounts without a telling decimal mark (`12`, `1.234`) are decimal-comma when
    /// the separator is `;` (what spreadsheets write where the comma is the decimal mark) or its header's
    /// language writes one; its date order is weighed from that language, its separator and its decimal mark
    /// (``usualOrder(language:separator:mark:usual:)``, with why, for the note a file whose dates all read two ways gets);
    /// a day above 12 overrides the order.
    func confirm(_ layout: CSVLayout, _ records: [CSVReader.Record], separator: UInt8, file: String, sink: ImportSink)
        -> (layout: CSVLayout, usualMark: AmountText.DecimalMark, orderShown: Bool, orderWhy: String?, markContested: Bool) {
        var layout = layout
        var evidence = CSVEvidence()
        let body = records.dropFirst((layout.headerIndex ?? -1) + 1)
        for record in body { evidence.observe(record, layout) }
        let generic = !book.dialects.contains { $0.id == layout.dialect }
        let languageID = generic ? book.language(of: layout.header) : nil
        let language = languageID.flatMap { book.conventions[$0] }
        // The mark an amount that shows none is read with when no record shows the file's: a generic file's.
        let usual: AmountText.DecimalMark = !generic ? .auto : separator == UInt8(ascii: ";") ? .comma : language?.decimalMark ?? .point
        if layout.decimalMark == .auto, let mark = evidence.mark { layout.usualMark = mark; layout.decimalMarkShown = true }
        var orderWhy: String?
        if generic {
            let spoken = languageID.flatMap { id in language.map { (id: id, order: $0.dateOrder) } }
            (layout.dateOrder, orderWhy) = Self.usualOrder(language: spoken, separator: separator, mark: evidence.mark, usual: usual)
        }
        if let order = evidence.order { layout.dateOrder = order }
        if generic, layout.columns[.type] == nil, let column = directionColumn(layout, body) { layout.columns[.type] = column }
        if signsFromType(layout, body) { layout.sign = .type }
        layout.amountsShowFraction = amountsShowFraction(layout, body)
        layout.emptyColumns = emptyColumns(layout, body)
        var withMark = layout
        if withMark.usualMark == .auto { withMark.usualMark = usual }
        layout.currency = currency(of: withMark, Array(body), generic: generic, file: file, sink: sink)
        return (layout, usual, evidence.order != nil, orderWhy, evidence.markContested)
    }

    /// The order of a generic file's `nn/nn/yyyy` dates while none of them shows it (no day above 12), weighed from the
    /// rest of the file (hostile10 F27): its header's language's order (`Rules/import_csv_languages.tsv`), a `;`
    /// separator (what spreadsheets write where the comma is the decimal mark: Brazil and continental Europe, which
    /// write the day first) and its amounts' decimal mark (a comma: day first, as in those countries; a point: month
    /// first, as in the US), one vote each; a tie goes to the language, else to the mark (`mark`, or `usual` when the
    /// amounts show none). So `Date;Description;Amount` with `-12,50` (a Brazilian app's English export) is read
    /// day/month, `Date,Description,Amount` with `-12.50` month/day. Returns the order and why, in words for the note.
    static func usualOrder(language: (id: String, order: DateText.Order)?, separator: UInt8, mark: AmountText.DecimalMark?,
                           usual: AmountText.DecimalMark) -> (DateText.Order, String) {
        var votes: [(order: DateText.Order, why: String)] = []
        if let language { votes.append((language.order, "its header's language (\(language.id))")) }
        if separator == UInt8(ascii: ";") { votes.append((.dayMonth, "its ; separator")) }
        if mark == .comma { votes.append((.dayMonth, "its decimal commas")) }
        if mark == .point { votes.append((.monthDay, "its decimal points")) }
        let day = votes.filter { $0.order == .dayMonth }.count, month = votes.count - day
        let order: DateText.Order = day != month ? (day > month ? .dayMonth : .monthDay)
            : language?.order ?? ((mark ?? usual) == .comma ? .dayMonth : .monthDay)
        func list(_ items: [String]) -> String {
            items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
        }
        let forIt = votes.filter { $0.order == order }.map(\.why), against = votes.filter { $0.order != order }.map(\.why)
        var why = forIt.isEmpty ? "nothing in the file says which" : "from " + list(forIt)
        if !against.isEmpty { why += ", against " + list(against) }
        return (order, why)
    }

    /// Whether the sampled amount cells show decimals: at least one does, and none lacks them except beside a cell
    /// that shows them (what a shifted line looks like; ``CSVLayout/amountsShowFraction``).
    func amountsShowFraction(_ layout: CSVLayout, _ records: ArraySlice<CSVReader.Record>) -> Bool {
        guard let amount = layout.columns[.amount] else { return false }
        var shown = 0
        for record in records where amount < record.fields.count {
            switch CSVRowReader.fraction(record.fields[amount]) {
            case true?: shown += 1
            case false?:
                let next = amount + 1 < record.fields.count ? record.fields[amount + 1] : ""
                if CSVRowReader.fraction(next) != true { return false }
            case nil: continue
            }
        }
        return shown > 0
    }

    /// The unnamed columns no role reads that fewer than half the sampled records fill (``CSVLayout/emptyColumns``).
    func emptyColumns(_ layout: CSVLayout, _ records: ArraySlice<CSVReader.Record>) -> Set<Int> {
        guard layout.headerIndex != nil else { return [] }
        let read = Set(layout.columns.values)
        var out = Set<Int>()
        for (c, name) in layout.header.enumerated() where name.trimmingSpaces.isEmpty && !read.contains(c) {
            let filled = records.filter { c < $0.fields.count && !$0.fields[c].trimmingSpaces.isEmpty }.count
            if filled * 2 < records.count { out.insert(c) }
        }
        return out
    }

    /// The currency of amounts without a currency column: `--currency`; a dialect's own; what the file
    /// states (a symbol or code, ``CSVCurrencyEvidence``); else, for a generic file, its header's language's
    /// or its decimal mark's (comma: BRL, point: USD), said in a note since the file did not state it.
    func currency(of layout: CSVLayout, _ records: [CSVReader.Record], generic: Bool, file: String, sink: ImportSink) -> String {
        if let currency { return currency }
        guard generic else { return layout.currency }
        let money = [CSVLayout.Role.amount, .debit, .credit, .balance].compactMap { layout.columns[$0] }
        let moneyHeader = money.compactMap { $0 < layout.header.count ? layout.header[$0] : nil }
        let cells = records.prefix(200).flatMap { record in money.compactMap { $0 < record.fields.count ? record.fields[$0] : nil } }
        if let (code, _) = book.currencies.currency(header: layout.header, moneyHeader: moneyHeader, cells: cells) { return code }
        let language = book.language(of: layout.header)
        let code = language.flatMap { book.conventions[$0]?.currency } ?? (layout.usualMark == .comma ? "BRL" : "USD")
        guard layout.columns[.currency] == nil else { return code }      // the column states it; this is for empty cells
        let why = language.map { "its header's language (\($0))" } ?? "its decimal \(layout.usualMark == .comma ? "comma" : "point")"
        sink.note(ImportError(file: file, line: 0, "no currency column, symbol or code: amounts read as \(code), from \(why); give --currency CODE if not"))
        return code
    }

    /// Whether a type column gives the sign: every type cell of the sample a debit or credit word
    /// (`D`/`C`, `Débito`/`Crédito`, `S`/`H`: ``DebitCreditWords``; both kinds when the column was inferred
    /// from values) and no amount written negative.
    func signsFromType(_ layout: CSVLayout, _ records: ArraySlice<CSVReader.Record>) -> Bool {
        guard layout.sign == .written, let type = layout.columns[.type], let amount = layout.columns[.amount] else { return false }
        for record in records where amount < record.fields.count {
            if AmountText.plain(record.fields[amount], mark: layout.decimalMark, usual: .point)?.hasPrefix("-") == true { return false }
        }
        guard let kinds = directionKinds(type, records) else { return false }
        return kinds == 2 || layout.dialect != "inferred"
    }

    /// A column no role took whose every sampled cell is a debit or credit word, both kinds present (the
    /// unnamed `S`/`H` column after a German export's `Umsatz`).
    func directionColumn(_ layout: CSVLayout, _ records: ArraySlice<CSVReader.Record>) -> Int? {
        guard layout.columns[.amount] != nil else { return nil }
        let taken = Set(layout.columns.values)
        let width = records.map(\.fields.count).max() ?? 0
        return (0..<width).first { !taken.contains($0) && directionKinds($0, records) == 2 }
    }

    /// How many of debit and credit a column's sampled cells say (1 or 2), or nil when a cell says neither.
    func directionKinds(_ column: Int, _ records: ArraySlice<CSVReader.Record>) -> Int? {
        var seen = Set<Bool>()
        for record in records {
            guard column < record.fields.count, let debit = directions.isDebit(record.fields[column].trimmingSpaces) else { return nil }
            seen.insert(debit)
        }
        return seen.isEmpty ? nil : seen.count
    }

    /// Counts an amount that ends in `,d` / `,dd` (decimal comma) or `.d` / `.dd` (decimal point): the
    /// file's mark is the one found (`1.234` and `12` say nothing); one that also writes the other mark before it
    /// (`1.234,56`, `1,234.56`) is counted in `groupedComma` / `groupedPoint` too.
    static func count(_ value: String, comma: inout Int, point: inout Int, groupedComma: inout Int, groupedPoint: inout Int) {
        let digits = value.filter { $0.isNumber || $0 == "," || $0 == "." }
        guard let last = digits.lastIndex(where: { $0 == "," || $0 == "." }) else { return }
        let fraction = digits.distance(from: last, to: digits.endIndex) - 1
        guard fraction == 1 || fraction == 2 else { return }
        let grouped = digits[..<last].contains(digits[last] == "," ? "." : ",")
        if digits[last] == "," { comma += 1; if grouped { groupedComma += 1 } } else { point += 1; if grouped { groupedPoint += 1 } }
    }
}
