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

/// Merchant memory keyed by an older garden's identity function (`name:padaria ze` where this garden gives
/// `name:padariadoze`) is re-keyed the first time this garden writes to the store: what was taught is found
/// again, undo still reverts it, and a store already checked is left alone.
struct MemoryRekeyTests {
    /// `stderr` without resolve --record's closing line (`garden: recorded N row(s): …`).
    static func notes(_ stderr: String) -> String {
        stderr.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("garden: recorded ") }.joined(separator: "\n")
    }

    static func rows(_ ids: ClosedRange<Int>) -> String {
        ids.map { #"{"id":"z\#($0)","date":"2026-04-0\#($0 % 9 + 1)","description":"PADARIA DO ZE","amount":-\#($0)2.5}"# }.joined(separator: "\n") + "\n"
    }

    static func source(_ line: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
        return ((object["resolution"] as! [String: Any])["category"] as! [String: Any])["source"] as! String
    }

    /// A store as an older garden left it: a teach of z1 whose memory entry (and its journal row) is under
    /// `old`, and no stamp of a garden that checked the keys.
    static func olderStore(old: String) throws -> (ScratchFolder, current: String) {
        let scratch = ScratchFolder()
        #expect(scratch.run(["resolve", "--record"], rows(1...3)).code == 0)
        #expect(scratch.run(["teach", "--id", "z1", "--category", "food.restaurants"]).code == 0)
        let store = try Store(path: scratch.db)
        let keys = try store.db.prepare("SELECT merchant_key FROM memory").all { $0.text(0) ?? "" }
        let current = try #require(keys.first)
        #expect(keys == [current])
        try store.db.execute("""
            UPDATE memory SET merchant_key = '\(old)';
            UPDATE journal_rows SET key = replace(key, '\(current)' || char(9), '\(old)' || char(9)) WHERE tbl = 'memory';
            DELETE FROM settings WHERE name = '\(Store.merchantIdentitySetting)';
            """)
        return (scratch, current)
    }

    @Test func memoryKeyedByAnOlderGardenIsFoundAgainAfterTheFirstWrite() throws {
        let (scratch, current) = try Self.olderStore(old: "name:padaria ze")
        let probe = #"{"id":"p1","description":"PADARIA DO ZE","amount":-9}"# + "\n"
        // As the older garden left it, the correction is not found.
        #expect(try Self.source(scratch.run(["resolve"], probe).lines[0]) != "merchant_memory")
        // The first write re-keys, and says so.
        let written = scratch.run(["resolve", "--record"], Self.rows(4...4))
        #expect(written.code == 0)
        #expect(Self.notes(written.stderr) == "garden: merchant memory keyed by an older garden: 1 entr(ies) of 1 merchant(s) moved to the keys this garden "
                + "gives their corrections (name:padaria ze → \(current))\n", "\(written.stderr)")
        #expect(try Self.source(written.lines[0]) == "merchant_memory")
        #expect(try Self.source(scratch.run(["resolve"], probe).lines[0]) == "merchant_memory")
        let store = try Store(path: scratch.db, access: .read)
        #expect(try store.db.prepare("SELECT merchant_key FROM memory").all { $0.text(0) ?? "" } == [current])
        #expect(try store.merchantIdentityStamp() != nil)
        // The next write finds nothing to do; undo reverts the teach, its memory entry included.
        #expect(Self.notes(scratch.run(["resolve", "--record"], Self.rows(5...5)).stderr).isEmpty)
        #expect(scratch.run(["undo"]).code == 0)
        #expect(try store.db.prepare("SELECT COUNT(*) FROM memory").all { $0.int(0) } == [0])
    }

    @Test func memoryUnderAKeyThisGardenStillGivesStaysAsItIs() throws {
        let scratch = ScratchFolder()
        #expect(scratch.run(["resolve", "--record"], Self.rows(1...2)).code == 0)
        #expect(scratch.run(["teach", "--id", "z1", "--category", "food.restaurants"]).code == 0)
        let store = try Store(path: scratch.db)
        try store.db.execute("DELETE FROM settings WHERE name = '\(Store.merchantIdentitySetting)'")
        let before = try store.db.prepare("SELECT merchant_key, count FROM memory").all { "\($0.text(0) ?? "") \($0.int(1))" }
        let written = scratch.run(["resolve", "--record"], Self.rows(3...3))
        #expect(Self.notes(written.stderr).isEmpty, "\(written.stderr)")
        #expect(try store.db.prepare("SELECT merchant_key, count FROM memory").all { "\($0.text(0) ?? "") \($0.int(1))" } == before)
        #expect(try store.merchantIdentityStamp() != nil)
    }
}
