import Foundation
import GardenFoundation
import GardenImage
import GardenCatalog
import GardenCommandKit

/// `garden version`: the engine, the catalog (content fingerprint and counts) and the libraries.
enum VersionCommand: Command {
    static let name = "version"
    static let summary = "engine and catalog versions (also --version)"
    static let about = "The engine, the catalog (content fingerprint and counts) and the ICU version."
    static let options = Array(CommandOption.Group.data.prefix(3))
        + [CommandOption("--sections", nil, "also list the knowledge image's sections: each source's owner, size and files")]

    static func run(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        let catalog: Catalog, user: UserKnowledge
        do {
            catalog = try env.loadCatalog(options)
            user = try env.userKnowledge(options, catalog)
        } catch { env.complain(error.description); return error.exitCode }
        let brazilian = catalog.brands.filter { $0.countries.contains("BR") }.count
        let northAmerican = catalog.brands.filter { $0.countries.contains("US") || $0.countries.contains("CA") }.count
        let generated = catalog.brands.filter(\.generated).count
        let w = env.words
        env.stdout.write("garden \(GardenCommandLine.version) " + w("(merchant resolution and categorization engine)", "(motor de identificação de estabelecimentos e categorização)") + "\n"
            + w("catalog", "catálogo") + " \(catalog.fingerprint): "
            + w("\(catalog.brands.count) brands (\(brazilian) in Brazil, \(northAmerican) in the US/CA, the rest anywhere; \(generated) from the name-suggestion-index)",
                "\(catalog.brands.count) marcas (\(brazilian) no Brasil, \(northAmerican) nos EUA/Canadá, as demais em qualquer lugar; \(generated) do name-suggestion-index)")
            + ", " + w("\(catalog.processors.count) processors, \(catalog.cleaners.count) boilerplate phrases, \(catalog.bankLines.count) bank-line rules, ",
                       "\(catalog.processors.count) intermediadores, \(catalog.cleaners.count) frases-padrão, \(catalog.bankLines.count) regras de linha de banco, ")
            + w("\(catalog.keywords.count) keywords, \(catalog.mcc.count) MCCs, CNAE 2.3 (\(catalog.cnae.subclassCount) subclasses), ",
                "\(catalog.keywords.count) palavras-chave, \(catalog.mcc.count) MCCs, CNAE 2.3 (\(catalog.cnae.subclassCount) subclasses), ")
            + w("\(catalog.taxonomy.ids.count) categories, \(user.rules.all.count) user rules", "\(catalog.taxonomy.ids.count) categorias, \(user.rules.all.count) regras do usuário") + "\n"
            + w("data", "dados") + " \(catalog.data.root.path)\n"
            + "ICU \(TextFold.icuVersion)\n")
        if options.flag("--sections") { env.stdout.write(sectionTable(catalog.sections, w)) }
        return Exit.ok
    }

    /// One line a section: id, owner, bytes and its files (folders of many files shown as `Folder/*.tsv (N files)`),
    /// then the total; the header and notes in the run's language (`w`), the ids, owners (a resolver's id, `analysis`,
    /// `engine`) and file names as written (codes a developer reads, as `explain`'s precedence table names resolvers).
    static func sectionTable(_ sections: [SectionInfo], _ w: Phrasebook = Phrasebook(.english)) -> String {
        let idWidth = sections.map(\.id.count).max() ?? 0, ownerWidth = sections.map(\.owner.count).max() ?? 0
        func padded(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        var out = w("\(sections.count) sections (id, owner, bytes, files):\n", "\(sections.count) seções (id, leitor, bytes, arquivos):\n")
        for section in sections {
            let bytes = String(section.bytes)
            out += "  " + padded(section.id, idWidth) + "  " + padded(section.owner, ownerWidth) + "  "
                + String(repeating: " ", count: max(0, 9 - bytes.count)) + bytes + "  " + filesText(section.files, w) + "\n"
        }
        out += "  total \(sections.reduce(0) { $0 + $1.bytes }) bytes\n"
        return out
    }

    /// `files` with each folder holding more than three of them written once (`Brands/*.tsv (41 files)`).
    static func filesText(_ files: [String], _ w: Phrasebook = Phrasebook(.english)) -> String {
        guard !files.isEmpty else { return w("(derived)", "(derivada)") }
        var folders: [String: Int] = [:]
        for file in files { folders[FilePath.folder(of: file), default: 0] += 1 }
        var shown: [String] = []
        var seen: Set<String> = []
        for file in files {
            let folder = FilePath.folder(of: file)
            if folders[folder]! > 3 {
                if seen.insert(folder).inserted { shown.append("\(folder)/*.tsv (\(folders[folder]!) " + w("files)", "arquivos)")) }
            } else {
                shown.append(file)
            }
        }
        return shown.joined(separator: ", ")
    }
}
