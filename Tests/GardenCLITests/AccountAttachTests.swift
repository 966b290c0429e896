import Foundation
import Testing
import GardenStore
import GardenLedger
@testable import GardenCLI
@testable import GardenCommandKit

/// One month, one account, whatever it is read as (issue 33 items 1–3): the same month read again under a label, as a
/// Pluggy page, or under a new name is the account recorded before — while another card of the same layout with a few
/// of the same purchases stays another account. Files: the real Nubank card statement of October 2026 as CSV and as
/// OFX (`Tests/Fixtures/import-samples`, PROVENANCE.md there); the Pluggy page is made from the OFX's own lines.
struct AccountAttachTests {
    typealias Workspace = StoreHardeningTests.Workspace

    /// `garden import ARGS | garden resolve --record`, returning `resolve`'s closing lines.
    @discardableResult
    static func record(_ w: Workspace, _ arguments: [String], stdin: String? = nil) -> String {
        let imported = stdin.map { w.run(["import"] + arguments, $0) } ?? w.run(["import"] + arguments)
        #expect(imported.code == 0, "\(imported.stderr)")
        let recorded = w.run(["resolve", "--record"], imported.stdout)
        #expect(recorded.code == 0, "\(recorded.stderr)")
        return recorded.stderr
    }

    /// One transaction of the OFX fixture (`RowIdentityTests.ofx`), as its tags print it: `day` as `yyyy-mm-dd`, `amount`
    /// without its sign (`debit` says it).
    struct OFXLine {
        var index: Int, fitid: String, memo: String, day: String, amount: String, debit: Bool
    }

    /// The OFX fixture's transactions, in file order: what the aggregator pages of the tests are made from.
    static func ofxLines() throws -> [OFXLine] {
        let ofx = try String(contentsOfFile: RowIdentityTests.ofx, encoding: .utf8)
        return ofx.matches(of: #/<STMTTRN>(.*?)</STMTTRN>/#.dotMatchesNewlines()).enumerated().map { index, match in
            let block = String(match.output.1)
            func value(_ tag: String) -> String {
                guard let range = block.range(of: "<\(tag)>") else { return "" }
                return String(block[range.upperBound...].prefix { $0 != "<" && $0 != "\n" })
            }
            let date = value("DTPOSTED"), amount = value("TRNAMT")
            return OFXLine(index: index, fitid: value("FITID"), memo: value("MEMO"),
                           day: "\(date.prefix(4))-\(date.dropFirst(4).prefix(2))-\(date.dropFirst(6).prefix(2))",
                           amount: amount.hasPrefix("-") ? String(amount.dropFirst()) : amount, debit: amount.hasPrefix("-"))
        }
    }

    /// The OFX's transactions as one Pluggy page of account `accountId` (ids made unique: Nubank reuses a FITID).
    static func pluggyPage(accountId: String = "pluggy-acc-nu") throws -> String {
        let rows = try ofxLines().map { line in
            #"{"id":"\#(accountId)-\#(line.fitid)-\#(line.index)","accountId":"\#(accountId)","description":"\#(line.memo)","#
                + #""amount":\#(line.amount),"currencyCode":"BRL","date":"\#(line.day)T15:00:00.000Z","type":"\#(line.debit ? "DEBIT" : "CREDIT")"}"#
        }
        return #"{"results": ["# + rows.joined(separator: ",") + "]}"
    }

    // MARK: a label on the month recorded without one (item 1)

    /// The month imported without `--account` (garden's default account, "Nubank card CSV"), then again with
    /// `--account "Nubank Ana"`: the same 22 rows, the account named by the label, and the closing line says so.
    @Test func theSameMonthReadAgainUnderALabelNamesTheUnnamedAccountInsteadOfDoublingIt() throws {
        let w = Workspace()
        AccountAttachTests.record(w, [RowIdentityTests.csv])
        let closing = AccountAttachTests.record(w, [RowIdentityTests.csv, "--account", "Nubank Ana"])
        #expect(closing.contains(#"matched 22 row(s) of the unnamed account "Nubank card CSV"; named it "Nubank Ana""#), "\(closing)")
        var ledger = try RowIdentityTests.ledger(w)
        #expect(ledger.rows == 22 && ledger.sum == 17_146 && ledger.accounts == ["Nubank Ana"], "\(ledger)")
        // Either way again, and the next month's file under the label: still one account.
        AccountAttachTests.record(w, [RowIdentityTests.csv])
        AccountAttachTests.record(w, [RowIdentityTests.csv, "--account", "Nubank Ana"])
        ledger = try RowIdentityTests.ledger(w)
        #expect(ledger.rows == 22 && ledger.sum == 17_146 && ledger.accounts == ["Nubank Ana"], "\(ledger)")
        let november = w.folder + "/november.csv"
        try "date,title,amount\n2026-11-02,Mercado Bom Preco,\"45,90\"\n".write(toFile: november, atomically: true, encoding: .utf8)
        AccountAttachTests.record(w, [november, "--account", "Nubank Ana"])
        #expect(try RowIdentityTests.ledger(w).accounts == ["Nubank Ana"])
        // The naming is journaled: undo gives the account its name back, on every row.
        #expect(w.run(["undo"]).code == 0)
        #expect(try RowIdentityTests.ledger(w).accounts == ["Nubank card CSV"])
    }

