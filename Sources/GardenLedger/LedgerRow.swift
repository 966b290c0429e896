import GardenFoundation

/// One recorded row of the ledger: its input line and resolution as texts, and the columns it is found by.
/// The store derives every other column (``LedgerEntry``: amount, merchant, review…) from these texts.
public struct LedgerRow: Sendable {
    public var rowID: String { didSet { changed() } }
    /// The input line without `resolution`, CPFs masked.
    public var raw: String { didSet { changed() } }
    /// The folded descriptor (what rule text matches against).
    public var folded: String
    public var merchantKey: String? { didSet { changed() } }
    public var direction: String? { didSet { changed() } }
    public var date: String? { didSet { changed() } }
    /// The `resolution` object as written to stdout.
    public var resolution: String { didSet { changed() } }
    public var category: String { didSet { changed() } }
    /// The resolver that decided the category.
    public var source: String { didSet { changed() } }
    /// The user rule that decided it, if any.
    public var rule: String? { didSet { changed() } }
    /// Whether the row is pending or scheduled, not posted yet (``Store/settle(_:)``).
    public var isUnsettled = false
    /// What a pending row and its posted twin share (account, currency, direction, amount, merchant);
    /// nil for a row that cannot have one (no amount).
    public var twinKey: String?
    /// The row's columns (``LedgerColumns``), when derived ahead by ``prepare()`` (on the thread that
    /// resolved the row, so `resolve --record --jobs N` reads its lines in parallel) or read from the
    /// store; nil: derived when written. A change to any field drops them, so a row changed after it was
    /// prepared (re-resolved) is never stored with the columns of its earlier values.
    package private(set) var columns: LedgerColumns?
    /// What the row's resolution was made under (a fingerprint of its id, its stored line ``raw`` and the state that
    /// resolved it, which `recategorize` compares with its own), when it was resolved from ``raw`` as stored; nil:
    /// not known. A change to any field but ``folded`` drops it.
    public var resolvedUnder: Int64?
    /// Whether the resolution was made from ``raw`` as it is stored (nothing in the line was masked), so a fingerprint
    /// of ``raw`` names what was resolved. A change to any field but ``folded`` drops it.
    public var resolvedFromRaw = false

    /// A field changed: the columns derived ahead and what the resolution was made under no longer hold.
    private mutating func changed() {
        columns = nil
        resolvedUnder = nil
        resolvedFromRaw = false
    }

    /// The row as the `transactions` view shows it, when its columns are at hand (read from the store,
    /// or ``prepare()``d); else ``LedgerEntry/init(_:)`` derives it.
    public var entry: LedgerEntry? { columns?.entry }

    /// Derives the row's columns now, for ``Store/record(_:generation:reresolve:)``; `input`: what the
    /// row's input line says when the caller has just read it (its texts masked as ``raw`` is), so the line is
    /// not read again.
    public mutating func prepare(input: LedgerInput? = nil) {
        columns = LedgerColumns(self, input: input)
    }

    /// ``prepare(input:)`` for a row whose ``resolution`` text was just written from `resolution`'s fields
    /// (``LedgerResolution/init(_:writer:)``): the columns are taken from them, and the text is not read back.
    public mutating func prepare(input: LedgerInput?, resolution: LedgerResolution) {
        columns = LedgerColumns(self, input: input, resolution: resolution)
    }

    public init(rowID: String, raw: String, folded: String, merchantKey: String?, direction: String?, date: String?,
                resolution: String, category: String, source: String, rule: String?) {
        self.rowID = rowID
        self.raw = raw
        self.folded = folded
        self.merchantKey = merchantKey
        self.direction = direction
        self.date = date
        self.resolution = resolution
        self.category = category
        self.source = source
        self.rule = rule
    }

    /// A row read from the store, with the columns it was read with.
    package init(_ columns: LedgerColumns, raw: String, folded: String, resolution: String) {
        let entry = columns.entry
        self.init(rowID: entry.rowID, raw: raw, folded: folded, merchantKey: entry.merchantKey, direction: entry.resolution.direction, date: entry.date,
                  resolution: resolution, category: entry.resolution.category, source: entry.resolution.source, rule: entry.rule)
        self.columns = columns
    }
}

extension LedgerRow: Equatable {
    /// Rows are equal when their texts and columns are; whether columns were derived ahead does not count.
    public static func == (a: LedgerRow, b: LedgerRow) -> Bool {
        a.rowID == b.rowID && a.raw == b.raw && a.folded == b.folded && a.merchantKey == b.merchantKey && a.direction == b.direction
            && a.date == b.date && a.resolution == b.resolution && a.category == b.category && a.source == b.source && a.rule == b.rule
    }
}

extension LedgerRow {
    /// The row under another id (the ledger row a line of it is: its pending twin, the same bank line recorded
    /// from another file): its id, and the `row_id` its resolution says.
    public mutating func rename(_ id: String) {
        guard id != rowID else { return }
        rowID = id
        guard let doc = try? JSONScanner.parse(Array(resolution.utf8)), doc[doc.root].kind == .object else { return }
        var value: [UInt8] = []
        JSONWriter.appendEscaped(id, to: &value)
        var out: [UInt8] = []
        JSONSplice.replacingMember("row_id", in: doc, with: value, into: &out)
        resolution = String(decoding: out, as: UTF8.self)
    }
}
