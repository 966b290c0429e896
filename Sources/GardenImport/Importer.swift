import GardenCore

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

    /// Imports `bytes`, the content of `file` (named in messages).
    public func read(_ bytes: [UInt8], file: String, options: Options) -> ImportResult {
        let format = options.format == .auto ? ImportFormat.detect(bytes) : options.format
        switch format {
        case .pluggy, .openfinance, .auto:
            let expected: ProviderJSONImporter.Kind? = options.format == .auto ? nil : (format == .openfinance ? .openfinance : .pluggy)
            var importer = ProviderJSONImporter(account: options.account)
            importer.utcOffsetMinutes = options.utcOffsetMinutes
            return importer.read(Array(bytes.drop { $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }), file: file, expected: expected)
        case .ofx:
            let text = ImportText.decode(bytes, declared: Self.declaredCharset(bytes)).text
            return OFXImporter(account: options.account, methods: methods).read(text, file: file)
        case .csv:
            var importer = CSVImporter(account: options.account, book: book, methods: methods, balances: balances)
            importer.dialect = options.dialect
            importer.columns = options.columns
            return importer.read(ImportText.decode(bytes).text, file: file)
        }
    }

    /// The charset an OFX file declares: the SGML header's `CHARSET:` line or the XML declaration's
    /// `encoding="…"`, read in its first KiB.
    static func declaredCharset(_ bytes: [UInt8]) -> ImportText.Charset? {
        let head = String(decoding: bytes.prefix(1024), as: UTF8.self)
        for line in head.split(whereSeparator: \.isNewline) {
            let text = String(line).trimmingSpaces
            if text.uppercased().hasPrefix("CHARSET:") { return ImportText.charset(named: String(text.dropFirst(8))) }
            if let range = text.range(of: "encoding=\"") {
                let value = text[range.upperBound...].prefix { $0 != "\"" }
                return ImportText.charset(named: String(value))
            }
        }
        return nil
    }
}
