import Foundation
import Testing
import GardenStore
import GardenLedger
@testable import GardenCLI
@testable import GardenCommandKit

/// A month read again — in another format, after an edit, after its pending rows settled — is the rows recorded before:
/// never a second copy of them, never rows taken out of their account (issue 33; the hostile pass of session 10,
/// hostile10 F13–F15, F26, F2, F3, F19, F22, F24). Files: the real Nubank card statement of October 2026 as CSV and as
/// OFX (`Tests/Fixtures/import-samples`, PROVENANCE.md there); the aggregator pages are made from the OFX's own lines.
struct ReimportKeepsOneRowTests {
    typealias Workspace = StoreHardeningTests.Workspace

    /// The OFX's transactions as one Open Finance Brasil transactions response (`{"data": […]}`): the API gives the
    /// account in the request's URL, so no transaction names it.
    static func openFinancePage() throws -> String {
        let rows = try AccountAttachTests.ofxLines().map { line in
            #"{"transactionId":"of-\#(line.index)","completedAuthorisedPaymentType":"TRANSACAO_EFETIVADA","#
                + #""creditDebitType":"\#(line.debit ? "DEBITO" : "CREDITO")","transactionName":"\#(line.memo)","type":"OUTROS","#
                + #""transactionAmount":{"amount":"\#(line.amount)","currency":"BRL"},"transactionDateTime":"\#(line.day)"}"#
        }
        return #"{"data": ["# + rows.joined(separator: ",") + "]}"
    }

    // MARK: a page that names no account (hostile10 F15)

