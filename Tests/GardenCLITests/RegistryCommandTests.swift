import Foundation
import Testing
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands
import GardenFoundation

/// `garden registry import | lookup` in-process, and `resolve` / `explain` reading the registry.
struct RegistryCommandTests {
    static let samples = ResolveCommandTests.root.appendingPathComponent("Tests/GardenRegistryTests/Fixtures/receita").path

    /// A folder holding the store and the registry beside it (the default registry path).
    final class Home {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("garden-cli-registry-\(UUID().uuidString)").path
        init() { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: folder) }

        func run(_ arguments: [String], _ input: String = "") -> ResolveCommandTests.Run {
            let out = MemoryOutput()
            let err = MemoryOutput()
            let env = Environment(stdin: MemoryInput(Array(input.utf8), chunk: 7_000), stdout: out, stderr: err,
                                  variables: ["GARDEN_DATA": ResolveCommandTests.root.path, "GARDEN_RULES_DIR": "/nonexistent", "LANG": "C",
                                              "HOME": "/nonexistent", "GARDEN_DB": folder + "/garden.db"])
            return ResolveCommandTests.Run(code: GardenCommandLine.run(arguments, env), stdout: out.text, stderr: err.text)
        }

        func importSamples() -> ResolveCommandTests.Run {
            run(["registry", "import"] + ["Cnaes.csv", "Empresas0.csv", "Empresas1.csv", "Estabelecimentos0.csv", "Estabelecimentos9.zip"]
                .map { RegistryCommandTests.samples + "/" + $0 })
        }
    }

    /// A folder stands for its files: the tables are imported, its read-me is skipped by name (no errno 21).
    @Test func importsAFolderOfFiles() throws {
        let home = Home()
        let folder = home.folder + "/dados"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["Cnaes.csv", "Empresas0.csv", "Estabelecimentos0.csv", "README.md"] {
            try FileManager.default.copyItem(atPath: RegistryCommandTests.samples + "/" + name, toPath: folder + "/" + name)
        }
        let imported = home.run(["registry", "import", folder + "/"])
        #expect(imported.code == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("dados/Estabelecimentos0.csv: 1 rows into Estabelecimentos"))
        #expect(imported.stdout.contains("dados/README.md: skipped: its name names no Receita table"))
        #expect(imported.stdout.contains("registry \(home.folder)/registry.db: 1 establishments, 1 companies"))
    }

    @Test func importsBesideTheStoreAndLooksUp() throws {
        let home = Home()
        let imported = home.importSamples()
        #expect(imported.code == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Estabelecimentos0.csv: 1 rows into Estabelecimentos"))
        #expect(imported.stdout.contains("SOCIOCSV: skipped: the partners table (Sócios) is personal data"))
        #expect(imported.stdout.contains("registry \(home.folder)/registry.db: 4 establishments, 2 companies"))
        let lookup = home.run(["registry", "lookup", "33.683.111/0002-80"])
        #expect(lookup.code == 0)
        #expect(lookup.stdout.contains("legal name     SERVICO FEDERAL DE PROCESSAMENTO DE DADOS (SERPRO)"))
        #expect(lookup.stdout.contains("main CNAE      6204000 Consultoria em tecnologia da informação"))
        #expect(lookup.stdout.contains("status         ativa"))
        #expect(lookup.stdout.contains("resolve reads  merchant \"Regional Brasilia\" (local), category services.professional from cnpj_registry"))
    }

    @Test func resolveAndExplainUseTheRegistry() throws {
        let home = Home()
        _ = home.importSamples()
        let row = #"{"description":"PAGAMENTO DE BOLETO - 33.683.111/0002-80 -","amount":-120}"#
        let resolved = home.run(["resolve"], row + "\n")
        #expect(resolved.code == 0)
        let object = try JSONSerialization.jsonObject(with: Data(resolved.lines[0].utf8)) as! [String: Any]
        let resolution = object["resolution"] as! [String: Any]
        let merchant = resolution["merchant"] as! [String: Any]
        #expect(merchant["name"] as? String == "Regional Brasilia")
        #expect(merchant["source"] as? String == "cnpj_registry")
        #expect((resolution["category"] as! [String: Any])["id"] as? String == "services.professional")
        let explained = home.run(["explain"], row + "\n")
        #expect(explained.stdout.contains("registry      33.683.111/0002-80: nome fantasia \"REGIONAL BRASILIA-DF\""))
        #expect(explained.stdout.contains("7  cnpj_registry     services.professional 85 %  ← TAKEN"))
        // Without the registry (another one named), the same row has no registry evidence.
        let without = home.run(["resolve", "--registry", home.folder + "/none.db"], row + "\n")
        #expect(!without.stdout.contains("cnpj_registry"))
    }

    @Test(arguments: [
        (["registry", "lookup", "33.683.111/0002-81"], Exit.dataError, "not a valid CNPJ: the check digits (last two) do not match"),
        (["registry", "lookup", "33.683.111/0002"], Exit.dataError, "it has 12 characters; a CNPJ has 14"),
        (["registry", "lookup", "33.683.111/0002-8!"], Exit.dataError, "a CNPJ holds only digits and letters"),
        (["registry", "lookup", "11.222.333/0001-81"], Exit.dataError, "is not in the registry"),
        (["registry", "import"], Exit.usage, "needs at least one file"),
        (["registry", "import", "/nonexistent/Empresas0.csv"], Exit.noInput, "cannot open /nonexistent/Empresas0.csv"),
        (["registry", "frobnicate"], Exit.usage, "registry needs import or lookup"),
    ])
    func errorsNameTheProblemWithSysexitsCodes(arguments: [String], code: Int32, message: String) {
        let home = Home()
        _ = home.importSamples()
        let result = home.run(arguments)
        #expect(result.code == code)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test(arguments: ["123.456.789-09", "12345678909", "123 456 789 09"])
    func aCPFTypedAsACNPJIsNeverEchoedInFull(cpf: String) {
        let home = Home()
        _ = home.importSamples()
        let result = home.run(["registry", "lookup", cpf])
        #expect(result.code == Exit.dataError)
        #expect(result.stderr.contains("\"•••.456.789-••\" is not a valid CNPJ: 11 digits are a CPF"), "\(result.stderr)")
        #expect(!result.stderr.contains("123"))
    }

    @Test func aRegistryPathNamingTheStoreIsRefusedWith78AndLeftAlone() throws {
        let home = Home()
        _ = home.run(["resolve", "--record"], #"{"description":"PADARIA","amount":-5}"# + "\n")
        let store = home.folder + "/garden.db"
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let imported = home.run(["registry", "import", "--registry", store, RegistryCommandTests.samples + "/Cnaes.csv"])
        #expect(imported.code == Exit.config)
        #expect(imported.stderr == "garden: \(store) is not a garden registry (made by garden registry import); it was not changed\n")
        #expect(home.run(["resolve", "--registry", store], #"{"description":"PADARIA","amount":-5}"# + "\n").code == Exit.config)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
    }

    @Test func aLookupWithoutARegistrySaysHowToMakeOne() {
        let result = Home().run(["registry", "lookup", "33.683.111/0002-80"])
        #expect(result.code == Exit.noInput)
        #expect(result.stderr.contains("import one with garden registry import"))
    }

    @Test func badLinesExit65AfterImportingTheRest() throws {
        let home = Home()
        let path = home.folder + "/Cnaes.csv"
        try Data("\"6204000\";\"Consultoria\"\n\"62X\";\"Erro\"\n\"4711302\";\"Supermercados\"\n".utf8).write(to: URL(fileURLWithPath: path))
        let result = home.run(["registry", "import", path])
        #expect(result.code == Exit.dataError)
        #expect(result.stderr == "garden: \(path):2: field 1 (CÓDIGO): not a number: \"62X\"\n")
        #expect(result.stdout.contains("2 rows into Cnaes, 1 bad lines skipped"))
    }
}
