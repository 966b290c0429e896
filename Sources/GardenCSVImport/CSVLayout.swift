import GardenImportKit
/// Where a CSV file's fields are and how to read them: column indices (0-based) per role, the sign
/// convention, the date order, the decimal mark and the currency. Made by a dialect, by inference from
/// the header or the values, or from `--columns`.
public struct CSVLayout: Equatable, Sendable {
    /// How the file signs its amounts.
    public enum Sign: String, Sendable {
        /// Negative is money out, as garden writes it.
        case written
        /// Positive is a charge (card bills: Nubank, Amex, C6): negated.
        case inverted
        /// Unsigned amounts; the type column says debit or credit (Capital One 360, `D`/`C`, `S`/`H`).
        case type
    }

    /// The roles a column can play; `balance` and `skip` are read by nothing; `account` (the account's name) only
    /// by garden's own export (``CSVLayout/ownExport``).
    public enum Role: String, Sendable, CaseIterable {
        case date, description, memo, amount, debit, credit, type, category, check, id, currency, balance, skip, account
    }

    /// The dialect of garden's own CSV export (`garden export --format csv`, `Rules/import_csv_dialects.tsv`): its
    /// `row_id` is the row's id and its `account` the account's name, so the export read again is the same rows in
    /// the same accounts (issue 33, B17).
    public static let ownExport = "garden"

    public var columns: [Role: Int] = [:]
    public var sign: Sign = .written
    /// The order of `nn/nn/yyyy` dates when the values do not tell (a day above 12 decides).
    public var dateOrder: DateText.Order = .dayMonth
    public var decimalMark: AmountText.DecimalMark = .auto
    /// With `decimalMark` `.auto`: the mark the file's amounts were seen to use (or its language's), which
    /// reads an amount that shows none of its own (`1.234`).
    public var usualMark: AmountText.DecimalMark = .auto
    /// Whether the file's own amounts showed `usualMark` (``CSVEvidence``), rather than the header's language or the
    /// separator giving it: an amount written in the other convention (`"1,23"` where the file writes `1,234.56`) is
    /// then refused by line and field, never read by its own marks (hostile10 F21).
    public var decimalMarkShown = false
    /// ISO 4217 code of the amounts when the file has no currency column.
    public var currency: String = "BRL"
    /// Index of the header record (nil: the file has none), and the header cells as printed.
    public var headerIndex: Int?
    public var header: [String] = []
    /// The dialect's id (`nubank_card`, …), `generic` or `columns`.
    public var dialect: String = "generic"
    /// Whether the rows are card-bill lines (money out becomes `credit_card` when no type says otherwise).
    public var isCard = false

    /// Whether the file's amounts show decimals (`-3,50`, `12.00`): every sampled amount cell does, except ones
    /// beside a cell that shows them (a shifted line); then an amount without decimals beside one with them is a
    /// shifted line, not an amount (hostile10 F28). Set from the sample by ``CSVImporter``.
    public var amountsShowFraction = false
    /// The columns with an empty header cell that no role reads and fewer than half the sampled records fill (Banco do
    /// Brasil's export ends each line with a separator): a cell filled there is a shifted line (hostile10 F28); an
    /// unnamed column most lines fill holds data of its own and is left alone. Set from the sample by ``CSVImporter``.
    public var emptyColumns: Set<Int> = []

    public init() {}

    /// The name of a role's column for messages: its header cell, else `column N`.
    public func name(of role: Role) -> String {
        guard let index = columns[role] else { return role.rawValue }
        return name(ofColumn: index)
    }

    /// The name of a column (0-based) for messages: its header cell, else `column N`.
    public func name(ofColumn index: Int) -> String {
        if index < header.count, !header[index].isEmpty { return header[index] }
        return "column \(index + 1)"
    }
}
