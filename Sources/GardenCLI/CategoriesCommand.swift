import GardenCommandKit
import GardenFoundation

/// `garden categories`: the taxonomy's ids, names and default budgets, then the budgets, so a user can
/// write `teach --category` and rules without opening the data files.
enum CategoriesCommand: Command {
    typealias Group = CommandOption.Group
    static let name = "categories"
    static let summary = "the category ids (with names and default budgets) and the budget ids"
    static let about = "Lists category ids with their names and default budgets, then the budgets."
    static let options = [Group.language, Group.dataFolder]

    static func run(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        let language = try CommandSupport.language(options, env)
        let catalog = try env.loadCatalog(options)
        var out = env.words("categories (id, name, default budget):\n", "categorias (id, nome, orçamento padrão):\n")
        for id in catalog.taxonomy.ids {
            guard let category = catalog.taxonomy[id] else { continue }
            let indent = category.parent == nil ? "" : "  "
            out += "\(indent)\(id.padding(toLength: 26 - indent.count, withPad: " ", startingAt: 0))\(category.name(language))"
            if let budget = category.defaultBudget { out += "  [\(budget)]" }
            out += "\n"
        }
        out += env.words("budgets (id, name):\n", "orçamentos (id, nome):\n")
        for id in catalog.budgets.budgets.keys.sorted() {
            out += "  \(id.padding(toLength: 14, withPad: " ", startingAt: 0))\(catalog.budgets[id]!.name(language))\n"
        }
        env.stdout.write(out)
        return Exit.ok
    }
}
