import Foundation
import Testing
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands
@testable import GardenStore
@testable import GardenSQLite
@testable import GardenLedger
@testable import GardenLinkStore
@testable import GardenSnapshot

/// Listings open a current store read-only, so they work on a read-only store or folder; a link decision
/// opens it for writing (and is refused up front on a read-only one: ``StoreWriteCheck``).
struct ReadOnlyStoreTests {
    @Test(arguments: [([String](), true), (["--kind", "refund"], true), (["--id", "r4"], true), (["--accept", "1"], false), (["--reject", "2"], false)])
    func linksOpensTheStoreReadOnlyUnlessItDecides(_ arguments: [String], _ readOnly: Bool) throws {
        let w = StoreHardeningTests.Workspace()
        #expect(w.run(["resolve", "--record"], StoreHardeningTests.uber + "\n").code == 0)
        let options = try CommandLineOptions(arguments + ["--db", w.db], declared: LinksCommand.options)
        let env = Environment(stdin: MemoryInput(""), stdout: MemoryOutput(), stderr: MemoryOutput(), variables: [:])
        let store = try LinkCommand.openStore(options, env, writing: LinksCommand.writes(options))
        #expect(store.db.readOnly == readOnly)
    }
}
