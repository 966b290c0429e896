import GardenFoundation
/// A budget ("Limite", `Rules/budgets.tsv`, or one the user set with `garden budgets set`): the categories
/// and merchants whose rows count against it, and the user's plan for it (design notes §7).
public struct Budget: Sendable, Hashable {
    public var id: String
    public var namePT: String
    public var nameEN: String
    /// Category ids or groups (a group includes its children).
    public var categories: [String]
    /// Brand ids whose rows count here whatever their category.
    public var merchants: [String]
    public var source: SourceLocation
    /// The most the user means to spend in one cycle, in minor units of ``currency``; nil: no limit.
    public var limit: Int64? = nil
    /// The ISO 4217 code of ``limit``.
    public var currency: String? = nil
    /// Whether what is left of a cycle (or overspent) carries into the next (from ``rolloverFrom``).
    public var rollover = false
    /// The first cycle (`YYYY-MM`) whose left-over carries, when ``rollover`` is set.
    public var rolloverFrom: String? = nil

    public init(id: String, namePT: String, nameEN: String, categories: [String], merchants: [String], source: SourceLocation) {
        self.id = id
        self.namePT = namePT
        self.nameEN = nameEN
        self.categories = categories
        self.merchants = merchants
        self.source = source
    }

    public func name(_ language: Language) -> String { language == .english ? nameEN : namePT }
}
