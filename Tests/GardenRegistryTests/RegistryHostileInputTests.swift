import Foundation
import Testing
import GardenFoundation
@testable import GardenStore
@testable import GardenSQLite
@testable import GardenLedger
@testable import GardenLinkStore
@testable import GardenSnapshot
@testable import GardenRegistry

/// The registry against hostile and damaged input: check digits, zips that lie, and registry paths
/// that name something else (never changed).
struct RegistryHostileInputTests {
    typealias Scratch = RegistryTests.Scratch

    @Test func aCNPJWhoseCheckDigitsDoNotMatchIsABadLineNotARow() throws {
        let scratch = Scratch()
        let good = RegistryTests.row("10000000", "0001")
        var fields = RegistryTests.row("10000000", "0002").split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        let digits = fields[2] == "\"00\"" ? "11" : "00"
        fields[2] = "\"\(digits)\""
        let path = scratch.file("Estabelecimentos4.csv", good + fields.joined(separator: ";"))
        let reports = try scratch.importing([path])
        #expect(reports.map(\.rows) == [1])
        #expect(scratch.problems == ["\(path):2: field 3 (CNPJ DV): check digits do not match the CNPJ 100000000002\(digits)"])
        #expect(try scratch.registry.counts()["establishment"] == 1)
    }

    /// The fixture zip's bytes with `patch` applied at an offset counted from its end of central
    /// directory record (`eocd`) or from its first central directory header (`directory`).
    func patchedZip(_ scratch: Scratch, _ body: (inout [UInt8], _ eocd: Int, _ directory: Int) -> Void) -> String {
        var bytes = [UInt8](try! Data(contentsOf: URL(fileURLWithPath: RegistryTests.fixtures + "/Estabelecimentos9.zip")))
        let eocd = (0...(bytes.count - 22)).last { bytes[$0..<($0 + 4)] == [0x50, 0x4B, 0x05, 0x06] }!
        let directory = Int(bytes[eocd + 16]) | Int(bytes[eocd + 17]) << 8
        body(&bytes, eocd, directory)
        let path = scratch.folder + "/Estabelecimentos8.zip"
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    @Test func aZipEntryWhoseCRCDiffersIsDamagedAndNothingOfItIsKept() throws {
        let scratch = Scratch()
        let path = patchedZip(scratch) { bytes, _, directory in bytes[directory + 16] ^= 0xFF }
        #expect {
            _ = try scratch.importing([path])
        } throws: { error in
            guard case RegistryError.badFile(let message) = error else { return false }
            return message.hasPrefix(path + ":K3241.K03200Y0.D61108.ESTABELE: zip entry damaged (567 bytes")
        }
        #expect(try scratch.registry.counts()["establishment"] == 0)
    }

