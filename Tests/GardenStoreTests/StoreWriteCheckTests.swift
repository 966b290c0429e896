import Foundation
import Testing
@testable import GardenStore
@testable import GardenSQLite
@testable import GardenLedger
@testable import GardenLinkStore
@testable import GardenSnapshot

/// A store that cannot be written is refused before SQLite is asked, with what to do; a folder the user
/// named is never created.
struct StoreWriteCheckTests {
    typealias Check = StoreWriteCheck

    @Test(arguments: [
        // new store: its folder must exist (unless it is the default store's) and be writable
        (Check(fileExists: false, fileWritable: false, folderExists: false, folderWritable: false, sidecarsWritable: false), false, "cannotCreate: does not exist"),
        (Check(fileExists: false, fileWritable: false, folderExists: false, folderWritable: false, sidecarsWritable: false), true, "ok"),
        (Check(fileExists: false, fileWritable: false, folderExists: true, folderWritable: false, sidecarsWritable: false), true, "cannotCreate: not writable"),
        (Check(fileExists: false, fileWritable: false, folderExists: true, folderWritable: true, sidecarsWritable: false), false, "ok"),
        // existing store: the file writable, and the folder too unless -wal and -shm are there and writable
        (Check(fileExists: true, fileWritable: false, folderExists: true, folderWritable: true, sidecarsWritable: true), false, "io: is read-only"),
        (Check(fileExists: true, fileWritable: true, folderExists: true, folderWritable: false, sidecarsWritable: false), false, "io: folder"),
        (Check(fileExists: true, fileWritable: true, folderExists: true, folderWritable: false, sidecarsWritable: true), false, "ok"),
        (Check(fileExists: true, fileWritable: true, folderExists: true, folderWritable: true, sidecarsWritable: false), false, "ok"),
    ])
    func refusesAStoreItCannotWrite(_ check: Check, _ createFolder: Bool, _ expected: String) {
        let outcome: String
        switch check.failure("/data/g.db", createFolder: createFolder) {
        case nil: outcome = "ok"
        case .cannotCreate(let message)?: outcome = "cannotCreate: " + message
        case .io(let message)?: outcome = "io: " + message
        case let other?: outcome = "\(other)"
        }
        guard expected != "ok" else { #expect(outcome == "ok"); return }
        let kind = expected.prefix { $0 != ":" }, words = expected.drop { $0 != ":" }.dropFirst(2)
        #expect(outcome.hasPrefix(kind) && outcome.contains(words), "\(outcome)")
        #expect(outcome.contains("/data/g.db"))
    }

    @Test func anExplicitPathInAMissingFolderIsRefusedAndTheFolderIsNotMade() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("garden-nodir-\(UUID().uuidString)").path
        #expect(throws: StoreFailure.self) { try Store(path: folder + "/x.db", createFolder: false) }
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test func aWriteToAReadOnlyConnectionSaysWhichStoreAndWhatToDo() throws {
        let path = StoreTests.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try Store(path: path)
        let reader = try Database(path: path, readOnly: true)
        do {
            try reader.execute("INSERT INTO journal(kind, summary, created_at) VALUES ('x', 'y', 'z')")
            Issue.record("a read-only connection wrote")
        } catch {
            #expect(error.isReadOnly)
            #expect(error.description.hasPrefix("the store \(path) cannot be written"))
            #expect(!error.description.contains("while running"))
        }
    }
}
