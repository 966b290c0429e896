import Foundation
import GardenStore
import GardenRegistry
import GardenCommandKit
import GardenFoundation

/// `garden registry import PATH...` and `garden registry lookup CNPJ`: the Receita Federal company
/// registry (Dados Abertos CNPJ), kept in a database of its own (``Session/registryPath(_:_:)``).
package enum RegistryCommand: Command {
    typealias Group = CommandOption.Group
    package static let name = "registry"
    package static let arguments = "import PATH... | lookup CNPJ"
    package static let summary = "import PATH... | lookup CNPJ: the Receita Federal company registry (Dados Abertos CNPJ)"
    package static let about = """
    import: Receita Federal "Dados Abertos CNPJ" files as published (Empresas, Estabelecimentos, Cnaes,
            Naturezas, Municipios; the zips or their unzipped files, or a folder of them), streamed;
            importing again replaces.
            The partners table (Socios) is personal data: it is skipped, never stored.
    lookup: what the registry holds for one CNPJ and how resolve reads it.
    """
    package static let options = Group.registry + Group.store + [Group.dataFolder, Progress.quietOption]
    package static let maximumArguments: Int? = nil

    package static func run(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        let paths = Array(options.positional.dropFirst())
        switch options.positional.first {
        case "import"?:
            guard !paths.isEmpty else { throw CommandLineOptions.UsageError(description: "registry import needs at least one file") }
            return try importFiles(paths, options, env)
        case "lookup"?:
            guard paths.count == 1 else { throw CommandLineOptions.UsageError(description: "registry lookup needs one CNPJ") }
            return try RegistryLookup.run(paths[0], options, env)
        default:
            throw CommandLineOptions.UsageError(description: "registry needs import or lookup")
        }
    }

    /// Imports every path in turn (a folder stands for its files, by name, hidden ones left out); a missing or unreadable file is reported and the others still run.
    /// Exit: 0, 65 when a line or file was rejected, 66 when a file was missing, 74 on an I/O error or a
    /// read-only registry, 78 when the registry path is not a registry.
    static func importFiles(_ paths: [String], _ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        let path = Session.registryPath(options, env)
        let registry = try Registry(path: path, clock: env.clock, protecting: [Session.databasePath(options, env)])
        let importer = RegistryImporter(registry: registry)
        // A progress line per table file being imported (a terminal only).
        var progress: (file: String, line: GardenCommandKit.Progress)?
        importer.onProblem = { progress?.line.finish(); env.complain($0) }
        importer.onProgress = { file, rows in
            if progress?.file != file {
                progress?.line.finish()
                progress = (file, Progress(env, job: "registry import " + file, options: options))
            }
            progress?.line.update(rows)
        }
        var code = Exit.ok
        for file in paths.flatMap(Self.files(in:)) {
            if file.named == false {
                env.stdout.write("\(file.path): skipped: its name names no Receita table\n")
                continue
            }
            do {
                for report in try importer.importPath(file.path) {
                    progress?.line.finish()
                    progress = nil
                    if let skipped = report.skipped {
                        env.stdout.write("\(report.file): skipped: \(skipped)\n")
                        continue
                    }
                    env.stdout.write("\(report.file): \(report.rows) rows into \(report.table.rawValue)" + (report.rejected > 0 ? ", \(report.rejected) bad lines skipped" : "") + "\n")
                    if report.rejected > 0 { code = max(code, Exit.dataError) }
                }
            } catch {
                // One file the registry cannot take is said and the next is read; anything else ends the command.
                guard let failure = error as? RegistryError else { throw error }
                env.complain(failure.description)
                code = max(code, failure.exitCode)
            }
        }
        let counts = try registry.counts()
        env.stdout.write("registry \(path): \(counts["establishment"] ?? 0) establishments, \(counts["company"] ?? 0) companies, "
            + "\(counts["cnae"] ?? 0) CNAEs, \(counts["legal_nature"] ?? 0) legal natures, \(counts["municipality"] ?? 0) municipalities\n")
        return code
    }

    /// A folder's regular files sorted by name (`garden registry import samples/`), `named` telling whether
    /// the name is a zip's or a Receita table's (a read-me beside them is skipped); else the path itself.
    static func files(in path: String) -> [(path: String, named: Bool?)] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
              let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [(path, nil)] }
        let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder + "/" + $0 }.filter {
            var isSub: ObjCBool = false
            return FileManager.default.fileExists(atPath: $0, isDirectory: &isSub) && !isSub.boolValue
        }.map { ($0, $0.lowercased().hasSuffix(".zip") || ReceitaTable.detect(name: $0) != nil) }
    }
}
