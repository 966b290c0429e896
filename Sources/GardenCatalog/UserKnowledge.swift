import GardenFoundation

/// What the user added to garden's shipped knowledge: their rules and their budgets (issue 34, "user state beside
/// the image"). Loaded per session — from the rule files and the store, again inside a write transaction when a
/// command must see the store's latest — and never compiled into the shipped image (``CompiledCatalog``), so a
/// `rules add` or a `budgets set` costs a few parsed lines, not an image rebuild.
///
/// A class, so every row context of a session shares one instance instead of copying it.
public final class UserKnowledge: Sendable {
    /// The user's rules (``UserRules``), checked against ``budgets`` and the shipped brands and processors.
    public let rules: UserRules
    /// The shipped budgets (`Rules/budgets.tsv`) with the user's applied (``BudgetBook/applying(_:taxonomy:)``):
    /// the book every row's budget is picked from.
    public let budgets: BudgetBook

    /// The user's rules and budgets over `catalog`.
    /// - Parameters:
    ///   - ruleFiles: rule files (`~/.config/garden/rules/*.rules`, `--rules FILE`) as (path, text), in order.
    ///   - storedRules: the store's rules (`garden rules add`, taught) as (id, text), in id order.
    ///   - userBudgets: the budgets, merchant assignments and pay cycle the user set (`garden budgets set`).
    /// - Throws: ``DataError`` at `file:line:column` (or `rule rN`) for the first rule that does not parse or names
    ///   an unknown category, budget, processor or brand.
    public init(catalog: Catalog, ruleFiles: [(name: String, text: String)] = [], storedRules: [(id: String, text: String)] = [],
                userBudgets: UserBudgets = UserBudgets()) throws(DataError) {
        let budgets = catalog.budgets.applying(userBudgets, taxonomy: catalog.taxonomy)
        let parser = UserRuleParser(taxonomy: catalog.taxonomy, budgets: budgets, processorIDs: Set(catalog.processors.map(\.id)))
        var rules: [UserRule] = []
        for file in ruleFiles {
            rules.append(contentsOf: try parser.parse(file: file.name, text: file.text))
        }
        for rule in storedRules {
            rules.append(try parser.parseRule(rule.text, id: rule.id, source: SourceLocation(file: "rule \(rule.id)", line: 0)))
        }
        self.rules = try UserRules(rules, catalog: catalog)
        self.budgets = budgets
    }

    /// No rules, the shipped budgets only: garden as shipped.
    public init(shipped catalog: Catalog) {
        rules = .none
        budgets = catalog.budgets
    }
}
