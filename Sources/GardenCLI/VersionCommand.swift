import GardenFoundation
import GardenCatalog
import GardenCommandKit

/// `garden version`: the engine, the catalog (content fingerprint and counts) and the libraries.
enum VersionCommand: Command {
    static let name = "version"
    static let summary = "engine and catalog versions (also --version)"
    static let about = "The engine, the catalog (content fingerprint and counts) and the ICU version."
    static let options = Array(CommandOption.Group.data.prefix(3))

    static func run(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        let catalog: Catalog, user: UserKnowledge
        do {
            catalog = try env.loadCatalog(options)
            user = try env.userKnowledge(options, catalog)
        } catch { env.complain(error.description); return error.exitCode }
        let brazilian = catalog.brands.filter { $0.countries.contains("BR") }.count
        let northAmerican = catalog.brands.filter { $0.countries.contains("US") || $0.countries.contains("CA") }.count
        let generated = catalog.brands.filter(\.generated).count
        env.stdout.write("""
        garden \(GardenCommandLine.version) (merchant resolution and categorization engine)
        catalog \(catalog.fingerprint): \(catalog.brands.count) brands (\(brazilian) in Brazil, \(northAmerican) in the US/CA, \
        the rest anywhere; \(generated) from the name-suggestion-index), \
        \(catalog.processors.count) processors, \(catalog.cleaners.count) boilerplate phrases, \(catalog.bankLines.count) bank-line rules, \
        \(catalog.keywords.count) keywords, \(catalog.mcc.count) MCCs, CNAE 2.3 (\(catalog.cnae.subclassCount) subclasses), \
        \(catalog.taxonomy.ids.count) categories, \(user.rules.all.count) user rules
        data \(catalog.data.root.path)
        ICU \(TextFold.icuVersion)

        """)
        return Exit.ok
    }
}
