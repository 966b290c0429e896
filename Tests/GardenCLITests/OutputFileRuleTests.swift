import Foundation
import Testing
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands
import GardenStore
import GardenFoundation
#if canImport(Glibc)
import Glibc
#endif

/// One rule for every file a command writes (``OutputTarget``): create, or replace only a regular file the command
/// wrote, never the store, its companions or a file that is not regular — for `report --out`, `snapshot --out`,
/// the registry of `registry import` and a store made by `--db`, however the path reaches them.
struct OutputFileRuleTests {
    /// A store with a row, an identity key and a `-wal` beside it (as while another garden runs), plus a FIFO and a
    /// symbolic link to the store in its folder.
    static func store() -> ScratchFolder {
        let scratch = ScratchFolder()
        #expect(scratch.record(3).code == 0)
        #expect(scratch.run(["me", "add", "--document", "529.982.247-25"]).code == 0)
        FileManager.default.createFile(atPath: scratch.db + "-wal", contents: Data())
        #expect(mkfifo(scratch.path + "/pipe", 0o600) == 0)
        #expect(symlink(scratch.db, scratch.path + "/link.db") == 0)
        return scratch
    }

    /// The store is as it was: its rows, its key, its (empty) `-wal`, the FIFO still a FIFO.
    static func intact(_ scratch: ScratchFolder, key: Data?) throws {
        #expect(try scratch.ledgerCount() == 3)
        #expect(FileManager.default.contents(atPath: scratch.db + ".key") == key)
        #expect(FileManager.default.contents(atPath: scratch.db + "-wal") == Data())
        var info = stat()
        #expect(lstat(scratch.path + "/pipe", &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        #expect(lstat(scratch.path + "/link.db", &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
    }

    @Test func reportNeverReplacesTheStoreItsFilesOrAFileThatIsNotRegular() throws {
        let scratch = Self.store()
        let key = FileManager.default.contents(atPath: scratch.db + ".key")
        let folder = (scratch.path as NSString).lastPathComponent
        for out in [scratch.db, scratch.db + ".key", scratch.db + "-wal", scratch.db + "-shm", scratch.path + "/pipe", scratch.path + "/link.db",
                    scratch.path + "/../" + folder + "/garden.db", scratch.path] {
            let run = scratch.run(["report", "--month", "2026-03", "--out", out, "--force"])
            #expect(run.code == Exit.cannotCreate, "\(out): \(run.stdout)")
            try Self.intact(scratch, key: key)
        }
        // A new name is written, and --force then replaces that page, which garden wrote.
        let page = scratch.path + "/march.html"
        #expect(scratch.run(["report", "--month", "2026-03", "--out", page]).code == 0)
        #expect(scratch.run(["report", "--month", "2026-03", "--out", page, "--force"]).code == 0)
        #expect(try scratch.ledgerCount() == 3)
    }

    @Test func theRegistryIsNeverWrittenIntoAStoresFiles() throws {
        let scratch = Self.store()
        let key = FileManager.default.contents(atPath: scratch.db + ".key")
        let table = scratch.path + "/Cnaes.csv"
        try "\"0111301\";\"Cultivo de arroz\"\n".write(toFile: table, atomically: true, encoding: .utf8)
        for registry in [scratch.db + "-wal", scratch.db + "-shm", scratch.db + ".key", scratch.path + "/pipe", scratch.path + "/link.db"] {
            let run = scratch.run(["registry", "import", "--registry", registry, table])
            #expect(run.code != 0, "\(registry): \(run.stdout)")
            try Self.intact(scratch, key: key)
        }
        let made = scratch.run(["registry", "import", "--registry", scratch.path + "/registry.db", table])
        #expect(made.code == 0, "\(made.stderr)")
    }

    @Test func aStoreIsNeverMadeUnderAnotherDatabasesCompanionName() throws {
        let scratch = Self.store()
        let key = FileManager.default.contents(atPath: scratch.db + ".key")
        for db in [scratch.db + "-wal", scratch.db + "-journal"] {
            let run = scratch.run(["rules", "add", "if description \"x\" => category food.groceries"], variables: ["GARDEN_DB": db])
            #expect(run.code == Exit.cannotCreate, "\(db): \(run.stderr)")
            try Self.intact(scratch, key: key)
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.db + "-journal"))
    }

    @Test func aSnapshotKeepsItsKeyBesideItAndReplacesOnlyAnEarlierSnapshot() throws {
        let scratch = Self.store()
        let out = scratch.path + "/shipped.db"
        #expect(scratch.run(["snapshot", "--out", out]).code == 0)
        #expect(FileManager.default.fileExists(atPath: out + ".key"))
        // Its key file is the snapshot's own companion: --force replaces both.
        let again = scratch.run(["snapshot", "--out", out, "--force"])
        #expect(again.code == 0, "\(again.stderr)")
        // Another store (in WAL mode, like every live store) is no snapshot, even with --force.
        let other = ScratchFolder()
        #expect(other.record(2).code == 0)
        let refused = scratch.run(["snapshot", "--out", other.db, "--force"])
        #expect(refused.code == Exit.cannotCreate, "\(refused.stdout)")
        #expect(try other.ledgerCount() == 2)
    }
}
