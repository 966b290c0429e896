import Foundation
import Testing
import GardenStore
import GardenSQLite
import GardenLedger
@testable import GardenCLI
@testable import GardenCommandKit

/// Rows misstated on import or in the month (hostile10 F20, F25, F23), end to end through the commands. The lines are
/// the hostile pass's (`/work/wt/hostile10/repros/f20.sh`, `f25.sh`, `f23.sh`).
struct MisstatedRowsTests {
    /// The holder's own Pix (a counterparty document that is the holder's CPF): `transfer.own` with the store's key.
    static let ownPix = #"{"id":"x4","date":"2026-10-02","amount":-300,"description":"TRANSFERENCIA PIX","counterparty":{"document":"52998224725"},"payment_method":"pix"}"#

    static func entry(_ db: String, _ id: String) throws -> LedgerEntry? {
        try Store(path: db, access: .read).ledgerRow(id: id).map { LedgerEntry($0) }
    }

    static func fingerprint(_ db: String) throws -> String? {
        try Store(path: db, access: .read).recordedIdentityKeyFingerprint()
    }

    // MARK: F20 — another store's identity key beside the store

    /// hostile10 F20: `b.db.key` copied over `a.db.key` (a backup restored from the wrong folder). Recording is refused as
    /// for a missing key (exit 78, nothing recorded: the holder's own Pix would have been "uncategorized"), and so is
    /// `me add --document`, so the store never holds documents hashed under two keys; reading commands still work, saying
    /// the key is not the store's. With its own key back, the Pix is `transfer.own`.
    @Test func anotherStoresKeyIsTreatedAsAMissingOne() throws {
        let s = ScratchFolder()
        let a = s.path + "/a.db", b = s.path + "/b.db"
        #expect(s.run(["me", "add", "--document", "529.982.247-25", "--db", a]).code == 0)
        #expect(s.run(["me", "add", "--document", "111.444.777-35", "--db", b]).code == 0)
        let own = try #require(FileManager.default.contents(atPath: a + ".key"))
        let recorded = try #require(try Self.fingerprint(a))
        #expect(recorded == Store.identityKeyFingerprint(Array(own)))
        #expect(!recorded.contains(own.map { String(format: "%02x", $0) }.joined()), "the fingerprint is never the key")
        try FileManager.default.removeItem(atPath: a + ".key")
        try FileManager.default.copyItem(atPath: b + ".key", toPath: a + ".key")

        let record = s.run(["resolve", "--record", "--db", a], Self.ownPix + "\n")
        #expect(record.code == 78)
        #expect(record.stderr.contains("the identity key \(a).key is not this store's"), "\(record.stderr)")
        #expect(record.stderr.contains("garden records no rows resolved without it"))
        #expect(try Store(path: a, access: .read).ledgerCount() == 0)
        let add = s.run(["me", "add", "--document", "390.533.447-05", "--db", a])
        #expect(add.code == 78, "\(add.stdout)")
        #expect(try Store(path: a, access: .read).identities().filter { $0.documentHMAC != nil }.count == 1)
        let read = s.run(["resolve", "--db", a], Self.ownPix + "\n")
        #expect(read.code == 0)
        #expect(read.stderr.contains("is not this store's (another store's key"), "\(read.stderr)")

        try FileManager.default.removeItem(atPath: a + ".key")
        try own.write(to: URL(fileURLWithPath: a + ".key"))
        #expect(s.run(["resolve", "--record", "--db", a], Self.ownPix + "\n").code == 0)
        #expect(try Self.entry(a, "x4")?.resolution.category == "transfer.own")
    }

    /// A store older than the fingerprint records its key's on first use (in a transaction), and from then on refuses
    /// another; a store without documents whose key file is gone gets a new key and fingerprint, as it got a key before.
    @Test func aStoreWithoutAFingerprintRecordsItOnFirstUse() throws {
        let s = ScratchFolder()
        #expect(s.run(["me", "add", "--document", "529.982.247-25"]).code == 0)
        let db = try Database(path: s.db)
        try db.execute("DELETE FROM settings WHERE name = '\(Store.identityKeyFingerprintSetting)'")
        #expect(try Self.fingerprint(s.db) == nil)
        #expect(s.run(["resolve", "--record"], Self.ownPix + "\n").code == 0)
        let key = try #require(FileManager.default.contents(atPath: s.db + ".key"))
        #expect(try Self.fingerprint(s.db) == Store.identityKeyFingerprint(Array(key)))
        #expect(try Self.entry(s.db, "x4")?.resolution.category == "transfer.own")

        let plain = ScratchFolder()
        #expect(plain.run(["resolve", "--record"], #"{"id":"r1","date":"2026-10-01","description":"PADARIA","amount":-5}"# + "\n").code == 0)
        let first = try #require(try Self.fingerprint(plain.db))
        try FileManager.default.removeItem(atPath: plain.db + ".key")
        #expect(plain.run(["resolve", "--record"], #"{"id":"r2","date":"2026-10-02","description":"PADARIA","amount":-6}"# + "\n").code == 0)
        let second = try #require(try Self.fingerprint(plain.db))
        #expect(second != first)
        let made = try #require(FileManager.default.contents(atPath: plain.db + ".key"))
        #expect(second == Store.identityKeyFingerprint(Array(made)))
    }

