import GardenFoundation

/// Gives rows stable ids, so re-importing a file (or an overlapping export) yields the same ids and
/// `resolve --record` updates instead of duplicating, while two equal purchases stay two rows.
///
/// - A row with the file's own id (OFX `FITID`, a CSV id column, Pluggy `id`) gets
///   `<source>:<account>:<id>` (`<source>:<id>` when ids are global, as aggregators' are); when the file reuses that id for another row (Nubank prints an IOF
///   line under its purchase's `FITID`), the later rows get `<source>:<account>:<id>:h<hash>-<n>` (in OFX, the
///   row keeping the bare id is chosen by content, not order: ``OFXImporter``).
/// - A row without one gets `<source>:<account>:h<hash>-<n>`: a 64-bit FNV-1a hash of its date, amount,
///   currency, description, memo and check number, and `n`, the 1-based occurrence of that same content
///   in the file (two identical coffees on one day are `-1` and `-2`, in both imports).
public struct RowIdentifier {
    private let source: String
    /// Ids and content keys seen, by their 64-bit FNV-1a, over the last ``RecentCounts/window`` distinct
    /// ones (bounded memory, whatever the file's size; rows sharing an id or a content lie close together in
    /// a bank export). Two different ids sharing a hash, about one chance in 10^7 at a million rows, only
    /// make the later one take its content-hash form, still unique and stable.
    private var seenIDs = RecentCounts()
    private var occurrences = RecentCounts()

    /// `source` is the id prefix: `ofx`, `csv`, `pluggy`, `openfinance`.
    public init(source: String) {
        self.source = source
    }

    /// The id of `row` (whose content fields are already set) in `account`, with the file's own id if any;
    /// `bare: false` gives the content-hash form even to the first row with that id (a row sharing its
    /// id with one the caller chose to keep it: ``OFXImporter``).
    public mutating func id(for row: ImportedRow, account: String?, native: String?, bare: Bool = true) -> String {
        let prefix = account.map { "\(source):\($0):" } ?? "\(source):"
        if bare, let native, !native.isEmpty, seenIDs.add(Self.key(prefix + native)) == 1 {
            return prefix + native
        }
        let base = (native.map { prefix + $0 + ":" } ?? prefix) + "h" + Self.contentHash(row)
        return "\(base)-\(occurrences.add(Self.key(base)))"
    }

    private static func key(_ text: String) -> UInt64 {
        var hash = FNV1a()
        hash.combine(text)
        return hash.value
    }

    package static func contentHash(_ row: ImportedRow) -> String {
        var hash = FNV1a()
        for field in [row.date, row.amountText, row.amount?.currency.code, row.description, row.memo, row.checkNumber] {
            hash.combine(field ?? "")
        }
        return hash.hex
    }
}
