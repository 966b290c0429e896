/// What makes two lines of bank files the same bank transaction, whatever file or format they were read from
/// (issue 33): the date, the exact amount and its currency, and the descriptor folded (letters and digits only,
/// lower-case, without accents, CPFs masked), plus the line's occurrence among lines of that same content in its
/// file (two R$ 4,50 coffees on one day are `-1` and `-2`). The file's own id (OFX `FITID`, a CSV id column) and
/// the format are left out: a bank reuses `FITID`s (Nubank prints an IOF line under its purchase's) and the same
/// month exported as CSV and as OFX must be the same rows. The account is no part of the key either: the store
/// keeps rows of two accounts apart by the account each row holds (``accountTag(_:)``), and a row read without an
/// account (a CSV with none, before `--account`) is the row of the same key with one.
///
/// The id is `line:<16 hex>-<n>`: the 64-bit FNV-1a of the content, and the occurrence.
public enum BankLineKey {
    /// The prefix of an id given by this rule.
    public static let prefix = "line:"

    /// The 16 hex digits of a line's content: `date` (`YYYY-MM-DD`), `minorUnits` of `currency` (ISO 4217),
    /// and the descriptor as printed.
    public static func content(date: String?, minorUnits: Int64?, currency: String, descriptor: String) -> String {
        var hash = FNV1a()
        hash.combine(date ?? "")
        hash.combine(minorUnits.map { String($0) } ?? "")
        hash.combine(currency)
        hash.combine(fold(descriptor))
        return hash.hex
    }

    /// The id of the `occurrence`-th line (1-based) of content `content` in its file.
    public static func id(content: String, occurrence: Int) -> String {
        prefix + content + "-" + String(occurrence)
    }

    /// The id of a line of another account than the row already recorded under `id`: `id@<8 hex>`, the
    /// FNV-1a of the account as the ledger holds it (CPFs masked and keyed, so the hash reveals none).
    public static func id(_ id: String, account: String) -> String {
        var hash = FNV1a()
        hash.combine(account)
        return id + "@" + String(hash.hex.prefix(8))
    }

    /// Whether `id` was given by this rule (with or without an account's tag).
    public static func isLineID(_ id: String) -> Bool { id.hasPrefix(prefix) }

    /// The descriptor as the key reads it: CPFs masked (so the ledger's masked text gives the same key), folded as
    /// the ledger folds descriptors (``TokenizedText``: lower-case, accents dropped), then only its letters and
    /// digits (`Zé Delivery - NuPay` → `zedeliverynupay`), so spacing, punctuation and case a format changes do not
    /// make another line.
    public static func fold(_ descriptor: String) -> String {
        let text = descriptor.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) ? CPFScrubber.scrubCPF(descriptor, plainDigits: false) : descriptor
        let folded = TokenizedText(text).folded.filter { $0 != 0x20 }
        return String(decoding: folded, as: UTF8.self)
    }
}
