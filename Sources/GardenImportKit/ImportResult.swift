/// What importing one file gave: how many rows were read, rejected and noted, what was skipped on purpose
/// (balance and total lines), what the file was read as; and, when the import collects (``Importer/read(_:file:options:)``,
/// for tests and small callers), the rows in file order and the errors and notes by line. A streaming import
/// hands rows, errors and notes out as they come (``ImportSink``) and keeps only their counts, so memory does
/// not grow with the file.
public struct ImportResult: Sendable {
    public var rows: [ImportedRow] = []
    /// How many rows were imported (handed out or collected).
    public var count = 0
    /// Rows or parts of the file that could not be read, each naming the line and field (collected imports).
    public var errors: [ImportError] = []
    /// How many errors there were (also when they were handed out, not kept).
    public var errorCount = 0
    /// Rows imported with a change the user should know of (an amount rounded to the currency's minor
    /// units, a two-digit year, a currency taken from the header's language), each naming its line and
    /// field; not rejections (collected imports).
    public var notes: [ImportError] = []
    public var noteCount = 0
    /// Lines skipped as not transactions, with the reason (`balance line "Saldo Anterior"`): the first
    /// ``skippedKept``; ``skippedCount`` counts them all.
    public var skipped: [(line: Int, reason: String)] = []
    public var skippedCount = 0
    /// What the file was read as: `ofx`, `csv <dialect id>`, `pluggy`, `openfinance`.
    public var readAs: String = ""

    /// How many skipped lines are kept by number (a file skipping more is not a bank export; the rest are counted).
    public static let skippedKept = 10_000

    public init() {}

    /// Counts a line skipped on purpose, keeping its number while there are few.
    public mutating func skip(_ line: Int, _ reason: String) {
        skippedCount += 1
        if skipped.count < Self.skippedKept { skipped.append((line, reason)) }
    }
}