    @Test func aCentralDirectoryLargerThanTheFileIsRefusedBeforeAnyAllocation() throws {
        let scratch = Scratch()
        let path = patchedZip(scratch) { bytes, eocd, _ in
            for i in 0..<4 { bytes[eocd + 12 + i] = [0xF0, 0xFF, 0xFF, 0xFF][i] }
        }
        #expect {
            _ = try scratch.importing([path])
        } throws: { error in
            guard case RegistryError.badFile(let message) = error else { return false }
            return message.contains("central directory of 4294967280 bytes") && message.contains("does not fit")
        }
    }

    @Test func aDatabaseThatIsNotARegistryIsNeverChanged() throws {
        let scratch = Scratch()
        let other = scratch.folder + "/other.db"
        try Database(path: other).execute("CREATE TABLE t(x); INSERT INTO t VALUES (1);")
        let text = scratch.file("notes.db", "not a database at all\n")
        for path in [other, text] {
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(throws: RegistryError.notARegistry(path)) { _ = try Registry(path: path) }
            #expect(throws: RegistryError.notARegistry(path)) { _ = try RegistryReader(path: path) }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        }
    }

    @Test func theRegistryIsMarkedAndKeepsNoWALSoOtherUsersCanReadIt() throws {
        let scratch = Scratch()
        _ = try scratch.importing([RegistryTests.fixtures + "/Empresas1.csv"])
        func pragma(_ name: String) throws -> String {
            let statement = try scratch.registry.db.prepare("PRAGMA \(name)")
            _ = try statement.step()
            return statement.text(0) ?? ""
        }
        #expect(try pragma("journal_mode") == "delete")
        #expect(try pragma("application_id") == String(RegistrySchema.applicationID))
        #expect(!FileManager.default.fileExists(atPath: scratch.registry.path + "-wal"))
        // Reopened for another import, it is still a registry.
        #expect(try Registry(path: scratch.registry.path).counts()["company"] == 1)
    }

    @Test(arguments: [
        ("MARIA DA SILVA 12345678909", "MARIA DA SILVA", "•••.456.789-••"),
        ("JOAO SOUZA 123.456.789-09", "JOAO SOUZA", "•••.456.789-••"),
        ("12345678909 PEDRO ALVES", "PEDRO ALVES", "•••.456.789-••"),
        ("ANA LIMA - CPF 12345678909", "ANA LIMA", "•••.456.789-••"),
        ("CARLA 123 456 789 09", "CARLA", "•••.456.789-••"),
        ("BRUNO 123.456.789/09", "BRUNO", "•••.456.789-••"),
        ("RITA12345678909", "RITA", "•••.456.789-••"),
        ("LOJA 12345678909 DA RITA", "LOJA •••.456.789-•• DA RITA", nil),
        ("44.444.447 JULIA ROCHA", "44.444.447 JULIA ROCHA", nil),
        ("LUCAS 1234567890", "LUCAS 1234567890", nil),
    ] as [(String, String, String?)])
    func anMEIOwnersCPFInAnyFormatIsKeptOnlyMasked(legalName: String, kept: String, mask: String?) throws {
        let scratch = Scratch()
        let path = scratch.file("Empresas6.csv", "\"29000000\";\"\(legalName)\";\"2135\";\"50\";\"1000,00\";\"01\";\"\"\n")
        _ = try scratch.importing([path])
        let found = try #require(try scratch.reader().establishment(CNPJ("29.000.000/0001-73")!))
        #expect(found.legalName == kept)
        #expect(found.ownerCPFMask == mask)
        let (texts, bytes) = try scratch.everything()
        #expect(!texts.contains { $0.filter(\.isNumber).contains("12345678909") })
        #expect(bytes.range(of: Data("12345678909".utf8)) == nil && bytes.range(of: Data("123.456.789".utf8)) == nil)
    }

    @Test func controlBytesWindows1252AndUTF8FieldsAreReadAsText() throws {
        let scratch = Scratch()
        var bytes: [UInt8] = []
        for (order, trade) in [("0001", [UInt8]("CAF".utf8) + [0x80, 0x20, 0x93] + Array("BOM".utf8) + [0x94]),
                               ("0002", [UInt8]("NUL".utf8) + [0x00] + Array("TAB".utf8) + [0x09, 0x1B] + Array("X".utf8)),
                               ("0003", Array("JOSÉ AÇÚCAR".utf8)), ("0004", Array("JOS".utf8) + [0xC9])] {
            let line = RegistryTests.row("10000000", order, trade: "@")
            let parts = line.split(separator: "@", omittingEmptySubsequences: false)
            bytes += Array(parts[0].utf8) + trade + Array(parts[1].utf8)
        }
        let path = scratch.folder + "/Estabelecimentos3.csv"
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        _ = try scratch.importing([path])
        let reader = try scratch.reader()
        let names = ["0001", "0002", "0003", "0004"].map { reader.establishment(CNPJ(CNPJTestSupport.complete("10000000" + $0))!)?.tradeName }
        #expect(names == ["CAF€ “BOM”", "NUL TAB  X", "JOSÉ AÇÚCAR", "JOSÉ"])
    }

    @Test func aRepackedZipReadsItsTableAndSkipsFoldersReadMesAndMacOSMetadata() throws {
        let scratch = Scratch()
        let path = RegistryTests.fixtures + "/Estabelecimentos7.zip"
        let reports = try scratch.importing([path, scratch.file("Estabelecimentos6.csv", "   \n" + RegistryTests.row("10000000", "0001") + "\t\n")])
        #expect(reports.map(\.file) == [path + ":LEIAME.txt", path + ":dados/K3241.K03200Y0.D61108.ESTABELE", scratch.folder + "/Estabelecimentos6.csv"])
        #expect(reports.map(\.rows) == [0, 2, 1])
        #expect(reports[0].skipped == "its name names no Receita table")
        #expect(scratch.problems.isEmpty, "\(scratch.problems)")
        #expect(throws: RegistryError.badFile(RegistryTests.fixtures + "/Empresas3.zip: the zip holds no file")) {
            try scratch.importing([RegistryTests.fixtures + "/Empresas3.zip"])
        }
    }
}
