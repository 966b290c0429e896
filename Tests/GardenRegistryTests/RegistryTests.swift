import Foundation
import Testing
import GardenFoundation
@testable import GardenStore
@testable import GardenSQLite
@testable import GardenLedger
@testable import GardenLinkStore
@testable import GardenSnapshot
@testable import GardenRegistry

/// `garden registry import` underneath: the Receita samples and zips, a generated file, idempotence,
/// bad lines with file:line, and the personal data that must never land in the registry.
struct RegistryTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/receita").path

    /// A registry in a fresh folder, with the problems reported by the importer.
    final class Scratch {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("garden-registry-\(UUID().uuidString)").path
        var problems: [String] = []
        lazy var registry: Registry = try! Registry(path: folder + "/registry.db")

        init() { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: folder) }

        func importing(_ paths: [String]) throws -> [RegistryImporter.Report] {
            let importer = RegistryImporter(registry: registry)
            importer.onProblem = { self.problems.append($0) }
            return try paths.flatMap { try importer.importPath($0) }
        }

        /// Writes ISO-8859-1 bytes under `name`.
        func file(_ name: String, _ text: String) -> String {
            let path = folder + "/" + name
            FileManager.default.createFile(atPath: path, contents: text.data(using: .isoLatin1)!)
            return path
        }

        func reader() throws -> RegistryReader { try RegistryReader(path: registry.path) }

        /// Every text value in every table, and the database files' bytes.
        func everything() throws -> (texts: [String], bytes: Data) {
            var texts: [String] = []
            let tables = try registry.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all { $0.text(0) ?? "" }
            for table in tables {
                texts.append(table)
                let statement = try registry.db.prepare("SELECT * FROM \(table)")
                while try statement.step() {
                    for column in 0..<statement.columnCount { if let text = statement.text(column) { texts.append(text) } }
                }
            }
            var bytes = Data()
            for suffix in ["", "-wal"] { bytes.append((try? Data(contentsOf: URL(fileURLWithPath: registry.path + suffix))) ?? Data()) }
            return (texts, bytes)
        }
    }

    static func row(_ root: String, _ order: String, trade: String = "", status: String = "02", cnae: String = "4711302", uf: String = "SP") -> String {
        let cnpj = root.count + order.count == 12 ? CNPJTestSupport.complete(root + order) : "00"
        let fields = [root, order, String(cnpj.suffix(2)), "1", trade, status, "20200101", "00", "", "", "20200101", cnae, "", "RUA", "A", "1", "",
                      "CENTRO", "01001000", uf, "7107", "", "", "", "", "", "", "", "", ""]
        return fields.map { "\"\($0)\"" }.joined(separator: ";") + "\n"
    }

    @Test func importsTheReceitaSamples() throws {
        let scratch = Scratch()
        let names = ["Cnaes.csv", "Empresas0.csv", "Empresas1.csv", "Estabelecimentos0.csv"]
        let reports = try scratch.importing(names.map { Self.fixtures + "/" + $0 })
        #expect(reports.map(\.rows) == [6, 1, 1, 1])
        #expect(reports.map(\.table) == [.cnaes, .companies, .companies, .establishments])
        #expect(scratch.problems.isEmpty)
        let found = try #require(try scratch.reader().establishment(CNPJ("33.683.111/0002-80")!))
        #expect(found.tradeName == "REGIONAL BRASILIA-DF")
        #expect(found.legalName == "SERVICO FEDERAL DE PROCESSAMENTO DE DADOS (SERPRO)")
        #expect(found.legalNature == 2011)
        #expect(found.mainCNAE == "6204000")
        #expect(found.secondaryCNAEs == ["6201501", "6202300", "6203100", "6209100", "6311900"])
        #expect(found.city == "9701" && found.uf == "DF")
        #expect(found.status == .active)
        #expect(found.rootEstablishments == 1 && found.rootActiveEstablishments == 1)
        // A company with no establishment row still answers; the Cnaes table was read as ISO-8859-1.
        #expect(try scratch.reader().establishment(CNPJ("19.131.243/0001-97")!)?.legalName == "OPEN KNOWLEDGE BRASIL")
        let cnae = try scratch.registry.db.prepare("SELECT description FROM cnae WHERE code = 6204000")
        _ = try cnae.step()
        #expect(cnae.text(0) == "Consultoria em tecnologia da informação")
    }

    @Test func legalNaturesAndMunicipalitiesNameTheCodes() throws {
        let scratch = Scratch()
        let natures = scratch.file("F.K03200$Z.D61108.NATJUCSV", "\"2011\";\"Empresa Pública\"\n\"1244\";\"Município\"\n")
        let cities = scratch.file("F.K03200$Z.D61108.MUNICCSV", "\"9701\";\"BRASÍLIA\"\n")
        let reports = try scratch.importing([natures, cities, Self.fixtures + "/Empresas1.csv", Self.fixtures + "/Estabelecimentos0.csv"])
        #expect(reports.map(\.table) == [.legalNatures, .municipalities, .companies, .establishments])
        let found = try #require(try scratch.reader().establishment(CNPJ("33.683.111/0002-80")!))
        #expect(found.legalNatureName == "Empresa Pública")
        #expect(found.city == "BRASÍLIA")
        #expect(!found.isPublicAdministration)
    }

    @Test func readsDeflateAndStoredZipsAndSkipsThePartnersEntry() throws {
        let scratch = Scratch()
        let reports = try scratch.importing([Self.fixtures + "/Estabelecimentos9.zip", Self.fixtures + "/Cnaes9.zip"])
        #expect(reports.map(\.table) == [.establishments, .partners, .cnaes])
        #expect(reports.map(\.rows) == [3, 0, 6])
        #expect(reports[1].skipped?.contains("personal data") == true)
        let reader = try scratch.reader()
        let bakery = try #require(reader.establishment(CNPJ(CNPJTestSupport.complete("123456780001"))!))
        #expect(bakery.tradeName == "PADARIA SÃO JOÃO")
        #expect(bakery.rootEstablishments == 2)
        #expect(reader.establishment(CNPJ(CNPJTestSupport.complete("123456780002"))!)?.tradeName == "BAR \"DO ZE\"")
        #expect(reader.establishment(CNPJ("AB.123.456/0001-10")!)?.mainCNAE == "4781400")
        let (texts, bytes) = try scratch.everything()
        #expect(!texts.contains { $0.contains("FULANO") })
        #expect(bytes.range(of: Data("FULANO".utf8)) == nil)
    }

    @Test func thePartnersTableIsNeverRead() throws {
        let scratch = Scratch()
        let partners = scratch.file("Socios0.csv", "\"12345678\";\"2\";\"CICRANA DA SILVA\";\"***123456**\";\"49\";\"20200101\";\"\";\"***000000**\";\"\";\"00\";\"5\"\n")
        let reports = try scratch.importing([partners])
        #expect(reports.count == 1 && reports[0].table == .partners && reports[0].rows == 0 && reports[0].skipped != nil)
        let (texts, bytes) = try scratch.everything()
        #expect(!texts.contains { $0.contains("CICRANA") || $0.contains("123456") })
        #expect(bytes.range(of: Data("CICRANA".utf8)) == nil)
        #expect(!texts.contains { $0.lowercased().contains("soci") || $0.lowercased().contains("partner") })
    }

    @Test func anMEIsOwnerCPFIsKeptOnlyMasked() throws {
        let scratch = Scratch()
        let companies = scratch.file("Empresas5.csv", "\"29000000\";\"MARIA DA SILVA 12345678909\";\"2135\";\"50\";\"1000,00\";\"01\";\"\"\n")
        _ = try scratch.importing([companies])
        let found = try #require(try scratch.reader().establishment(CNPJ("29.000.000/0001-73")!))
        #expect(found.legalName == "MARIA DA SILVA")
        #expect(found.ownerCPFMask == "•••.456.789-••")
        #expect(found.isMEI)
        let (texts, bytes) = try scratch.everything()
        #expect(!texts.contains { $0.contains("12345678909") })
        #expect(bytes.range(of: Data("12345678909".utf8)) == nil)
    }

    @Test func aGeneratedFileImportsAndReimportingReplaces() throws {
        let scratch = Scratch()
        var text = ""
        for i in 0..<2_000 { text += Self.row(String(format: "%08d", 10_000_000 + i / 4), String(format: "%04d", i % 4 + 1), trade: "LOJA \(i)") }
        let path = scratch.file("Estabelecimentos1.csv", text)
        #expect(try scratch.importing([path]).map(\.rows) == [2_000])
        #expect(try scratch.importing([path]).map(\.rows) == [2_000])
        #expect(try scratch.registry.counts()["establishment"] == 2_000)
        let changed = scratch.file("Estabelecimentos1.csv", Self.row("10000000", "0001", trade: "LOJA NOVA", status: "08"))
        _ = try scratch.importing([changed])
        let found = try #require(try scratch.reader().establishment(CNPJ(CNPJTestSupport.complete("100000000001"))!))
        #expect(found.tradeName == "LOJA NOVA" && found.status == .closed)
        #expect(found.rootEstablishments == 4 && found.rootActiveEstablishments == 3)
        #expect(try scratch.registry.counts()["establishment"] == 2_000)
    }

    @Test func badLinesAreReportedWithFileAndLineAndTheRestIsImported() throws {
        let scratch = Scratch()
        let good = Self.row("10000000", "0001")
        let short = good.replacingOccurrences(of: ";\"\"\n", with: "\n")
        let path = scratch.file("Estabelecimentos2.csv", good + short + Self.row("10000000", "0002", status: "X2")
            + "\"10000000\";\"0003\";\"" + "\n" + Self.row("1000000", "0004") + "\n" + Self.row("10000000", "0005"))
        let reports = try scratch.importing([path])
        #expect(reports.map(\.rows) == [2])
        #expect(reports.map(\.rejected) == [4])
        #expect(scratch.problems == [
            "\(path):2: expected 30 fields (Estabelecimentos), found 29",
            "\(path):3: field 6 (SITUAÇÃO CADASTRAL): not a number: \"X2\"",
            "\(path):4: field 3 (CNPJ DV): quote never closed",
            "\(path):5: field 1 (CNPJ BÁSICO): expected 8 characters, found 7",
        ])
    }

    @Test func aFileOfNoKnownTableIsAnErrorNamingIt() throws {
        let scratch = Scratch()
        let path = scratch.file("dados.csv", "\"1\";\"x\"\n")
        #expect(throws: RegistryError.self) { try scratch.importing([path]) }
        #expect(throws: RegistryError.missingFile(scratch.folder + "/Empresas7.csv")) { try scratch.importing([scratch.folder + "/Empresas7.csv"]) }
    }
}
