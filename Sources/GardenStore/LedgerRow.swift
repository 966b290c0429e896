/// One recorded row of the ledger.
public struct LedgerRow: Sendable, Equatable {
    public var rowID: String { didSet { packed = nil } }
    /// The input line without `resolution`, CPFs masked.
    public var raw: String { didSet { packed = nil } }
    /// The folded descriptor (what rule text matches against).
    public var folded: String
    public var merchantKey: String?
    public var direction: String? { didSet { packed = nil } }
    public var date: String? { didSet { packed = nil } }
    /// The `resolution` object as written to stdout.
    public var resolution: String { didSet { packed = nil } }
    public var category: String { didSet { packed = nil } }
    /// The resolver that decided the category.
    public var source: String { didSet { packed = nil } }
    /// The user rule that decided it, if any.
    public var rule: String?
    /// Whether the row is pending or scheduled, not posted yet (``Store/settle(_:)``).
    public var isUnsettled = false
    /// What a pending row and its posted twin share (account, currency, direction, amount, merchant);
    /// nil for a row that cannot have one (no amount).
    public var twinKey: String?
    /// ``raw`` and ``resolution`` as stored (``LedgerBody``), when packed ahead by ``pack()`` (on the
    /// thread that resolved the row, so `resolve --record --jobs N` packs in parallel); nil: packed
    /// when written. A change to any value the body holds or refers to (row id, input line, direction,
    /// date, resolution, category, source) drops it, so a row changed after packing (re-resolved) is
    /// never stored with the body of its earlier values.
    private(set) var packed: LedgerBody.Packed?

    /// Packs ``raw`` and ``resolution`` now, for ``Store/record(_:generation:reresolve:)``.
    public mutating func pack() {
        packed = LedgerBody.pack(self)
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
}
