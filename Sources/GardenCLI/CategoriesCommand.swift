import GardenCore

/// `garden categories`: the taxonomy's ids, names and default budgets, then the budgets, so a user can
/// write `teach --category` and rules without opening the data files.
enum CategoriesCommand {
    static func run(_ arguments: [String], _ env: Environment) -> Int32 {
        CommandSupport.run(env) {
            let options = try CommandLineOptions(arguments, valued: ["--lang", "--data"], flags: [])
            try options.rejectPositional("garden categories")
            let language = try CommandSupport.language(options)
            let catalog = try env.loadCatalog(options)
            var out = "categories (id, name, default budget):\n"
            for id in catalog.taxonomy.ids {
                guard let category = catalog.taxonomy[id] else { continue }
                let indent = category.parent == nil ? "" : "  "
                out += "\(indent)\(id.padding(toLength: 26 - indent.count, withPad: " ", startingAt: 0))\(category.name(language))"
                if let budget = category.defaultBudget { out += "  [\(budget)]" }
                out += "\n"
            }
            out += "budgets (id, name):\n"
            for id in catalog.budgets.budgets.keys.sorted() {
                out += "  \(id.padding(toLength: 14, withPad: " ", startingAt: 0))\(catalog.budgets[id]!.name(language))\n"
            }
            env.stdout.write(out)
            return Exit.ok
        }
    }
}