    /// The other way round: the month under a label first, then without one — the label's account, once.
    @Test func theSameMonthReadWithoutALabelAfterItIsTheLabelsAccount() throws {
        let w = Workspace()
        AccountAttachTests.record(w, [RowIdentityTests.csv, "--account", "Nubank Ana"])
        let closing = AccountAttachTests.record(w, [RowIdentityTests.csv])
        #expect(closing.contains(#"matched 22 row(s) of the account "Nubank Ana""#), "\(closing)")
        let ledger = try RowIdentityTests.ledger(w)
        #expect(ledger.rows == 22 && ledger.sum == 17_146 && ledger.accounts == ["Nubank Ana"], "\(ledger)")
    }

    /// Card B of the same layout shares three of card A's purchases, but has a purchase of its own in the same weeks:
    /// another card, its four rows its own.
    @Test func anotherCardWithSomeOfTheSamePurchasesStaysAnotherAccount() throws {
        let w = Workspace()
        AccountAttachTests.record(w, [RowIdentityTests.csv])
        let lines = try String(contentsOfFile: RowIdentityTests.csv, encoding: .utf8).split(separator: "\n")
        let b = w.folder + "/b.csv"
        try (lines.prefix(4) + ["2026-10-04,Padaria Sao Jorge,\"9,50\""]).joined(separator: "\n").appending("\n").write(toFile: b, atomically: true, encoding: .utf8)
        let closing = AccountAttachTests.record(w, [b, "--account", "B"])
        #expect(!closing.contains("matched"), "\(closing)")
        let ledger = try RowIdentityTests.ledger(w)
        #expect(ledger.rows == 26 && ledger.accounts == ["B", "Nubank card CSV"], "\(ledger)")
    }

    // MARK: a re-export with a line of its own, a row the user deleted (hostile9 F1, F2)

    /// The CSV exported before one purchase posted (la Baguette, 10-03, inside the CSV's dates), then a later export of
    /// the same card and month: the 21 lines recorded are those rows, the late purchase is the one new row — one account
    /// (hostile9 F1: 43 rows in two accounts, the month doubled). Either as the OFX, the OFX under the same label, or the
    /// README's own case, the unnamed early CSV and then the full CSV with `--account`.
    @Test(arguments: [0, 1, 2])
    func aLaterExportWithALatePurchaseIsTheSameAccountPlusOneRow(_ variant: Int) throws {
        let w = Workspace()
        let csv = try String(contentsOfFile: RowIdentityTests.csv, encoding: .utf8)
        let early = w.folder + "/early.csv"
        try csv.split(separator: "\n").filter { !$0.contains("Baguette") }.joined(separator: "\n").appending("\n")
            .write(toFile: early, atomically: true, encoding: .utf8)
        switch variant {
        case 0:
            AccountAttachTests.record(w, ["--account", "Nubank Ana", early])
            AccountAttachTests.record(w, [RowIdentityTests.ofx])
        case 1:
            AccountAttachTests.record(w, ["--account", "Nubank Ana", early])
            AccountAttachTests.record(w, ["--account", "Nubank Ana", RowIdentityTests.ofx])
        default:
            AccountAttachTests.record(w, [early])
            AccountAttachTests.record(w, ["--account", "Nubank Ana", RowIdentityTests.csv])
        }
        let ledger = try RowIdentityTests.ledger(w)
        #expect(ledger.rows == 22 && ledger.sum == 17_146 && ledger.accounts == ["Nubank Ana"], "\(ledger)")
    }

