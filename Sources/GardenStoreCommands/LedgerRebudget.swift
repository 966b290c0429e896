import GardenFoundation
import GardenCatalog
import GardenAnalysis
import GardenEngine
import GardenResolvers
import GardenStore
import GardenCommandKit
import GardenLedger

/// Gives a recorded row the budget a changed budget book picks for it (design notes §7: the row's
/// override > the merchant's budget > the category's), from what the ledger holds: the override that
/// decided its category (a manual override's budget, or the budget action of the user rule that decided
/// it), its merchant identity, its catalog brand and its category. Only the resolution's `budget` value
/// changes, in place, its name in the language the row was recorded in.
struct LedgerRebudget {
    /// The book the rows were budgeted with (to tell the language of a stored name).
    let before: BudgetBook
    /// The shipped catalog (its taxonomy).
    let catalog: Catalog
    /// The user's rules and the new book (``UserKnowledge``).
    let user: UserKnowledge
    /// The store's manual overrides.
    let learned: any LearnedState

    /// The row with its new budget, or nil when it keeps its own (or its resolution cannot be read:
    /// `budgets` reports such rows).
    func callAsFunction(_ row: LedgerRow) -> Store.Rebudgeted? {
        guard let doc = try? JSONScanner.parse(Array(row.resolution.utf8)) else { return nil }
        func text(_ first: StaticString, _ second: StaticString) -> String? {
            doc.member(first, of: doc.root).flatMap { doc.member(second, of: $0) }.flatMap { doc.string($0) }
        }
        let current = (id: text("budget", "id"), name: text("budget", "name"))
        let override: String?
        switch row.source {
        case ResolverID.manualOverride.name: override = learned.override(rowID: row.rowID)?.budget
        case ResolverID.userRule.name: override = row.rule.flatMap { id in user.rules.all.first { $0.id == id }?.budget }
        default: override = nil
        }
        let picked = user.budgets.budget(override: override, brandID: text("merchant", "brand"), merchantKey: row.merchantKey,
                                            category: row.category, taxonomy: catalog.taxonomy)?.0
        let language = recordedLanguage(budgetName: current.name, budgetID: current.id, categoryName: text("category", "name"), category: row.category)
        let name = picked?.name(language)
        guard picked?.id != current.id || name != current.name else { return nil }
        var w = JSONWriter(capacity: 64)
        if let picked, let name {
            w.beginObject()
            w.member("id", picked.id)
            w.member("name", name)
            w.endObject()
        } else {
            w.null()
        }
        guard let bytes = JSONSplice.replacingValue("budget", in: doc, with: w.bytes) else { return nil }
        var moved = row
        moved.resolution = String(decoding: bytes, as: UTF8.self)
        return (moved, picked?.id, name)
    }

    /// English when the stored budget's (else the category's) name is its English one and not its Portuguese.
    func recordedLanguage(budgetName: String?, budgetID: String?, categoryName: String?, category: String) -> Language {
        if let budgetName, let budget = budgetID.flatMap({ before[$0] }) {
            return budgetName == budget.nameEN && budgetName != budget.namePT ? .english : .portuguese
        }
        if let categoryName, let known = catalog.taxonomy[category] {
            return categoryName == known.nameEN && categoryName != known.namePT ? .english : .portuguese
        }
        return .portuguese
    }
}