    // MARK: F25 — a row recorded without a date

    /// hostile10 F25: a canonical line without `date` recorded beside a dated one. It is flagged for review with a reason
    /// a person reads, and `budgets` and `report` name it: no month counts it, never silently.
    @Test func aRowWithoutADateIsFlaggedAndNamed() throws {
        let s = ScratchFolder()
        let lines = #"{"id":"n1","description":"SUPERMERCADO EXTRA","amount":-50,"account":"c"}"# + "\n"
            + #"{"id":"n3","date":"2026-10-05","description":"SUPERMERCADO EXTRA","amount":-7,"account":"c"}"# + "\n"
        let record = s.run(["resolve", "--record"], lines)
        #expect(record.code == 0)
        let undated = try #require(try Self.entry(s.db, "n1"))
        #expect(undated.resolution.review)
        #expect(undated.resolution.reviewReasons.contains { $0.hasPrefix("no date: no month can count it") }, "\(undated.resolution.reviewReasons)")
        #expect(try Self.entry(s.db, "n3")?.resolution.reviewReasons.contains { $0.hasPrefix("no date") } == false)

        let budgets = s.run(["budgets", "--month", "2026-10"])
        #expect(budgets.code == 0)
        #expect(budgets.stderr.contains("1 row(s) have no date, so no month counts them: n1;"), "\(budgets.stderr)")
        let report = s.run(["report", "--month", "2026-10"])
        #expect(report.code == 0)
        #expect(report.stderr.contains("1 row(s) have no date, so no month counts them: n1;"), "\(report.stderr)")
        let review = s.run(["review"])
        #expect(review.stdout.contains("no date"), "\(review.stdout)")

        // Given its date, it counts in its month and is named no more.
        #expect(s.run(["row", "correct", "n1", "--date", "2026-10-03"]).code == 0)
        #expect(!s.run(["budgets", "--month", "2026-10"]).stderr.contains("have no date"))
        #expect(try Self.entry(s.db, "n1")?.resolution.reviewReasons.contains { $0.hasPrefix("no date") } == false)
    }

    // MARK: F23 — garden's own CSV export read back

    /// hostile10 F23: rows whose texts a spreadsheet would run as formulas, exported as CSV (each after a `'`), read back
    /// and recorded again: the ledger holds the texts as first recorded, unchanged.
    @Test func theOwnCSVExportReadBackKeepsTheTexts() throws {
        let s = ScratchFolder()
        let lines = [
            #"{"id":"f1","date":"2026-10-01","amount":"-10.00","description":"=SUM(A1)","account":"c"}"#,
            #"{"id":"f2","date":"2026-10-02","amount":"-11.00","description":"-PIX ENVIADO JOANA","account":"c"}"#,
            #"{"id":"f3","date":"2026-10-03","amount":"-12.00","description":"+55 11 99999 LOJA","account":"c"}"#,
            #"{"id":"f4","date":"2026-10-04","amount":"-13.00","description":"@LOJA","memo":"=x","account":"c"}"#,
            #"{"id":"f5","date":"2026-10-05","amount":"-14.00","description":"'=quoted","memo":"'plain","account":"c"}"#,
        ]
        #expect(s.run(["resolve", "--record"], lines.joined(separator: "\n") + "\n").code == 0)
        func texts() throws -> [String] {
            try ["f1", "f2", "f3", "f4", "f5"].map { id in
                let entry = try #require(try Self.entry(s.db, id))
                return entry.input.description + "|" + (entry.input.memo ?? "")
            }
        }
        let before = try texts()
        #expect(before == ["=SUM(A1)|", "-PIX ENVIADO JOANA|", "+55 11 99999 LOJA|", "@LOJA|=x", "'=quoted|'plain"])
        let exported = s.run(["export", "--format", "csv"])
        #expect(exported.code == 0)
        #expect(exported.stdout.contains(",'=SUM(A1),") && exported.stdout.contains(",''=quoted,'plain,"), "\(exported.stdout)")
        let file = s.path + "/e.csv"
        try exported.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        let imported = s.run(["import", file])
        #expect(imported.code == 0, "\(imported.stderr)")
        let again = s.run(["resolve", "--record"], imported.stdout)
        #expect(again.code == 0, "\(again.stderr)")
        #expect(try texts() == before)
        #expect(try Store(path: s.db, access: .read).ledgerCount() == 5)
    }
}
