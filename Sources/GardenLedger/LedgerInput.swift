import GardenFoundation
import GardenCatalog
import GardenEngine

/// What a recorded row's input line says, as garden reads it (``TransactionReader``, whatever shape the
/// line came in: canonical, Pluggy, Open Finance): the amount, currency, account, description and memo
/// the ledger keeps as plain columns. The line is stored with its CPFs masked, so these are too.
public struct LedgerInput: Sendable, Equatable {
    /// Signed minor units (negative = money out); nil when the line has no amount.
    public var amount: Int64?
    /// ISO 4217 code (`BRL` when the line names none).
    public var currency: String
    /// Digits after the decimal mark of ``currency`` (ISO 4217 through ICU: 2 for BRL, 0 for JPY).
    public var minorDigits: Int
    public var account: String?
    /// The account's identity, the name the user gave it and its type, as the line states them (``AccountKey``; not
    /// ledger columns: the store keeps them in its `accounts` table); nil when the line states none.
    public var accountKey: String?
    public var accountLabel: String?
    public var accountType: AccountType?
    /// The descriptor as the bank printed it (the counterparty's name when there is none).
    public var description: String
    public var memo: String?

    public init(amount: Int64? = nil, currency: String = "BRL", minorDigits: Int = 2, account: String? = nil, description: String = "",
                memo: String? = nil) {
        self.amount = amount
        self.currency = currency
        self.minorDigits = minorDigits
        self.account = account
        self.description = description
        self.memo = memo
    }

    /// The input of a stored line; a line garden cannot read (it is reported where it is re-resolved)
    /// gives an empty input, never an error: recording it must not fail.
    /// Equal as the ledger's columns hold them: the account's key, label and type are no columns.
    public static func == (a: LedgerInput, b: LedgerInput) -> Bool {
        a.amount == b.amount && a.currency == b.currency && a.minorDigits == b.minorDigits && a.account == b.account
            && a.description == b.description && a.memo == b.memo
    }

    public init(raw: String) {
        guard let doc = try? JSONScanner.parse(Array(raw.utf8)), let t = try? TransactionReader().read(doc) else {
            self.init()
            return
        }
        self.init(transaction: t)
    }

    public init(transaction t: Transaction) {
        self.init(amount: t.amount?.minorUnits, currency: t.currency.code, minorDigits: t.currency.fractionDigits, account: t.account,
                  description: t.resolvableText, memo: t.memo)
        accountKey = t.accountKey
        accountLabel = t.accountLabel
        accountType = t.accountType
    }

    /// The amount as a decimal text with the currency's digits (`-32.93`); nil without an amount.
    public var decimalAmount: String? {
        guard let amount else { return nil }
        var text = String(amount.magnitude)
        if minorDigits > 0 {
            if text.count <= minorDigits { text = String(repeating: "0", count: minorDigits - text.count + 1) + text }
            text.insert(".", at: text.index(text.endIndex, offsetBy: -minorDigits))
        }
        return amount < 0 ? "-" + text : text
    }
}