    /// The OFX of the month, then the same month as an Open Finance response (which names no account) or as a Pluggy
    /// page without `accountId`: the rows are matched and keep the OFX's account — and the OFX read again is still
    /// those 22 rows (hostile10 F15: every row's account wiped, then the OFX recorded the month a second time).
    @Test(arguments: [true, false])
    func aPageThatNamesNoAccountLeavesTheRecordedRowsInTheirAccount(_ openFinance: Bool) throws {
        let w = Workspace()
        AccountAttachTests.record(w, [RowIdentityTests.ofx])
        let before = try RowIdentityTests.ledger(w)
        #expect(before.rows == 22 && before.accounts.count == 1 && !before.accounts.contains("-"), "\(before)")
        let page = openFinance
            ? try Self.openFinancePage()
            : try AccountAttachTests.pluggyPage().replacingOccurrences(of: #""accountId":"pluggy-acc-nu","#, with: "")
        let format = openFinance ? "openfinance" : "pluggy"
        AccountAttachTests.record(w, ["--format", format, "-"], stdin: page)
        AccountAttachTests.record(w, ["--format", format, "-"], stdin: page)   // read twice: its own ids known now
        var after = try RowIdentityTests.ledger(w)
        #expect(after.rows == 22 && after.sum == before.sum && after.accounts == before.accounts, "\(after)")
        AccountAttachTests.record(w, [RowIdentityTests.ofx])
        after = try RowIdentityTests.ledger(w)
        #expect(after.rows == 22 && after.sum == before.sum && after.accounts == before.accounts, "\(after)")
    }

    /// The Pluggy page with its `accountId`, then the same page without it: the rows stay in the page's account.
    @Test func thePluggyPageReadAgainWithoutItsAccountIdKeepsTheAccount() throws {
        let w = Workspace()
        let page = try AccountAttachTests.pluggyPage()
        AccountAttachTests.record(w, ["--format", "pluggy", "-"], stdin: page)
        AccountAttachTests.record(w, ["--format", "pluggy", "-"], stdin: page.replacingOccurrences(of: #""accountId":"pluggy-acc-nu","#, with: ""))
        let ledger = try RowIdentityTests.ledger(w)
        #expect(ledger.rows == 22 && ledger.sum == 17_146 && ledger.accounts == ["pluggy-acc-nu"], "\(ledger)")
    }

    // MARK: a settled pending row edited by hand (hostile10 F14)

    static let pending = #"{"id":"pend-1","date":"2026-10-05","amount":"-45.90","description":"PADARIA DO ZE","account":"nu","status":"pending"}"#
    static let posted = #"{"id":"post-1","date":"2026-10-06","amount":"-45.90","description":"PADARIA DO ZE","account":"nu"}"#

    /// A pending purchase settled by its posted line, then deleted by either id: the posted line read again (the same
    /// export, the next overlapping one) keeps it deleted (hostile10 F14: "1 new", the purchase back).
    @Test(arguments: ["post-1", "pend-1"])
    func aSettledRowDeletedStaysDeletedWhenItsPostedLineIsReadAgain(_ id: String) throws {
        let w = Workspace()
        #expect(w.run(["resolve", "--record"], Self.pending + "\n").code == 0)
        #expect(w.run(["resolve", "--record"], Self.posted + "\n").code == 0)
        #expect(try w.ledger().count == 1)
        #expect(w.run(["row", "delete", id]).code == 0)
        let again = w.run(["resolve", "--record"], Self.posted + "\n")
        #expect(again.code == 0 && again.stderr.contains("deleted"), "\(again.stderr)")
        #expect(try w.ledger().isEmpty)
    }

    /// The same settled row corrected by hand: the posted line read again keeps the correction (hostile10 F14: the
    /// amount written back to the file's).
    @Test func aSettledRowCorrectedKeepsTheCorrectionWhenItsPostedLineIsReadAgain() throws {
        let w = Workspace()
        #expect(w.run(["resolve", "--record"], Self.pending + "\n").code == 0)
        #expect(w.run(["resolve", "--record"], Self.posted + "\n").code == 0)
        #expect(w.run(["row", "correct", "post-1", "--amount", "-50.00"]).code == 0)
        #expect(w.run(["resolve", "--record"], Self.posted + "\n").code == 0)
        let rows = try w.ledger()
        #expect(rows.count == 1)
        #expect(rows.values.first.map { ($0.entry ?? LedgerEntry($0)).input.amount } == -5_000, "\(rows)")
    }

    // MARK: a row moved to another account (hostile10 F13)

    /// The month's CSV recorded, one purchase moved to another account by hand, then the same month as a Pluggy page or
    /// as the OFX (and then the other): the moved purchase is a recorded line — kept where the user put it, not recorded
    /// again in the file's account — and the rest is the month recorded before (hostile10 F13: 23 rows; CSV, move, OFX,
    /// Pluggy: 45, the whole month twice).
    @Test(arguments: [true, false])
    func aRowMovedToAnotherAccountIsNotRecordedAgainByTheNextFormat(_ pluggyFirst: Bool) throws {
        let w = Workspace()
        AccountAttachTests.record(w, [RowIdentityTests.csv])
        let vercel = try #require(try w.ledger().values.first { ($0.entry ?? LedgerEntry($0)).input.description.contains("Vercel") })
        #expect(w.run(["row", "correct", vercel.rowID, "--account", "Outra"]).code == 0)
        let page = w.folder + "/page.json"
        try AccountAttachTests.pluggyPage().write(toFile: page, atomically: true, encoding: .utf8)
        for file in pluggyFirst ? [page, RowIdentityTests.ofx] : [RowIdentityTests.ofx, page] {
            AccountAttachTests.record(w, file == page ? ["--format", "pluggy", page] : [file])
            let ledger = try RowIdentityTests.ledger(w)
            #expect(ledger.rows == 22 && ledger.sum == 17_146 && ledger.accounts.count == 2 && ledger.accounts.contains("Outra"), "\(file): \(ledger)")
            let moved = try w.ledger().values.filter { ($0.entry ?? LedgerEntry($0)).input.description.contains("Vercel") }
            #expect(moved.count == 1 && moved.first.map { ($0.entry ?? LedgerEntry($0)).input.account } == "Outra", "\(moved)")
        }
    }

    // MARK: a file that went through a spreadsheet's wrong encoding (hostile10 F26)

    /// The month's CSV after a spreadsheet read its UTF-8 as Windows-1252 and saved it again (`Boleto no CrÃ©dito`,
    /// `ZÃ© Delivery`), and the month's OFX, either order: 22 rows, the descriptions repaired (hostile10 F26: 26 rows,
    /// each accented line twice — the id was made from the damaged text).
    @Test(arguments: [true, false])
    func aFileWithSpreadsheetDamagedAccentsIsTheSameMonth(_ damagedFirst: Bool) throws {
        let w = Workspace()
        let clean = try String(contentsOfFile: RowIdentityTests.csv, encoding: .utf8)
        let damaged = try #require(String(data: Data(clean.utf8), encoding: .windowsCP1252))
        #expect(damaged.contains("Ã©") && damaged != clean)
        let file = w.folder + "/damaged.csv"
        try damaged.write(toFile: file, atomically: true, encoding: .utf8)
        for arguments in damagedFirst ? [[file], [RowIdentityTests.ofx]] : [[RowIdentityTests.ofx], [file]] {
            AccountAttachTests.record(w, arguments)
        }
        let ledger = try RowIdentityTests.ledger(w)
        #expect(ledger.rows == 22 && ledger.sum == 17_146, "\(ledger)")
        let texts = try w.ledger().values.map { ($0.entry ?? LedgerEntry($0)).input.description }
        #expect(!texts.contains { $0.contains("Ã") } && texts.contains { $0.contains("Crédito") }, "\(texts)")
    }

    // MARK: the same month in two layouts, a label on one side (hostile10 F2, F3, F22, F24)

    /// The Nubank card CSV rewritten as a generic pt-BR export (`Data;Descrição;Valor`, dd/mm/yyyy, charges negative):
    /// the same 22 lines in another layout.
    static func genericCSV(_ w: Workspace) throws -> String {
        let csv = try String(contentsOfFile: RowIdentityTests.csv, encoding: .utf8)
        var lines = ["Data;Descrição;Valor"]
        for line in csv.split(separator: "\n").dropFirst() {
            guard let match = line.wholeMatch(of: #/(\d{4})-(\d{2})-(\d{2}),(.*),"(-?) ?([\d.,]+)"/#) else { continue }
            let (_, year, month, day, title, minus, amount) = match.output
            lines.append("\(day)/\(month)/\(year);\(title);\(minus.isEmpty ? "-" : "")\(amount)")
        }
        #expect(lines.count == 23)
        let path = w.folder + "/generic.csv"
        try lines.joined(separator: "\n").appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The bank's CSV and a generic CSV of the same month, neither labelled, either order: every line of the second
    /// is a recorded row of the first's account — 22 rows (hostile10 F2: 44, the month's spending doubled). A generic
    /// CSV of other purchases read after them is not the bank CSV's account: the generic layout's own (a new one when
    /// the bank's CSV came first), as two unnamed files of one layout are.
    @Test(arguments: [true, false])
    func theSameMonthInTwoCSVLayoutsIsOneMonth(_ bankFirst: Bool) throws {
        let w = Workspace()
        let generic = try Self.genericCSV(w)
        AccountAttachTests.record(w, [bankFirst ? RowIdentityTests.csv : generic])
        AccountAttachTests.record(w, [bankFirst ? generic : RowIdentityTests.csv])
        var ledger = try RowIdentityTests.ledger(w)
        #expect(ledger.rows == 22 && ledger.sum == 17_146 && ledger.accounts.count == 1, "\(ledger)")
        let other = w.folder + "/other.csv"
        try "Data;Descrição;Valor\n02/11/2026;Padaria Sao Jorge;-9,50\n03/11/2026;Posto Shell;-120,00\n04/11/2026;Farmacia Pague Menos;-33,10\n"
            .write(toFile: other, atomically: true, encoding: .utf8)
        AccountAttachTests.record(w, [other])
        ledger = try RowIdentityTests.ledger(w)
        #expect(ledger.rows == 25 && ledger.accounts.count == (bankFirst ? 2 : 1), "\(ledger)")
    }

    /// The same month with `--account` on one file only, the other naming no account (the bank's CSV, an Open Finance
    /// response): 22 rows in one account, in all four arrangements (hostile10 F3: 44).
    @Test(arguments: [(true, true), (true, false), (false, true), (false, false)])
    func theSameMonthWithALabelOnOneFileOnlyIsOneMonth(_ csvFirst: Bool, _ labelOnFirst: Bool) throws {
        let w = Workspace()
        let page = w.folder + "/of.json"
        try Self.openFinancePage().write(toFile: page, atomically: true, encoding: .utf8)
        let files = csvFirst ? [RowIdentityTests.csv, page] : [page, RowIdentityTests.csv]
        for (index, file) in files.enumerated() {
            let format = file == page ? ["--format", "openfinance"] : []
            AccountAttachTests.record(w, format + ((index == 0) == labelOnFirst ? ["--account", "Nu Ana"] : []) + [file])
        }
        let ledger = try RowIdentityTests.ledger(w)
        #expect(ledger.rows == 22 && ledger.sum == 17_146 && ledger.accounts == ["Nu Ana"], "\(ledger)")
    }

    /// One month's CSV and another month's OFX of one card (the OFX's dates moved a year on), both under `--account Nu`:
    /// one account "Nu" (hostile10 F24: accounts "Nu" and "Nu #…"; with overlapping bills the overlap twice). Another OFX
    /// account labelled with the name of the account an OFX account of the store is stays two accounts.
    @Test func theSameLabelOnAFileThatStatesItsAccountIsThatAccount() throws {
        let w = Workspace()
        AccountAttachTests.record(w, ["--account", "Nu", RowIdentityTests.csv])
        let ofx = try String(contentsOfFile: RowIdentityTests.ofx, encoding: .utf8)
        let november = w.folder + "/november.ofx"
        try ofx.replacingOccurrences(of: "<DTPOSTED>2026", with: "<DTPOSTED>2027").write(toFile: november, atomically: true, encoding: .utf8)
        AccountAttachTests.record(w, ["--account", "Nu", november])
        var ledger = try RowIdentityTests.ledger(w)
        #expect(ledger.rows == 44 && ledger.accounts == ["Nu"], "\(ledger)")
        AccountAttachTests.record(w, ["--account", "Nu", RowIdentityTests.ofx])      // October again, as OFX
        ledger = try RowIdentityTests.ledger(w)
        #expect(ledger.rows == 44 && ledger.accounts == ["Nu"], "\(ledger)")
        // Two OFX accounts are two accounts, whatever the label says.
        let other = w.folder + "/other.ofx"
        try ofx.replacingOccurrences(of: "<ACCTID>", with: "<ACCTID>9").replacingOccurrences(of: "<DTPOSTED>2026", with: "<DTPOSTED>2028")
            .write(toFile: other, atomically: true, encoding: .utf8)
        AccountAttachTests.record(w, ["--account", "Nu", other])
        #expect(try RowIdentityTests.ledger(w).accounts.count == 2)
    }
}
