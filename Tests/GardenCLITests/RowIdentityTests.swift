import Foundation
import Testing
import GardenStore
import GardenLedger
@testable import GardenCLI
@testable import GardenCommandKit

/// One bank line, one row (issue 33, `BankLineKey`): the same month read again in another format, a later
/// `--account`, a later export holding fewer rows, are the rows recorded before; two accounts, and two identical
/// purchases of one file, stay apart. Files: the real Nubank card statement of October 2026 as CSV and as OFX
/// (`Tests/Fixtures/import-samples`, see its PROVENANCE.md).
struct RowIdentityTests {
    typealias Workspace = StoreHardeningTests.Workspace
    static let csv = ImportCommandTests.samples.appendingPathComponent("br_nubank_card_2026-10.csv").path
    static let ofx = ImportCommandTests.samples.appendingPathComponent("br_nubank_card_2026-10.ofx").path

    /// `garden import ARGS | garden resolve --record`.
    static func record(_ w: Workspace, _ arguments: [String]) {
        let imported = w.run(["import"] + arguments)
        #expect(imported.code == 0, "\(imported.stderr)")
        let recorded = w.run(["resolve", "--record"], imported.stdout)
        #expect(recorded.code == 0, "\(recorded.stderr)")
    }

    /// Rows, their sum in minor units, and their accounts, as the ledger holds them.
    static func ledger(_ w: Workspace) throws -> (rows: Int, sum: Int64, accounts: Set<String>) {
        var rows = 0, sum: Int64 = 0
        var accounts = Set<String>()
        try Store(path: w.db, access: .read).forEachLedgerRow { row in
            let entry = row.entry ?? LedgerEntry(row)
            rows += 1
            sum += entry.input.amount ?? 0
            accounts.insert(entry.input.account ?? "-")
        }
        return (rows, sum, accounts)
    }

