import GardenFoundation

/// All budgets, and the rule that picks a row's budget: the row's override, else the merchant's
/// budget, else the category's default budget (taxonomy), else none ("Fora do planejamento").
/// Source: garden design notes §7.
public struct BudgetBook: Sendable {
    public private(set) var budgets: [String: Budget] = [:]
    private var byMerchant: [String: String] = [:]

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
    /// budget (by brand id) > the category's default; nil when none applies.
    public func budget(override: String?, brandID: String?, category: String, taxonomy: Taxonomy) -> (Budget, Origin)? {
        if let override, let budget = budgets[override] { return (budget, .override) }
        if let brandID, let id = byMerchant[brandID], let budget = budgets[id] { return (budget, .merchant) }
        if let id = taxonomy[category]?.defaultBudget, let budget = budgets[id] { return (budget, .category) }
        return nil
    }
}
