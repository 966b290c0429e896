import Foundation
import Testing
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands
import GardenStore
import GardenSQLite
import GardenLedger
import GardenLinkStore
import GardenSnapshot
#if canImport(Glibc)
import Glibc
import GardenFoundation
#endif

/// `garden snapshot --out` never destroys what is at the path: the store itself however it is reached
/// (a path through `..`, a hard link, a symbolic link, its key), anything that is not a regular file,
/// and without `--force` any existing file.
struct SnapshotSafetyTests {
    /// A store with 12 ledger rows, a taught row (so an undo history) and an identity key.
    static func learned() -> ScratchFolder {
        let scratch = ScratchFolder()
        #expect(scratch.record(12).code == 0)
        #expect(scratch.run(["teach", "--id", "r3", "--category", "food.restaurants"]).code == 0)
        #expect(scratch.run(["me", "add", "--name", "Ana Paula Ferreira", "--document", "529.982.247-25"]).code == 0)
        return scratch
    }

    /// The store is as it was: its rows, its history and its key.
    static func intact(_ scratch: ScratchFolder, key: Data?) throws {
        #expect(try scratch.ledgerCount() == 12)
        #expect(try Store(path: scratch.db, access: .read).history().count == 2)
        #expect(FileManager.default.contents(atPath: scratch.db + ".key") == key)
    }

    @Test func theStoreReachedAnyWayIsRefused() throws {
        let scratch = Self.learned()
        let key = FileManager.default.contents(atPath: scratch.db + ".key")
        let folder = (scratch.path as NSString).lastPathComponent
        try FileManager.default.createDirectory(atPath: scratch.path + "/links", withIntermediateDirectories: false)
        #expect(link(scratch.db, scratch.path + "/links/hard.db") == 0)
        #expect(symlink(scratch.db, scratch.path + "/links/soft.db") == 0)
        for out in [scratch.path + "/../" + folder + "/garden.db", scratch.path + "/./garden.db", scratch.path + "/links/hard.db",
                    scratch.path + "/links/soft.db", scratch.db] {
            for force in [[], ["--force"]] {
                let made = scratch.run(["snapshot", "--out", out] + force)
                #expect(made.code == Exit.cannotCreate, "\(out) \(force): \(made.stderr)")
                #expect(made.stderr.contains("it is the store"), "\(made.stderr)")
                try Self.intact(scratch, key: key)
            }
        }
    }

    /// A snapshot whose key file would be the store (store `s.key`, snapshot `s`) is refused too.
    @Test func aKeyPathThatIsTheStoreIsRefused() throws {
        let scratch = Self.learned()
        let store = scratch.path + "/s.key"
        #expect(rename(scratch.db, store) == 0)
        _ = rename(scratch.db + ".key", store + ".key")
        let made = scratch.run(["snapshot", "--db", store, "--out", scratch.path + "/s", "--force"])
        #expect(made.code == Exit.cannotCreate, "\(made.stderr)")
        #expect(made.stderr.contains("the snapshot's key"))
        #expect(try scratch.ledgerCount(store) == 12)
    }

    @Test func anExistingFileNeedsForce() throws {
        let scratch = Self.learned()
        let out = scratch.path + "/other.db"
        try Data("someone else's file\n".utf8).write(to: URL(fileURLWithPath: out))
        let refused = scratch.run(["snapshot", "--out", out])
        #expect(refused.code == Exit.cannotCreate)
        #expect(refused.stderr == "garden: cannot write the snapshot to \(out): the file exists; give --force to replace it, or another name\n")
        #expect(String(decoding: FileManager.default.contents(atPath: out) ?? Data(), as: UTF8.self) == "someone else's file\n")
        #expect(!FileManager.default.fileExists(atPath: out + ".key"))
        // An existing key file alone is refused as well.
        let keyOnly = scratch.path + "/fresh.db"
        try Data("a key\n".utf8).write(to: URL(fileURLWithPath: keyOnly + ".key"))
        #expect(scratch.run(["snapshot", "--out", keyOnly]).code == Exit.cannotCreate)
        #expect(!FileManager.default.fileExists(atPath: keyOnly))
        // --force replaces only an earlier snapshot and its key, never someone else's file.
        let foreign = scratch.run(["snapshot", "--out", out, "--force"])
        #expect(foreign.code == Exit.cannotCreate && foreign.stderr.contains("never replaces a file it did not write"), "\(foreign.stderr)")
        #expect(String(decoding: FileManager.default.contents(atPath: out) ?? Data(), as: UTF8.self) == "someone else's file\n")
        try FileManager.default.removeItem(atPath: out)
        #expect(scratch.run(["snapshot", "--out", out]).code == 0)
        #expect(scratch.run(["snapshot", "--out", out]).code == Exit.cannotCreate)
        // With --force both are replaced by a new snapshot and its key; no temporary file is left.
        let forced = scratch.run(["snapshot", "--out", out, "--force"])
        #expect(forced.code == 0, "\(forced.stderr)")
        #expect(try Store(immutable: out).rules().isEmpty)
        #expect(FileManager.default.contents(atPath: out + ".key") == FileManager.default.contents(atPath: scratch.db + ".key"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.contains("partial") }.isEmpty)
    }

    @Test func aFileThatIsNotRegularIsNeverReplaced() throws {
        let scratch = Self.learned()
        let fifo = scratch.path + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        for force in [[], ["--force"]] {
            let made = scratch.run(["snapshot", "--out", fifo] + force)
            #expect(made.code == Exit.cannotCreate)
            #expect(made.stderr.contains("not a regular file"), "\(made.stderr)")
            var info = stat()
            #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        }
        // A device (`/dev/full`): as root the folder is writable, and the device must stay a device.
        let device = scratch.run(["snapshot", "--out", "/dev/full", "--force"])
        #expect(device.code == Exit.cannotCreate)
        var info = stat()
        #expect(stat("/dev/full", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
        #expect(!FileManager.default.fileExists(atPath: "/dev/full.key"))
    }
}
