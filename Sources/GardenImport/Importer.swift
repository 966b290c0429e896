import GardenFoundation
import GardenCatalog
import GardenImportKit
import GardenCSVImport

/// `garden import`'s engine: reads one file's bytes in the format asked for (or detected), in its
/// charset, into canonical rows, as a stream. The data it needs (CSV dialects, column names, languages,
/// currency symbols and debit/credit words, payment-method codes, balance lines) is loaded once from the
/// data directory.
public struct Importer: Sendable {
    /// What the command line chose.
    public struct Options: Sendable {
        public var format: ImportFormat = .auto
        /// `--account NAME`: the rows' `account` (OFX ids keep the file's `ACCTID`).
        public var account: String?
        /// `--dialect ID`: a CSV dialect by id instead of detection.
        public var dialect: String?
        /// `--columns`: a CSV layout given by hand.
        public var columns: CSVLayout?
        /// Minutes east of UTC for the local date of provider UTC date-times.
        public var utcOffsetMinutes = -180
        /// `--currency CODE`: the currency of CSV amounts without a currency column, instead of the layout's.
        public var currency: String?
        /// The aggregator accounts read so far in this run (Pluggy `GET /accounts` pages): the accounts the pages after
        /// them are rows of (``ProviderAccounts``).
        public var providerAccounts = ProviderAccounts()

        public init() {}
    }

    public let methods: PaymentMethodTable
    public let book: CSVDialectBook
    public let balances: BalanceLines
    public let directions: DebitCreditWords

    public init(data: DataDirectory) throws(DataError) {
        methods = try PaymentMethodTable(data: data)
        book = try CSVDialectBook(data: data)
        balances = try BalanceLines(data: data)
        directions = try DebitCreditWords(data: data)
    }

    /// Imports `bytes`, the content of `file` (named in messages), collecting the rows, and the errors and
    /// notes sorted by line, in the result (for tests and callers with the file in memory).
    public func read(_ bytes: [UInt8], file: String, options: Options) -> ImportResult {
        var rows: [ImportedRow] = [], errors: [ImportError] = [], notes: [ImportError] = []
        let sink = ImportSink(row: { rows.append($0) }, error: { errors.append($0) }, note: { notes.append($0) })
        read(ImportSource(bytes: bytes), file: file, options: options, into: sink)
        var result = sink.result
        result.rows = rows
        result.errors = errors.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
        result.notes = notes
        return result
    }

    /// How many first bytes tell a file's format and whether it is blank.
    public static let headLength = 1 << 16

    /// Whether `source` holds nothing to import: no byte but white space and a UTF-8 byte-order mark in a
    /// file that ends within its first ``headLength`` bytes. Such an input is 0 rows, not a file that failed.
    public static func isBlank(_ source: ImportSource) -> Bool {
        let head = source.head(headLength)
        return head.count < headLength && source.isExhaustedAfterHead && isBlank(Array(head))
    }

    /// Whether `bytes` hold nothing but white space and a UTF-8 byte-order mark.
    public static func isBlank(_ bytes: [UInt8]) -> Bool {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        return body.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }

    /// Imports the file `source` reads, handing each row, error and note to `sink` as soon as it is read
    /// (the rows are not kept: memory stays the same whatever the file's size, for CSV and OFX; a Pluggy or
    /// Open Finance response holds one transaction at a time).
    public func read(_ source: ImportSource, file: String, options: Options, into sink: ImportSink) {
        let source = UTF16Text.transcoded(source) ?? source   // a UTF-16 export is read as the text it is, not as bytes
        let format = options.format == .auto ? ImportFormat.detect(Array(source.head(Self.headLength))) : options.format
        switch format {
        case .pluggy, .openfinance, .auto:
            let expected: ProviderJSONImporter.Kind? = options.format == .auto ? nil : (format == .openfinance ? .openfinance : .pluggy)
            var importer = ProviderJSONImporter(account: options.account)
            importer.utcOffsetMinutes = options.utcOffsetMinutes
            importer.accounts = options.providerAccounts
            importer.read(source, file: file, expected: expected, into: sink)
        case .ofx:
            OFXImporter(account: options.account, methods: methods).read(TextChunks(source), file: file, into: sink)
        case .csv:
            var importer = CSVImporter(account: options.account, book: book, methods: methods, balances: balances, directions: directions)
            importer.dialect = options.dialect
            importer.columns = options.columns
            importer.currency = options.currency
            importer.read(TextChunks(source), file: file, into: sink)
        }
        if source.readFailed { sink.reject(ImportError(file: file, line: 0, "reading the file failed (an I/O error): the rows before it were imported")) }
    }
}
