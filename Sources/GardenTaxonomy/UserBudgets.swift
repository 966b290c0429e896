/// What the user set about budgets (`garden budgets set/remove`, kept in the store): budgets changed or
/// added, merchants assigned to a budget, and the day the pay cycle starts (design notes §7: "Month = pay
/// cycle. The month starts on payday"). ``BudgetBook/applying(_:taxonomy:)`` makes the book rows are
/// budgeted with.
public struct UserBudgets: Sendable, Equatable {
    /// One budget as the user set it: what it changes of the default budget of the same id, or a new one.
    public struct Entry: Sendable, Equatable {
        public var id: String
        /// The name (both languages); nil keeps the default's names.
        public var name: String?
        /// Minor units of ``currency`` a cycle; nil: no limit.
        public var limit: Int64?
        /// ISO 4217 code of the limit.
        public var currency: String?
        /// Category ids or groups that count here; nil keeps the default's (``Taxonomy`` default budgets).
        public var categories: [String]?
        public var rollover: Bool
        /// The first cycle (`YYYY-MM`) whose left-over carries, when ``rollover`` is set.
        public var rolloverFrom: String?
        /// A default budget the user removed: it no longer exists (its rows are "Fora do planejamento").
        public var removed: Bool

        public init(id: String, name: String? = nil, limit: Int64? = nil, currency: String? = nil, categories: [String]? = nil,
                    rollover: Bool = false, rolloverFrom: String? = nil, removed: Bool = false) {
            self.id = id
            self.name = name
            self.limit = limit
            self.currency = currency
            self.categories = categories
            self.rollover = rollover
            self.rolloverFrom = rolloverFrom
            self.removed = removed
        }
    }

    /// A merchant assigned to a budget ("Atacadão → Mercado"): every row of that merchant identity
    /// (``MerchantIdentity/key``) counts there, whatever its category.
    public struct MerchantAssignment: Sendable, Equatable {
        /// The merchant identity key (`brand:atacadao`, `name:padariadoze`).
        public var merchantKey: String
        public var budget: String
        /// The name the user gave, for listings.
        public var label: String

        public init(merchantKey: String, budget: String, label: String) {
            self.merchantKey = merchantKey
            self.budget = budget
            self.label = label
        }
    }

    public var entries: [Entry]
    public var merchants: [MerchantAssignment]
    /// The day of the month a cycle starts (1–31; a month shorter than it starts on its last day).
    public var cycleStart: Int

    public init(entries: [Entry] = [], merchants: [MerchantAssignment] = [], cycleStart: Int = 1) {
        self.entries = entries
        self.merchants = merchants
        self.cycleStart = cycleStart
    }

    /// Whether nothing is set (garden's default budgets, calendar months).
    public var isEmpty: Bool { entries.isEmpty && merchants.isEmpty && cycleStart == 1 }
}