    /// A row the user deleted, then the same month in another format or under a label: the deleted line is a recorded
    /// line (it stays deleted), not a line of another card, so the file is the same account (hostile9 F2: 42 rows).
    @Test(arguments: [true, false])
    func aDeletedRowDoesNotMakeTheNextExportAnotherAccount(_ ofx: Bool) throws {
        let w = Workspace()
        AccountAttachTests.record(w, ofx ? ["--account", "nu", RowIdentityTests.csv] : [RowIdentityTests.csv])
        var first: String?
        try Store(path: w.db, access: .read).forEachLedgerRow { row in if first == nil { first = row.rowID } }
        #expect(w.run(["row", "delete", try #require(first)]).code == 0)
        AccountAttachTests.record(w, ofx ? [RowIdentityTests.ofx] : ["--account", "nu", RowIdentityTests.csv])
        let ledger = try RowIdentityTests.ledger(w)
        #expect(ledger.rows == 21 && ledger.accounts.count == 1, "\(ledger)")
    }

    /// Two exports of one month in ONE import, as README's step 1 writes a batch: the labelled CSV and the OFX, or the OFX
    /// and a Pluggy page of the same account, are one month in one account (hostile9 F14: 44 rows, two accounts).
    @Test(arguments: [true, false])
    func twoExportsOfOneMonthInOneImportAreOneMonth(_ csvAndOFX: Bool) throws {
        let w = Workspace()
        if csvAndOFX {
            AccountAttachTests.record(w, ["--account", "Nubank Ana", RowIdentityTests.csv, RowIdentityTests.ofx])
        } else {
            let page = w.folder + "/page.json"
            try Self.pluggyPage().write(toFile: page, atomically: true, encoding: .utf8)
            AccountAttachTests.record(w, [RowIdentityTests.ofx, page])
        }
        let ledger = try RowIdentityTests.ledger(w)
        #expect(ledger.rows == 22 && ledger.sum == 17_146 && ledger.accounts.count == 1, "\(ledger)")
        if csvAndOFX { #expect(ledger.accounts == ["Nubank Ana"], "\(ledger)") }
    }

    /// The same OFX statement with its `ACCTID` spelled otherwise (zero padding, the check digit's dash dropped, as
    /// internet banking, the app and accounting software write it) is the same account: its rows once (hostile9 F7:
    /// every line twice, no note). Another account number of the same bank stays another account.
    @Test func theSameOFXAccountNumberSpelledOtherwiseIsTheSameAccount() throws {
        let w = Workspace()
        let ofx = ImportCommandTests.samples.appendingPathComponent("br_bb_rubyofx.ofx").path
        let text = try String(contentsOfFile: ofx, encoding: .isoLatin1)
        AccountAttachTests.record(w, [ofx])
        let before = try RowIdentityTests.ledger(w)
        for (index, spelling) in ["0012345-6", "123456", "12345 6"].enumerated() {
            let other = w.folder + "/v\(index).ofx"
            try text.replacingOccurrences(of: "<ACCTID>12345-6", with: "<ACCTID>" + spelling).write(toFile: other, atomically: true, encoding: .isoLatin1)
            AccountAttachTests.record(w, [other])
        }
        let after = try RowIdentityTests.ledger(w)
        #expect(after.rows == before.rows && after.sum == before.sum && after.accounts.count == 1, "\(before) \(after)")
        let another = w.folder + "/another.ofx"
        try text.replacingOccurrences(of: "<ACCTID>12345-6", with: "<ACCTID>12345-7").write(toFile: another, atomically: true, encoding: .isoLatin1)
        AccountAttachTests.record(w, [another])
        #expect(try RowIdentityTests.ledger(w).accounts.count == 2)
    }

    /// The unnamed CSV's account named and typed by the user, then the OFX of the same month: the OFX's account is the
    /// user's account — its name and type stay, the card is exported as a liability (hostile9 F4: the rows moved to an
    /// account named after the OFX's ACCTID, with no type, exported under `assets:`).
    @Test func aStatedAccountReadAfterTheUsersNamedAccountKeepsTheUsersNameAndType() throws {
        let w = Workspace()
        AccountAttachTests.record(w, [RowIdentityTests.csv])
        #expect(w.run(["accounts", "rename", "Nubank card CSV", "Nubank Ana"]).code == 0)
        #expect(w.run(["accounts", "type", "Nubank Ana", "credit_card"]).code == 0)
        AccountAttachTests.record(w, [RowIdentityTests.ofx])
        let listed = w.run(["accounts"]).stdout
        #expect(listed.hasPrefix("Nubank Ana\tcredit_card\t22 row(s)") && listed.split(separator: "\n").count == 1, "\(listed)")
        let journal = w.run(["export", "--format", "hledger"]).stdout
        #expect(journal.contains("liabilities:") && !journal.contains("assets:00000000"), "\(journal.prefix(600))")
    }

    /// A Pluggy page whose la Baguette purchase (10-03) is still pending, then the bank's own CSV without `--account`
    /// where it posted (10-05, the same amount and text): the 21 other lines are the page's rows, the posted line is
    /// that account's and settles the pending row — 22 rows, one account, the month's sum (hostile9 F12: 23 rows, a
    /// 1-row account "Nubank card CSV", the purchase counted twice).
    @Test func aPendingPluggyPurchaseIsSettledByTheBankFilesPostedLine() throws {
        let w = Workspace()
        let page = try Self.pluggyPage().replacingOccurrences(of: #""description":"la Baguette"#, with: #""status":"PENDING","description":"la Baguette"#)
        #expect(page.contains("PENDING"))
        AccountAttachTests.record(w, ["--format", "pluggy", "-"], stdin: page)
        let csv = try String(contentsOfFile: RowIdentityTests.csv, encoding: .utf8)
        let posted = w.folder + "/posted.csv"
        try csv.replacingOccurrences(of: "2026-10-03,la Baguette", with: "2026-10-05,la Baguette").write(toFile: posted, atomically: true, encoding: .utf8)
        AccountAttachTests.record(w, [posted])
        let ledger = try RowIdentityTests.ledger(w)
        #expect(ledger.rows == 22 && ledger.sum == 17_146 && ledger.accounts.count == 1, "\(ledger)")
    }

    // MARK: Pluggy and a bank file of the same account and month (item 2)

    @Test(arguments: [true, false])
    func aPluggyPageAndTheOFXOfTheSameMonthAreOneMonth(_ ofxFirst: Bool) throws {
        let w = Workspace()
        let page = try Self.pluggyPage()
        if ofxFirst { AccountAttachTests.record(w, [RowIdentityTests.ofx]) }
        AccountAttachTests.record(w, ["--format", "pluggy", "-"], stdin: page)
        if !ofxFirst { AccountAttachTests.record(w, [RowIdentityTests.ofx]) }
        var ledger = try RowIdentityTests.ledger(w)
        #expect(ledger.rows == 22 && ledger.sum == 17_146 && ledger.accounts.count == 1, "\(ledger)")
        // Each read again: nothing added.
        AccountAttachTests.record(w, ["--format", "pluggy", "-"], stdin: page)
        AccountAttachTests.record(w, [RowIdentityTests.ofx])
        ledger = try RowIdentityTests.ledger(w)
        #expect(ledger.rows == 22 && ledger.sum == 17_146 && ledger.accounts.count == 1, "\(ledger)")
    }

    /// The same month as a CSV the user labelled and as the OFX (either order, the OFX labelled the same or not): one
    /// month, one account (hostile pass of session 8: 44 rows, two accounts "Nubank" and "Nubank #…").
    @Test(arguments: [(true, true), (true, false), (false, true), (false, false)])
    func aLabelledCSVAndTheOFXOfTheSameMonthAreOneMonth(_ csvFirst: Bool, _ ofxLabelled: Bool) throws {
        let w = Workspace()
        let csv = ["--account", "Nubank", RowIdentityTests.csv]
        let ofx = (ofxLabelled ? ["--account", "Nubank"] : []) + [RowIdentityTests.ofx]
        AccountAttachTests.record(w, csvFirst ? csv : ofx)
        AccountAttachTests.record(w, csvFirst ? ofx : csv)
        let ledger = try RowIdentityTests.ledger(w)
        #expect(ledger.rows == 22 && ledger.sum == 17_146 && ledger.accounts.count == 1, "\(ledger)")
    }

    /// Spaces around an `--account` name are no part of it: the month read again as `"Nubank "` is the same account.
    @Test func anAccountNameWithSpacesAroundItIsTheSameAccount() throws {
        let w = Workspace()
        AccountAttachTests.record(w, ["--account", "Nubank", RowIdentityTests.csv])
        AccountAttachTests.record(w, ["--account", " Nubank  ", RowIdentityTests.csv])
        let ledger = try RowIdentityTests.ledger(w)
        #expect(ledger.rows == 22 && ledger.accounts == ["Nubank"], "\(ledger)")
        #expect(w.run(["import", "--account", "  ", RowIdentityTests.csv]).code != 0)
    }

    /// Invisible format characters (a zero-width space or joiner, a BOM, a soft hyphen, as a name copied from a web page
    /// or a chat carries them) are no part of an account's name: `"Nubank\u{200B}"` is "Nubank" (hostile9 F13: a second
    /// account printed exactly like the first, the month doubled).
    @Test func anAccountNameWithAZeroWidthSpaceIsTheSameAccount() throws {
        let w = Workspace()
        AccountAttachTests.record(w, ["--account", "Nubank Ana", RowIdentityTests.csv])
        AccountAttachTests.record(w, ["--account", "Nubank Ana\u{200B}", RowIdentityTests.csv])
        AccountAttachTests.record(w, ["--account", "\u{FEFF}Nubank\u{00AD} Ana", RowIdentityTests.csv])
        let ledger = try RowIdentityTests.ledger(w)
        #expect(ledger.rows == 22 && ledger.accounts == ["Nubank Ana"], "\(ledger)")
        #expect(w.run(["import", "--account", "\u{200B}", RowIdentityTests.csv]).code != 0)
    }

    @Test func aPluggyPageAndTheCSVOfTheSameMonthAreOneMonth() throws {
        let w = Workspace()
        AccountAttachTests.record(w, [RowIdentityTests.csv])
        AccountAttachTests.record(w, ["--format", "pluggy", "-"], stdin: try Self.pluggyPage())
        let ledger = try RowIdentityTests.ledger(w)
        #expect(ledger.rows == 22 && ledger.sum == 17_146 && ledger.accounts == ["pluggy-acc-nu"], "\(ledger)")
    }

    /// Two Pluggy account ids whose pages hold the same lines are one account: an `accountId` names a connection, and a
    /// reconnection renews it (hostile10 F5; `MonthAcrossImportsTests` has the account with purchases of its own, which
    /// stays apart). Two identical purchases of one page stay two rows.
    @Test func twoPluggyAccountIdsOfTheSameLinesAreOneAccountAndTwoIdenticalPurchasesStayApart() throws {
        let w = Workspace()
        AccountAttachTests.record(w, ["--format", "pluggy", "-"], stdin: try Self.pluggyPage(accountId: "a"))
        AccountAttachTests.record(w, ["--format", "pluggy", "-"], stdin: try Self.pluggyPage(accountId: "b"))
        #expect(try RowIdentityTests.ledger(w).rows == 22)
        let v = Workspace()
        let coffee = { (id: String) in PendingRowTests.pluggy(id, "2026-10-03", amount: "4.5", description: "CAFE BOM") }
        AccountAttachTests.record(v, ["--format", "pluggy", "-"], stdin: PendingRowTests.page(coffee("c-1"), coffee("c-2")))
        AccountAttachTests.record(v, ["--format", "pluggy", "-"], stdin: PendingRowTests.page(coffee("c-1"), coffee("c-2")))
        #expect(try RowIdentityTests.ledger(v).rows == 2)
    }

    // MARK: names and types change, the account stays (item 3)

    /// A pending row recorded under the aggregator's account id, its posted twin read under a label (which renames the
    /// account): the posted row takes the pending one's place.
    @Test func aPostedRowReadUnderALabelStillSettlesItsPendingTwin() throws {
        let w = Workspace()
        AccountAttachTests.record(w, ["--format", "pluggy", "-"], stdin: PendingRowTests.page(PendingRowTests.pluggy("p-1", "2026-10-03", status: "PENDING")))
        AccountAttachTests.record(w, ["--format", "pluggy", "--account", "Nubank Ana", "-"], stdin: PendingRowTests.page(PendingRowTests.pluggy("q-9", "2026-10-05")))
        let ledger = try RowIdentityTests.ledger(w)
        #expect(ledger.rows == 1 && ledger.accounts == ["Nubank Ana"], "\(ledger)")
    }

    @Test func renamingAndTypingAnAccountAreUndone() throws {
        let w = Workspace()
        AccountAttachTests.record(w, [RowIdentityTests.ofx])
        let acct = "00000000-0000-0000-0000-000000000000"
        #expect(w.run(["accounts", "rename", acct, "Nubank"]).code == 0)
        #expect(w.run(["accounts", "type", "Nubank", "checking"]).code == 0)
        #expect(w.run(["undo"]).code == 0)
        #expect(w.run(["accounts"]).stdout.hasPrefix("Nubank\tcredit_card\t22 row(s)"), "\(w.run(["accounts"]).stdout)")
        #expect(w.run(["undo"]).code == 0)
        #expect(w.run(["accounts"]).stdout.hasPrefix("\(acct)\tcredit_card\t22 row(s)"), "\(w.run(["accounts"]).stdout)")
        // The OFX read again after the undo: one account, 22 rows.
        AccountAttachTests.record(w, [RowIdentityTests.ofx])
        #expect(try RowIdentityTests.ledger(w).rows == 22)
    }
}