    /// A copy of the Nubank OFX with its `ACCTID` and transactions changed by `edit`, in the workspace.
    static func ofx(_ w: Workspace, _ name: String, _ edit: (String) -> String) throws -> String {
        let path = w.folder + "/" + name
        try edit(String(contentsOfFile: ofx, encoding: .utf8)).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(arguments: [[csv, ofx], [ofx, csv], [csv + " " + ofx]])
    func theSameMonthAsCSVAndAsOFXIsRecordedOnce(_ files: [String]) throws {
        let w = Workspace()
        for file in files { Self.record(w, file.split(separator: " ").map(String.init)) }
        let ledger = try Self.ledger(w)
        #expect(ledger.rows == 22 && ledger.sum == 17_146, "\(ledger)")
        // The OFX states the account (its ACCTID): every row has it, whichever file came first.
        #expect(ledger.accounts == ["00000000-0000-0000-0000-000000000000"])
    }

    /// A CSV that names no account is its layout's default account; `garden accounts rename` names it, and the file read
    /// again (without `--account`) stays on it: R$ 45,90 stays R$ 45,90.
    @Test func aDefaultAccountRenamedLaterKeepsItsRowsInsteadOfDoublingThem() throws {
        let w = Workspace()
        let file = w.folder + "/card.csv"
        try "date,title,amount\n2026-10-02,Mercado Bom Preco,\"45,90\"\n".write(toFile: file, atomically: true, encoding: .utf8)
        Self.record(w, [file])
        #expect(w.run(["accounts", "rename", "Nubank card CSV", "Nubank"]).code == 0)
        Self.record(w, [file])
        let ledger = try Self.ledger(w)
        #expect(ledger.rows == 1 && ledger.sum == -4_590 && ledger.accounts == ["Nubank"], "\(ledger)")
    }

    @Test func twoAccountsWithTheSamePurchasesAreTwoSetsOfRows() throws {
        let w = Workspace()
        Self.record(w, [Self.csv, "--account", "Nubank Ana"])
        Self.record(w, [Self.csv, "--account", "Nubank Bia"])
        #expect(try Self.ledger(w).rows == 44)
        let other = try Self.ofx(w, "other.ofx") { $0.replacingOccurrences(of: "<ACCTID>00000000-0000-0000-0000-000000000000", with: "<ACCTID>4111") }
        let v = Workspace()
        Self.record(v, [Self.ofx])
        Self.record(v, [other])
        Self.record(v, [other, Self.ofx])
        let ledger = try Self.ledger(v)
        #expect(ledger.rows == 44 && ledger.sum == 2 * 17_146 && ledger.accounts.count == 2, "\(ledger)")
    }

    /// Nubank prints an IOF line under its purchase's FITID: a later export holding only the purchase updates the
    /// purchase, and the IOF line stays as it was.
    @Test func aLaterExportHoldingOnlyThePurchaseOfASharedFITIDUpdatesThePurchase() throws {
        let w = Workspace()
        Self.record(w, [Self.ofx])
        let purchaseOnly = try Self.ofx(w, "later.ofx") { text in
            let start = text.range(of: "<BANKTRANLIST>")!.upperBound, end = text.range(of: "</BANKTRANLIST>")!.lowerBound
            let vercel = "<STMTTRN>\n<TRNTYPE>DEBIT</TRNTYPE>\n<DTPOSTED>20261005000000[-3:BRT]</DTPOSTED>\n<TRNAMT>-139.12</TRNAMT>\n"
                + "<FITID>6ac3737b-60f8-417e-b072-be2ee1927124</FITID>\n<MEMO>Vercel Inc.</MEMO>\n</STMTTRN>\n"
            return String(text[..<start]) + "\n<DTSTART>20261005000000[-3:BRT]</DTSTART>\n<DTEND>20261005000000[-3:BRT]</DTEND>\n" + vercel + String(text[end...])
        }
        Self.record(w, [purchaseOnly])
        let ledger = try Self.ledger(w)
        #expect(ledger.rows == 22 && ledger.sum == 17_146, "\(ledger)")
        let export = w.run(["export", "--format", "csv"]).stdout
        #expect(export.components(separatedBy: "Vercel Inc.").count == 2)
        #expect(export.contains("-4.86"))
    }

    /// Nubank's OFX prints each IOF line under the FITID of the international purchase it taxes (the purchase, in
    /// reais, says nothing foreign): `garden link` links each IOF line to that purchase.
    @Test func anIOFLinePrintedUnderItsPurchasesFITIDIsLinkedToIt() throws {
        let w = Workspace()
        Self.record(w, [Self.ofx])
        #expect(w.run(["link"]).code == 0)
        let fees = w.run(["links", "--kind", "fee"]).stdout
        for fitid in ["6ac1a25a-7910-46e4-b289-565a8b540135", "6ac0f3ed-0f31-4697-a87f-b960a0218498", "6ac11af6-5b50-49bd-9807-e31b052d0782",
                      "6ac3737b-60f8-417e-b072-be2ee1927124"] {
            #expect(fees.contains("printed under the purchase's own id \(fitid)"), "\(fees)")
        }
        // Vercel's R$ 139,12 costs R$ 143,98 with its IOF.
        let vercel = try #require(w.run(["export", "--format", "jsonl"]).lines.first { $0.contains("Vercel Inc.") })
        let id = try #require(vercel.firstMatch(of: #/"row_id":"(line:[0-9a-f]+-1)"/#)).output.1
        #expect(w.run(["links", "--id", String(id)]).stdout.contains(#""net_amount":-143.98"#))
    }

    @Test func twoIdenticalPurchasesOfOneFileAreTwoRowsInEveryImport() throws {
        let w = Workspace()
        let file = w.folder + "/coffees.csv"
        try "date,title,amount\n2026-10-02,Cafe Bom,\"4,50\"\n2026-10-02,Cafe Bom,\"4,50\"\n".write(toFile: file, atomically: true, encoding: .utf8)
        Self.record(w, [file])
        Self.record(w, [file])
        #expect(try Self.ledger(w).rows == 2)
        Self.record(w, [file, "--account", "Nubank"])
        Self.record(w, [file, "--account", "Nubank"])
        let ledger = try Self.ledger(w)
        // The card named Nubank is another card of this layout: its two coffees are two rows of its own.
        #expect(ledger.rows == 4 && ledger.sum == -1_800 && ledger.accounts == ["Nubank", "Nubank card CSV"], "\(ledger)")
    }
}

/// A store an older garden recorded bank files into, under its ids (`ofx:<ACCTID>:<FITID>`, `csv:<dialect>:h…`:
/// `Fixtures/store-v7`), migrates to the one rule by name (migration 13, `lineIdentities`): reading the same files
/// again updates the rows it recorded, adds none and loses none.
struct OlderRowIdentityMigrationTests {
    @Test func filesRecordedUnderTheOlderIdsAreTheSameRowsWhenReadAgain() throws {
        let scratch = try StoreMigrationTests.copy()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let w = StoreHardeningTests.Workspace.sharing(scratch + "/garden.db")
        let before = try RowIdentityTests.ledger(w)
        let root = ResolveCommandTests.root
        for file in ["examples/statement.ofx", "examples/nubank-card.csv"] {
            RowIdentityTests.record(w, [root.appendingPathComponent(file).path])
        }
        let after = try RowIdentityTests.ledger(w)
        #expect(after.rows == before.rows && after.sum == before.sum, "\(before) → \(after)")
        let explained = w.run(["explain", "--id", w.run(["import", root.appendingPathComponent("examples/statement.ofx").path]).lines.first?
            .firstMatch(of: #/"id":"(line:[0-9a-f]+-1)"/#).map { String($0.output.1) } ?? "none"])
        #expect(explained.stdout.hasPrefix("row ofx:12345-6:202610010001"), "\(explained.stdout.prefix(200))")
    }
}
