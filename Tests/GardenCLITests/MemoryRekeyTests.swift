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

    /// A store an older garden left with one key for every bank's fee lines (`line:fees.bank`, before a bank's own lines
    /// were keyed per bank): the first write divides it, each bank's fee lines following their own bank's correction
    /// (count and category), and `undo` of one bank's teach takes back that bank's entry only.
    @Test func oneKeyForEveryBanksFeeLinesIsDividedPerBank() throws {
        let scratch = ScratchFolder()
        func fee(_ id: String, _ date: String, _ account: String) -> String {
            #"{"id":"\#(id)","date":"\#(date)","description":"TARIFA MENSAL PACOTE","amount":-30.00,"account":"\#(account)"}"#
        }
        let taught = [fee("i1", "2026-01-10", "Conta Itau"), fee("i2", "2026-02-10", "Conta Itau"), fee("b1", "2026-01-12", "Conta Bradesco")]
        #expect(scratch.run(["resolve", "--record"], taught.joined(separator: "\n") + "\n").code == 0)
        for id in ["i1", "i2", "b1"] { #expect(scratch.run(["teach", "--id", id, "--category", "fees.interest"]).code == 0) }
        let store = try Store(path: scratch.db)
        let keys = try store.db.prepare("SELECT merchant_key, count FROM memory ORDER BY merchant_key").all { "\($0.text(0) ?? "") \($0.int(1))" }
        #expect(keys.count == 2 && keys.allSatisfy { $0.hasPrefix("line:fees.bank@") }, "\(keys)")
        // As an older garden kept it: one entry, counted three times, its journal rows under the old key.
        try store.db.execute("""
            INSERT INTO memory(merchant_key, direction, category, merchant, count)
                SELECT 'line:fees.bank', direction, category, MAX(merchant), SUM(count) FROM memory GROUP BY direction, category;
            DELETE FROM memory WHERE merchant_key <> 'line:fees.bank';
            UPDATE journal_rows SET key = 'line:fees.bank' || substr(key, instr(key, char(9))) WHERE tbl = 'memory';
            DELETE FROM settings WHERE name = '\(Store.merchantIdentitySetting)';
            """)
        let later = [fee("i3", "2026-03-10", "Conta Itau"), fee("b2", "2026-03-12", "Conta Bradesco")]
        let written = scratch.run(["resolve", "--record"], later.joined(separator: "\n") + "\n")
        #expect(written.code == 0)
        #expect(Self.notes(written.stderr).contains("line:fees.bank → line:fees.bank@"), "\(written.stderr)")
        #expect(try store.db.prepare("SELECT merchant_key, count FROM memory ORDER BY merchant_key").all { "\($0.text(0) ?? "") \($0.int(1))" } == keys)
        for line in written.lines { #expect(try Self.source(line) == "merchant_memory", "\(line)") }
        // Undo of the last teach (Bradesco's) removes Bradesco's entry and leaves Itaú's.
        #expect(scratch.run(["undo"]).code == 0)
        let left = try store.db.prepare("SELECT merchant_key, count FROM memory ORDER BY merchant_key").all { "\($0.text(0) ?? "") \($0.int(1))" }
        #expect(left == keys.filter { !$0.contains("bradesco") }, "\(left)")
    }
}
