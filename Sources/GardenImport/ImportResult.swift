/// What importing one file gave: its rows in file order (when collected; a streaming import hands
/// them out one by one and keeps only their count), the rows it could not read (each error names the
/// line and field), and what it skipped on purpose (balance and total lines).
public struct ImportResult: Sendable {
    public var rows: [ImportedRow] = []
    /// How many rows were imported (handed out or collected).
    public var count = 0
    public var errors: [ImportError] = []
    /// Rows imported with a change the user should know of (an amount rounded to the currency's minor
    /// units), each naming its line and field; not rejections.
    public var notes: [ImportError] = []
    /// Lines skipped as not transactions, with the reason (`balance line "Saldo Anterior"`).
    public var skipped: [(line: Int, reason: String)] = []
    /// What the file was read as: `ofx`, `csv <dialect id>`, `pluggy`, `openfinance`.
    public var readAs: String = ""

    public init() {}
}
