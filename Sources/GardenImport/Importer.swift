import GardenFoundation
import GardenCatalog

/// `garden import`'s engine: reads one file's bytes in the format asked for (or detected), in its
/// charset, into canonical rows. The data it needs (CSV dialects and column names, payment-method
/// codes, balance lines) is loaded once from the data directory.
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

        public init() {}
    }

    public let methods: PaymentMethodTable
    public let book: CSVDialectBook
    public let balances: BalanceLines

    public init(data: DataDirectory) throws(DataError) {
        methods = try PaymentMethodTable(data: data)
        book = try CSVDialectBook(data: data)
        balances = try BalanceLines(data: data)
    }

    /// Imports `bytes`, the content of `file` (named in messages), collecting the rows in the result.
    public func read(_ bytes: [UInt8], file: String, options: Options) -> ImportResult {
        var rows: [ImportedRow] = []
        var result = read(bytes, file: file, options: options) { rows.append($0) }
        result.rows = rows
        return result
    }

    /// Whether `bytes` hold nothing to import: no byte but white space and a UTF-8 byte-order mark. Such
    /// an input is 0 rows, not a file that failed to read.
    public static func isBlank(_ bytes: [UInt8]) -> Bool {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        return body.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }

    /// Imports `bytes`, handing each row to `emit` as soon as it is read (the rows are not kept, so a
    /// large file costs its text and the transaction being read, not all its rows).
    public func read(_ bytes: [UInt8], file: String, options: Options, emit: (ImportedRow) -> Void) -> ImportResult {
        let format = options.format == .auto ? ImportFormat.detect(bytes) : options.format
        switch format {
        case .pluggy, .openfinance, .auto:
            let expected: ProviderJSONImporter.Kind? = options.format == .auto ? nil : (format == .openfinance ? .openfinance : .pluggy)
            var importer = ProviderJSONImporter(account: options.account)
            importer.utcOffsetMinutes = options.utcOffsetMinutes
            return importer.read(Array(bytes.drop { $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }), file: file, expected: expected, emit: emit)
        case .ofx:
            return OFXImporter(account: options.account, methods: methods).read(ImportText.utf8(bytes), file: file, emit: emit)
        case .csv:
            var importer = CSVImporter(account: options.account, book: book, methods: methods, balances: balances)
            importer.dialect = options.dialect
            importer.columns = options.columns
            return importer.read(ImportText.utf8(bytes), file: file, emit: emit)
        }
    }
}
