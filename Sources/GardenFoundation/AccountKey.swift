import Foundation

/// What an account *is*, apart from what it is called (issue 33 item 3, issue 36 "accounts"): the identity a row's
/// account has in the ledger, from what its file states, so a name given later renames the account and never makes
/// it another one.
///
/// - **Stated** by the file: OFX `BANKID`/`ACCTID` (`ofx:0341/12345-6`; a card statement, `CCACCTFROM`, has no
///   `BANKID`: `ofx:card/<ACCTID>`), an aggregator's account id (`pluggy:<accountId>`), or a canonical line's own
///   `account` when it states no key (`name:<account>`, as every row an older garden recorded).
/// - **Unstated**: a file that names no account (a Nubank card CSV has date, title and amount only) is known by its
///   layout alone, `file:csv/nubank_card`, garden's default account for that layout; given `--account NAME`, that
///   name is all that tells two cards of one layout apart, so it is part of the key: `file:csv/nubank_card@NAME`.
///
/// Two rows of one bank line (``BankLineKey``) are one row when their keys are equal, or when one key is a layout's
/// default and the other is stated (the same month as CSV and as OFX: the CSV names no account, the OFX does); never
/// across two stated accounts, nor with an account a user named on a file that names none (two cards of one layout) —
/// unless the store found the two keys to be one account by their rows (`Store.attachAccounts`: a label on the month
/// recorded unnamed, a Pluggy account and the OFX of the same month), and keeps the one as another identity of the other.
public enum AccountKey {
    /// The key of an account the file states: `format` (`ofx`, `pluggy`, `openfinance`) and the file's own id of it.
    public static func stated(_ format: String, _ id: String) -> String { format + ":" + id }

    /// The key of a line that states no key but names its account (`account` of a hand-written line, an older row).
    public static func named(_ account: String) -> String { "name:" + account }

    /// The key of an account a file does not state: its `layout` (`csv/nubank_card`, `ofx`), and the `label` given
    /// by `--account`, if any, as ``fold(_:)`` makes it (`--account nubank` after `--account Nubank` is one account).
    public static func unstated(_ layout: String, label: String?) -> String {
        "file:" + layout + (label.map { "@" + fold($0) } ?? "")
    }

    /// An account's name as its identity compares it (issue 33, B25): Unicode canonical composition (NFC: a `ú` typed
    /// as `u` + combining acute is the precomposed `ú`), spaces around it dropped and runs of white space one space,
    /// then lower case (Unicode's default case mapping: `NUBANK`, `Nubank` and `nubank` are one name). Accents are
    /// kept: `Itaú` and `Itau` stay two names, as the exports keep them two accounts (issue 33 item 11), since a
    /// letter with and without its accent is another letter in Portuguese spelling and garden cannot tell a typing
    /// slip from two accounts. Format characters (Unicode general category Cf: zero-width space and joiners, the BOM,
    /// the soft hyphen, bidi marks) are dropped first: they print as nothing, so a name copied from a web page or a chat
    /// with one is the name without it (hostile9 F13).
    public static func fold(_ name: String) -> String {
        var visible = String.UnicodeScalarView()
        visible.append(contentsOf: name.unicodeScalars.lazy.filter { $0.properties.generalCategory != .format })
        let words = String(visible).precomposedStringWithCanonicalMapping.split(whereSeparator: { $0.isWhitespace })
        return words.joined(separator: " ").lowercased()
    }

    /// Whether `key` is a layout's default account (unstated, no label): the same bank line under it and under a
    /// stated account is one row.
    public static func isLayoutDefault(_ key: String?) -> Bool {
        guard let key else { return true }                 // a line with no account at all
        return key.hasPrefix("file:") && !key.contains("@")
    }

    /// Whether `key` is stated by a file (or a named line's account).
    public static func isStated(_ key: String?) -> Bool {
        guard let key else { return false }
        return !key.hasPrefix("file:")
    }

    /// Whether the recorded row of key `recorded` and an incoming line of key `incoming`, with the same
    /// ``BankLineKey`` id, are one bank line of one account.
    /// A row an older garden recorded is known by its account's name, which for an OFX was its `ACCTID`
    /// (`name:12345-6` is `ofx:001/12345-6`); a row it recorded with no account is a layout's default.
    public static func sameAccount(_ recorded: String?, _ incoming: String?) -> Bool {
        if recorded == incoming { return true }
        // A row recorded with no account at all is the line of whatever account reads it (a line read with an account
        // re-attaches it, docs/IMPORT.md): an Open Finance response first, then the month's CSV under a label.
        if recorded == nil { return true }
        if incoming == nil, isLayoutDefault(recorded) { return true }
        if let recorded, let incoming, recorded.hasPrefix("name:"), incoming.hasPrefix("ofx:"),
           incoming.hasSuffix("/" + recorded.dropFirst(5)) { return true }
        return (isLayoutDefault(recorded) && isStated(incoming)) || (isStated(recorded) && isLayoutDefault(incoming))
    }
}

/// What kind of account a row's account is (issue 36): money the holder has (`checking`, `savings`, `investment`)
/// or owes (`credit_card`, a liability: a journal posts it under `liabilities`).
public enum AccountType: String, Sendable, CaseIterable {
    case checking, savings, creditCard = "credit_card", investment

    /// Whether the account is money owed (a card's balance), not held.
    public var isLiability: Bool { self == .creditCard }

    /// The type an OFX statement states: a card statement (`CREDITCARDMSGSRSV1`/`CCSTMTRS`) is a credit card;
    /// `BANKACCTFROM`'s `ACCTTYPE` (OFX 2.1.1 §11.3.1.1: CHECKING, SAVINGS, MONEYMRKT, CREDITLINE, CD) otherwise;
    /// nil when it says nothing garden maps.
    public static func ofx(isCard: Bool, accountType: String?) -> AccountType? {
        if isCard { return .creditCard }
        switch accountType?.uppercased() {
        case "CHECKING": return .checking
        case "SAVINGS", "MONEYMRKT", "CD": return .savings
        case "CREDITLINE": return .creditCard
        default: return nil
        }
    }
}
