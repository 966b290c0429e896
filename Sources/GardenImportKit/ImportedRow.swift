import GardenFoundation

/// One transaction read from a bank or aggregator file, in the shape of a canonical `resolve` row.
///
/// `amount` is exact and from the account's point of view (negative = money out), whatever sign
/// convention the file used; `date` is the local calendar date (`YYYY-MM-DD`) the file printed.
public struct ImportedRow: Equatable, Sendable {
    /// Stable id: `line:<16 hex>-<occurrence>` for a bank file's row (its content: ``BankLineKey``),
    /// `pluggy:<id>`, `openfinance:<id>` for an aggregator's (see ``RowIdentifier``).
    public var id: String = ""
    /// The file's own id of the row as printed (OFX `FITID`, a CSV id column such as Nubank's `Identificador`),
    /// written as `source_id`: not unique (Nubank prints an IOF line under its purchase's `FITID`), so no part of
    /// the row's id; it tells which purchase an IOF line belongs to (`garden link`).
    public var sourceID: String?
    /// `YYYY-MM-DD`.
    public var date: String?
    /// Signed minor units and currency.
    public var amount: Money?
    /// The amount as a plain decimal string ("-1234.56"), exact: more digits than the currency's minor
    /// units are kept as written so `resolve` flags the rounding.
    public var amountText: String?
    /// The descriptor as printed (OFX `NAME`, else `MEMO`; the CSV description column).
    public var description: String = ""
    /// The second text (OFX `MEMO` when `NAME` is the description; a CSV memo or history column).
    public var memo: String?
    /// The account's name: `--account`, else the OFX `ACCTID`, else the file's own account column.
    public var account: String?
    /// The account's identity (``AccountKey``): what the file states (OFX `BANKID`/`ACCTID`, Pluggy `accountId`), else
    /// the file's layout (and `--account`, the only name such a file's account has).
    public var accountKey: String?
    /// The aggregator's own id of the account (Pluggy `accountId`), written as `account_source_id`: it names a
    /// connection, not the account (a reconnection gives a new one), so it is no part of the account's key when the
    /// account object was read; the store tells two connections' rows of one account apart by it (ledger6, F10).
    public var accountSourceID: String?
    /// `--account` when the file states its account's identity: the name the user gives it (a later one renames it).
    public var accountLabel: String?
    /// garden's name for the account of a file that names none (`Nubank card CSV`, after the layout's bank and kind),
    /// written as `account_default` when ``account`` is nil; the ledger records the row under it.
    public var accountDefault: String?
    /// The account's kind as the file tells it (an OFX card statement, `ACCTTYPE`, a card CSV layout).
    public var accountType: AccountType?
    public var paymentMethod: PaymentMethod?
    /// OFX `CHECKNUM`, a CSV check / document number column.
    public var checkNumber: String?
    /// The file's own category (a CSV category column, Pluggy `category`).
    public var providerCategory: String?
    /// Canonical extras from aggregator rows (Pluggy, Open Finance): counterparty, MCC, CNAE, barcode.
    public var counterpartyDocument: String?
    public var counterpartyName: String?
    public var mcc: Int?
    public var cnae: String?
    public var barcode: String?
    /// Pending or scheduled rows (Pluggy `status: PENDING`, Open Finance `LANCAMENTO_FUTURO`) say so; nil
    /// for a posted row.
    public var status: PostingStatus?
    /// The amount as charged when `amount` is in the account's currency (Pluggy `amountInAccountCurrency`).
    public var originalAmount: Money?
    /// The 1-based line of the file where the row starts (for messages; not written).
    public var line: Int = 0

    public init() {}
}
