import GardenFoundation
import GardenCodecs

/// An account's name as the ledger keeps it and as messages show it. The store owns account identity
/// (``Store/accounts()``, ``AccountKey``), so the rule that turns a name holding a CPF or a card number into the name the
/// ledger keeps lives here (moved from GardenCLI's `LedgerRecorder`).
public enum AccountName {
    /// The account `account` as the ledger keeps it, when it holds a CPF (formatted, or 11 digits whose check digits
    /// are a CPF's: the same test on every row of the account, whatever else a row holds) or a card number; nil when it
    /// holds neither (digits after `CC` or `ACCT` in a name are kept: ``CPFScrubber/scrubAccountName(_:)``). The
    /// mask shows a CPF's middle six digits only, which two accounts may share: with the store's identity key
    /// (``IdentityKey``) the mask is followed by the first 8 hex digits of the HMAC-SHA256 of the account's letters and
    /// digits (`•••.982.247-•• #1f0c…`), so two accounts stay two and one stays one, and the CPF cannot be found back
    /// from it without the key. Written with or without the CPF's dots and dash, it is one account.
    public static func masked(_ account: String, key: [UInt8]?) -> String? {
        let masked = CPFScrubber.scrubAccountName(account)
        guard masked != account else { return nil }
        guard let key else { return masked }
        let plain = String(String.UnicodeScalarView(account.unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil })).uppercased()
        return masked + " #" + SHA256.hex(SHA256.hmac(key: key, message: Array(plain.utf8))).prefix(8)
    }

    /// The name `account` as the ledger keeps it: ``masked(_:key:)`` when it holds a CPF or card number, else as given.
    public static func stored(_ account: String, key: [UInt8]?) -> String {
        masked(account, key: key) ?? account
    }

    /// `name` as a message shows it: not yet one rule (the regression test of ledger6 item 4 fails on this).
    public static func shown(_ name: String) -> String { name }
}
