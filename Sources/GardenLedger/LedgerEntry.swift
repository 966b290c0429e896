/// A recorded row as the `transactions` view shows it: its identity and date, what its input line says
/// (``LedgerInput``) and its resolution as typed fields (``LedgerResolution``). What `garden review`,
/// `garden export` and the HTML report read.
public struct LedgerEntry: Sendable, Equatable {
    public var rowID: String
    /// `YYYY-MM-DD`, the row's local date; nil when the input has none.
    public var date: String?
    /// The merchant identity (`brand:<id>`, `cnpj:<root>`, `line:<category>`, `name:<words>`): the key
    /// of merchant memory, so a correction of one row of it moves every row of it.
    public var merchantKey: String?
    /// The user rule that decided the category (`r3`), if any.
    public var rule: String?
    public var input: LedgerInput
    public var resolution: LedgerResolution

    public init(rowID: String, date: String?, merchantKey: String?, rule: String?, input: LedgerInput, resolution: LedgerResolution) {
        self.rowID = rowID
        self.date = date
        self.merchantKey = merchantKey
        self.rule = rule
        self.input = input
        self.resolution = resolution
    }

    /// The entry of a ledger row, read from its input line and resolution texts; the row's own category,
    /// source, direction and id (the columns it is found by) win over the resolution's. A resolution that is
    /// not garden's shape gives those and nothing else.
    public init(_ row: LedgerRow) {
        self.init(row, input: nil)
    }

    /// The entry of a ledger row whose input garden has just read (``LedgerInput/init(transaction:)`` of the
    /// line as recorded, CPFs masked), so the line is not read again; nil reads it.
    public init(_ row: LedgerRow, input: LedgerInput?) {
        if let entry = row.entry {
            self = entry
            return
        }
        self.init(row, input: input, resolution: LedgerResolution(json: row.resolution))
    }

    /// The entry of a ledger row whose resolution text was read as `read` (nil: not garden's shape), the row's
    /// own category, source, direction and id winning over it.
    init(_ row: LedgerRow, input: LedgerInput?, resolution read: LedgerResolution?) {
        var resolution = read ?? LedgerResolution(category: row.category, categoryName: row.category, source: row.source, rowID: row.rowID)
        resolution.category = row.category
        resolution.source = row.source
        resolution.direction = row.direction
        resolution.rowID = row.rowID
        self.init(rowID: row.rowID, date: row.date, merchantKey: row.merchantKey, rule: row.rule, input: input ?? LedgerInput(raw: row.raw), resolution: resolution)
    }
}
