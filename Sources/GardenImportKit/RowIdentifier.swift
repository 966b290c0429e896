import GardenFoundation

/// Gives rows stable ids, by one rule whatever the file's format (``BankLineKey``), so re-importing a file, an
/// overlapping export, or the same month in another format (CSV, then OFX) yields the same ids and
/// `resolve --record` updates instead of duplicating, while two equal purchases stay two rows.
///
/// - A row of a bank file (OFX, CSV) gets `line:<16 hex>-<n>`: the FNV-1a of its date, amount, currency and
///   folded descriptor, and `n`, the 1-based occurrence of that content among the rows of its account in the
///   file (two identical coffees on one day are `-1` and `-2`, in every import of it). The file's own id
///   (OFX `FITID`, a CSV id column) is kept beside it as `source_id`, not in it: banks reuse `FITID`s (Nubank
///   prints an IOF line under its purchase's), so a row's id would depend on the file's other rows.
/// - A row of an aggregator (Pluggy, Open Finance) keeps the aggregator's global id, `<source>:<id>` (the one
///   id that stays when the bank rewrites a pending row's description); one whose id an earlier row of the file
///   already took, or that has none, gets the content form above.
public struct RowIdentifier {
    private let source: String
    /// Ids and content keys seen, by their 64-bit FNV-1a, over the last ``RecentCounts/window`` distinct
    /// ones (bounded memory, whatever the file's size; rows sharing an id or a content lie close together in
    /// a bank export).
    private var seenIDs = RecentCounts()
    private var occurrences = RecentCounts()

    /// `source` is the id prefix of aggregator ids: `pluggy`, `openfinance`; `ofx` and `csv` rows take the
    /// content form only.
    public init(source: String) {
        self.source = source
    }

    /// Whether ids of this source are global (an aggregator's), kept as given.
    private var globalIDs: Bool { source != "ofx" && source != "csv" }

    /// The id of `row` (whose content fields are already set); `account` is the account the file states for
    /// it (OFX `ACCTID`, else `--account`), which separates occurrences of two accounts in one file; `native` is
    /// the file's own id of the row, kept only by aggregators.
    public mutating func id(for row: ImportedRow, account: String?, native: String?) -> String {
        if globalIDs, let native, !native.isEmpty {
            let id = "\(source):\(native)"
            if seenIDs.add(Self.key(id)) == 1 { return id }
        }
        let content = Self.contentHash(row)
        return BankLineKey.id(content: content, occurrence: occurrences.add(Self.key((account ?? "") + "\u{1F}" + content)))
    }

    private static func key(_ text: String) -> UInt64 {
        var hash = FNV1a()
        hash.combine(text)
        return hash.value
    }

    /// The 16 hex digits of the row's content (``BankLineKey/content(date:minorUnits:currency:descriptor:)``).
    package static func contentHash(_ row: ImportedRow) -> String {
        BankLineKey.content(date: row.date, minorUnits: row.amount?.minorUnits, currency: row.amount?.currency.code ?? "",
                            descriptor: row.description.isEmpty ? (row.memo ?? "") : row.description)
    }
}
