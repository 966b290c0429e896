import GardenFoundation
import GardenCodecs

/// An account's name as the ledger keeps it and as messages show it (ledger6 items 2 and 4). The store owns account
/// identity (``Store/accounts()``, ``AccountKey``), so the rule that turns a name holding a CPF or a card number into
/// the name the ledger keeps lives here, beside the lookup that finds an account by what the user types.
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

    /// The account key `accountKey` (``AccountKey``) as the ledger keeps it, when it holds a CPF or card number; nil when
    /// it holds none. The label of a file's key (`file:csv/nubank_card@<label>`, `--account` on a file that names no
    /// account) is masked as the account's name is (``masked(_:key:)`` of the label alone), so the key's label is the
    /// name the account was recorded under and `import --account 52998224725` on another file finds the account
    /// `--account 529.982.247-25` named (ledger6 item 2); any other key is masked whole.
    public static func maskedKey(_ accountKey: String, key: [UInt8]?) -> String? {
        if accountKey.hasPrefix("file:"), let at = accountKey.firstIndex(of: "@") {
            let label = String(accountKey[accountKey.index(after: at)...])
            return masked(label, key: key).map { String(accountKey[...at]) + $0 }
        }
        return masked(accountKey, key: key)
    }

    /// The name `account` as the ledger keeps it: ``masked(_:key:)`` when it holds a CPF or card number, else as given.
    public static func stored(_ account: String, key: [UInt8]?) -> String {
        masked(account, key: key) ?? account
    }

    /// `name` as a message shows it (the import's and `resolve --record`'s closing lines: ledger6 item 4, newuser9,
    /// where one masked an OFX `ACCTID` to its last two digits and the other printed it whole). One rule, the one garden
    /// shows a card number by (PCI DSS's display rule, ``PersonalNumberScanner``): every number in the name of five
    /// digits or more (digits with single `.`, `-`, `/` or spaces between them, standing apart from letters) is shown
    /// with all but its last four digits hidden, its separators kept (`379700001111222` → `•••••••••••1222`, `12345-6` →
    /// `••345-6`); shorter numbers name no one and stay (`Itau 2024`), and digits inside a word or an identifier (an
    /// aggregator's account id `3f1c0a4e-0001-4d2b-…`) are no number. A name holding a CPF or a card number is shown as the ledger keeps
    /// it (``CPFScrubber/scrubAccountName(_:)``: a CPF by Banco Central's rule, `•••.982.247-••`), and a name already
    /// masked (it holds `•`) as it is.
    public static func shown(_ name: String) -> String {
        guard !name.contains("•") else { return name }
        let scrubbed = CPFScrubber.scrubAccountName(name)
        guard scrubbed == name else { return scrubbed }
        let scalars = Array(name.unicodeScalars)
        func isDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 0x30 && s.value <= 0x39 }
        func isSeparator(_ s: Unicode.Scalar) -> Bool { s == "." || s == "-" || s == "/" || s == " " }
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            guard isDigit(scalars[i]) else { out.append(scalars[i]); i += 1; continue }
            // The number starting here: digits, with one separator between two digits.
            var end = i
            while end < scalars.count {
                if isDigit(scalars[end]) { end += 1 } else if isSeparator(scalars[end]), end + 1 < scalars.count, isDigit(scalars[end + 1]) { end += 1 } else { break }
            }
            let digits = scalars[i..<end].filter(isDigit).count
            let inWord = (i > 0 && scalars[i - 1].properties.isAlphabetic) || (end < scalars.count && scalars[end].properties.isAlphabetic)
            var hidden = digits >= 5 && !inWord ? digits - 4 : 0
            for s in scalars[i..<end] {
                if isDigit(s), hidden > 0 { out.append("•"); hidden -= 1 } else { out.append(s) }
            }
            i = end
        }
        return String(out)
    }
}

extension Store {
    /// The name of the account the user typed as `typed` (`accounts rename`, `accounts type`, `rows --account`,
    /// `export --account`), as the store keeps it: the name itself when an account is called so; else, when `typed`
    /// holds a CPF or card number, the account whose name is its masked form (``AccountName/masked(_:key:)`` with this
    /// store's identity key: the HMAC after the mask tells two accounts of one mask apart, so `529.982.247-25` and
    /// `52998224725` find their account and never another CPF's of the same middle digits); nil when none is. Neither
    /// the typed number nor anything made from it but its mask is stored or printed (ledger6 item 2).
    public func accountName(typed: String) throws -> String? {
        let names = Set(try db.prepare("SELECT name FROM accounts").all { $0.text(0) ?? "" })
        if names.contains(typed) { return typed }
        guard AccountName.masked(typed, key: nil) != nil else { return nil }
        let key: [UInt8]? = switch try? identityKeyStanding() {       // another store's key is none of this store's
        case .own(let key)?, .unrecorded(let key)?: key
        default: nil
        }
        if let masked = AccountName.masked(typed, key: key), names.contains(masked) { return masked }
        // A store whose rows were recorded before it had a key keeps the mask alone.
        if let plain = AccountName.masked(typed, key: nil), names.contains(plain) { return plain }
        return nil
    }
}
