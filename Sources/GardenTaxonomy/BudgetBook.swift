import GardenFoundation

/// All budgets, and the rule that picks a row's budget: the row's override, else the merchant's
/// budget (one the user assigned by merchant identity, then a catalog brand's), else the category's
/// budget (one the user set, then the taxonomy's default), else none ("Fora do planejamento").
/// Source: garden design notes §7. The user's changes (``UserBudgets``) are applied by
/// ``applying(_:taxonomy:)``.
public struct BudgetBook: Sendable {
    public internal(set) var budgets: [String: Budget] = [:]
    /// Budget id by catalog brand id (`Rules/budgets.tsv` member merchants).
    var byMerchant: [String: String] = [:]
    /// Budget id by merchant identity key, as the user assigned them.
    public internal(set) var byMerchantKey: [String: String] = [:]
    /// Budget id by category id or group the user listed in a budget.
    var byCategory: [String: String] = [:]
    /// Budgets whose categories the user set: the taxonomy's default budgets no longer send rows to them.
    var listedByUser: Set<String> = []
    /// The day of the month a cycle starts (1: calendar months).
    public internal(set) var cycleStart = 1
    /// What the user set, as applied.
    public internal(set) var user = UserBudgets()
    /// The ids of `Rules/budgets.tsv` (garden's default budgets).
    public private(set) var defaultIDs: Set<String> = []

    public init(_ file: TSVFile, taxonomy: Taxonomy) throws(DataError) {
        for record in file.records {
            let id = record.columns[0]
            guard budgets[id] == nil else { throw record.error("duplicate budget id \"\(id)\"") }
            let categories = record.optional(3)?.split(separator: ",").map(String.init) ?? []
            for category in categories where !taxonomy.contains(category) {
                throw record.error("unknown category \"\(category)\"", column: 4)
            }
            let merchants = record.optional(4)?.split(separator: ",").map(String.init) ?? []
            budgets[id] = Budget(id: id, namePT: record.columns[1], nameEN: record.columns[2], categories: categories,
                                 merchants: merchants, source: SourceLocation(file: file.name, line: record.line))
            for merchant in merchants { byMerchant[merchant] = id }
        }
        defaultIDs = Set(budgets.keys)
        for id in taxonomy.ids {
            if let budget = taxonomy[id]?.defaultBudget, budgets[budget] == nil {
                throw DataError(file: taxonomy[id]!.source.file, line: taxonomy[id]!.source.line, column: 5,
                                "unknown budget \"\(budget)\" for category \"\(id)\"")
            }
        }
    }

    public subscript(id: String) -> Budget? { budgets[id] }

    /// Where a row's budget came from, for `explain`.
    public enum Origin: String, Sendable { case override, merchant, category }

    /// The row's budget and why: `override` (a budget id set by hand or by a rule) > the merchant's
    /// budget (the user's assignment by merchant identity key, then the catalog's by brand id) > the
    /// category's (the most specific category or group a user's budget lists, then the taxonomy's
    /// default unless the user set that budget's categories); nil when none applies.
    public func budget(override: String?, brandID: String?, merchantKey: String? = nil, category: String,
                       taxonomy: Taxonomy) -> (Budget, Origin)? {
        if let override, let budget = budgets[override] { return (budget, .override) }
        if let merchantKey, let id = byMerchantKey[merchantKey], let budget = budgets[id] { return (budget, .merchant) }
        if let brandID, let id = byMerchant[brandID], let budget = budgets[id] { return (budget, .merchant) }
        if !byCategory.isEmpty {
            var level: String? = category
            while let id = level {
                if let listed = byCategory[id] { return budgets[listed].map { ($0, .category) } }
                level = taxonomy[id]?.parent
            }
        }
        if let id = taxonomy[category]?.defaultBudget, !listedByUser.contains(id), let budget = budgets[id] { return (budget, .category) }
        return nil
    }

    /// Whether a row's budget can depend on its merchant identity (the user assigned merchants).
    public var assignsByMerchantKey: Bool { !byMerchantKey.isEmpty }
}
