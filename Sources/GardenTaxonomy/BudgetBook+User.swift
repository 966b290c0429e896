import GardenFoundation
extension BudgetBook {
    /// Where budgets the user added are said to come from (``Budget/source``).
    public static let userSource = SourceLocation(file: "garden budgets set", line: 0)

    /// The book with what the user set (``UserBudgets``): a budget of a known id takes the user's name,
    /// limit, rollover and, when given, categories (the taxonomy's default budget then no longer sends
    /// rows to it); a new id is a new budget; a removed default budget is gone (its rows are "Fora do
    /// planejamento"); merchants are assigned by identity key. A category listed by the user that the
    /// taxonomy no longer has is left out and named in ``unknownCategories``.
    public func applying(_ user: UserBudgets, taxonomy: Taxonomy) -> BudgetBook {
        var book = self
        book.user = user
        book.cycleStart = user.cycleStart
        for entry in user.entries {
            if entry.removed {
                book.budgets[entry.id] = nil
                continue
            }
            var budget = book.budgets[entry.id]
                ?? Budget(id: entry.id, namePT: entry.id, nameEN: entry.id, categories: [], merchants: [], source: Self.userSource)
            if let name = entry.name {
                budget.namePT = name
                budget.nameEN = name
            }
            budget.limit = entry.limit
            budget.currency = entry.currency
            budget.rollover = entry.rollover
            budget.rolloverFrom = entry.rolloverFrom
            if let categories = entry.categories {
                budget.categories = categories.filter(taxonomy.contains)
                book.listedByUser.insert(entry.id)
                for category in budget.categories { book.byCategory[category] = entry.id }
            }
            book.budgets[entry.id] = budget
        }
        for assignment in user.merchants where book.budgets[assignment.budget] != nil {
            book.byMerchantKey[assignment.merchantKey] = assignment.budget
        }
        return book
    }

    /// Categories the user listed that the taxonomy does not have (a data folder changed since), by budget.
    public func unknownCategories(taxonomy: Taxonomy) -> [(budget: String, category: String)] {
        user.entries.flatMap { entry in (entry.categories ?? []).filter { !taxonomy.contains($0) }.map { (entry.id, $0) } }
    }

    /// The categories (leaf ids, taxonomy order) whose rows count in budget `id` when nothing else
    /// (an override, a merchant) decides.
    public func memberCategories(of id: String, taxonomy: Taxonomy) -> [String] {
        taxonomy.ids.filter { category in
            taxonomy[category]?.defaultBudget != nil || byCategory.keys.contains { Taxonomy.id(category, isWithin: $0) }
        }.filter { budget(override: nil, brandID: nil, category: $0, taxonomy: taxonomy)?.0.id == id }
    }

    /// The merchants assigned to budget `id`: the user's (identity key and name) and the catalog's brand ids.
    public func memberMerchants(of id: String) -> [String] {
        user.merchants.filter { $0.budget == id && byMerchantKey[$0.merchantKey] == id }.map { "\($0.label) (\($0.merchantKey))" }
            + byMerchant.filter { $0.value == id }.map(\.key).sorted()
    }
}
