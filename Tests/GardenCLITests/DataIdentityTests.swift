import Foundation
import Testing
import GardenStore
import GardenSQLite
import GardenLedger
@testable import GardenCLI
@testable import GardenCommandKit

/// Issue 33, what the hostile pass of session 8 still found doubled (B15, B17, B18, B20, B24, B25), each through the
/// command line as a user meets it: one purchase, one row; one account, one account. Files: the real Nubank card
/// statement of October 2026 and Banco do Brasil's OFX (`Tests/Fixtures/import-samples`, PROVENANCE.md there); the
/// Pluggy pages, the cut OFX and the two-statement OFX are written here, as `tools/issue33/repro_all.sh` writes them.
struct DataIdentityTests {
    typealias Workspace = StoreHardeningTests.Workspace

    static func record(_ w: Workspace, _ arguments: [String], stdin: String? = nil) {
        AccountAttachTests.record(w, arguments, stdin: stdin)
    }

    /// The ledger's rows, their sum in minor units and their accounts.
    static func ledger(_ w: Workspace) throws -> (rows: Int, sum: Int64, accounts: Set<String>) {
        try RowIdentityTests.ledger(w)
    }

    // MARK: B25, an account's name in another case

    /// `--account nubank` after `--account Nubank` (and `NUBANK`, and spaces around it) is the same account: the
    /// month once, under the name first given. Accents are part of a name: `Itaú` and `Itau` stay two accounts.
    @Test func anAccountNamedAgainInAnotherCaseIsTheSameAccount() throws {
        let w = Workspace()
        for name in ["Nubank", "nubank", "NUBANK", "  Nubank"] { Self.record(w, [RowIdentityTests.csv, "--account", name]) }
        var ledger = try Self.ledger(w)
        #expect(ledger.rows == 22 && ledger.sum == 17_146 && ledger.accounts == ["Nubank"], "\(ledger)")
        let accents = Workspace()
        for name in ["Itaú", "Itau"] { Self.record(accents, [RowIdentityTests.csv, "--account", name]) }
        ledger = try Self.ledger(accents)
        #expect(ledger.rows == 44 && ledger.accounts == ["Itaú", "Itau"], "\(ledger)")
    }

    /// A store of schema 17, whose label keys kept their case (`file:csv/nubank_card@Nubank Ana`), is migrated: the key
    /// folded, and the month read again under the name in another case is the same 22 rows.
    @Test func aStoreOfSchema17HasItsLabelKeysFolded() throws {
        let w = Workspace()
        Self.record(w, [RowIdentityTests.csv, "--account", "Nubank Ana"])
        // What an older garden left: the label as typed in the key, schema 17.
        do {
            let db = try Database(path: w.db)
            try db.execute("""
                UPDATE accounts SET key = 'file:csv/nubank_card@Nubank Ana';
                UPDATE ledger SET raw = json_set(raw, '$.account_key', 'file:csv/nubank_card@Nubank Ana');
                PRAGMA user_version = 17;
                """)
        }
        Self.record(w, [RowIdentityTests.csv, "--account", "NUBANK ANA"])
        let db = try Database(path: w.db)
        let keys = try db.prepare("SELECT key FROM accounts").all { $0.text(0) ?? "" }
        #expect(keys == ["file:csv/nubank_card@nubank ana"])
        let version = try db.prepare("PRAGMA user_version").all { $0.int(0) }
        #expect(version == [Int64(Migrations.all.count)])
        let ledger = try Self.ledger(w)
        #expect(ledger.rows == 22 && ledger.sum == 17_146 && ledger.accounts == ["Nubank Ana"], "\(ledger)")
    }

    // MARK: B24, rows moved to an account by hand

    /// Every row of the month moved to "Nubank Roxinho" with `row correct --account`, then the same file read with
    /// `--account "Nubank Roxinho"` (or the name in lower case): the same 22 rows in that account, not 44.
    @Test func rowsMovedToAnAccountByHandAreThatAccountsRowsWhenTheFileIsReadUnderItsName() throws {
        let w = Workspace()
        Self.record(w, [RowIdentityTests.csv])
        for id in try Store(path: w.db, access: .read).ledgerRowIDs() {
            let moved = w.run(["row", "correct", id, "--account", "Nubank Roxinho"])
            #expect(moved.code == 0, "\(moved.stderr)")
        }
        Self.record(w, [RowIdentityTests.csv])
        Self.record(w, [RowIdentityTests.csv, "--account", "Nubank Roxinho"])
        Self.record(w, [RowIdentityTests.csv, "--account", "nubank roxinho"])
        let ledger = try Self.ledger(w)
        #expect(ledger.rows == 22 && ledger.sum == 17_146 && ledger.accounts == ["Nubank Roxinho"], "\(ledger)")
        let listed = w.run(["accounts"]).stdout
        #expect(listed.contains("Nubank Roxinho") && !listed.contains("#"), "\(listed)")
    }

    /// `undo` of a `row correct --account` that made a new account puts the row back and removes the account.
    @Test func undoingAMoveToANewAccountPutsTheRowBack() throws {
        let w = Workspace()
        Self.record(w, [RowIdentityTests.csv])
        let id = try #require(try Store(path: w.db, access: .read).ledgerRowIDs().first)
        #expect(w.run(["row", "correct", id, "--account", "Conta Nova"]).code == 0)
        #expect(try Self.ledger(w).accounts == ["Nubank card CSV", "Conta Nova"])
        #expect(w.run(["undo"]).code == 0)
        #expect(try Self.ledger(w).accounts == ["Nubank card CSV"])
        #expect(!w.run(["accounts"]).stdout.contains("Conta Nova"))
    }

    // MARK: B17, garden's own export read again

    /// The month of a labelled card CSV and a bank's OFX, exported as CSV (`,` and `;` with decimal commas) and read
    /// again: the same 103 rows in the same two accounts (its `row_id` is the row, its `account` the account).
    @Test(arguments: [",", ";"])
    func gardensOwnCSVExportReadAgainIsTheSameRowsInTheirAccounts(_ delimiter: String) throws {
        let w = Workspace()
        Self.record(w, [RowIdentityTests.csv, "--account", "nu"])
        Self.record(w, [ImportCommandTests.samples.appendingPathComponent("br_bb_rubyofx.ofx").path])
        let before = try Self.ledger(w)
        #expect(before.rows == 103 && before.accounts.count == 2, "\(before)")
        let exported = w.run(["export", "--format", "csv", "--delimiter", delimiter])
        #expect(exported.code == 0, "\(exported.stderr)")
        let file = w.folder + "/export.csv"
        try exported.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        let imported = w.run(["import", file])
        #expect(imported.stderr.contains("read as csv garden"), "\(imported.stderr)")
        Self.record(w, [file])
        let after = try Self.ledger(w)
        #expect(after.rows == before.rows && after.sum == before.sum && after.accounts == before.accounts, "\(after) vs \(before)")
    }

    // MARK: B15, a pending row settled at another amount

    static func pluggy(_ id: String, _ date: String, _ description: String, _ amount: String, pending: Bool) -> String {
        PendingRowTests.pluggy(id, date, status: pending ? "PENDING" : nil, amount: amount, description: description)
    }

    static func page(_ w: Workspace, _ rows: String...) {
        Self.record(w, ["--format", "pluggy", "-"], stdin: PendingRowTests.page(rows.joined(separator: ",")))
    }

    static func spent(_ w: Workspace) -> String {
        w.run(["budgets", "--month", "2026-10"]).stdout.split(separator: "\n").first { $0.hasPrefix("spent ") }.map(String.init) ?? ""
    }

    /// A restaurant's authorisation of R$ 100,00 posted as R$ 115,00 with the tip, a fuel pump's R$ 1,00
    /// pre-authorisation posted as R$ 187,45, and a purchase whose description the bank rewrote between the pending
    /// and the posted row (no merchant identity on either): each one row, the posted amount, counted once.
    @Test(arguments: [("RESTAURANTE BOM", "100", "RESTAURANTE BOM", "115", "spent R$115.00"),
                      ("POSTO SHELL", "1", "POSTO SHELL", "187.45", "spent R$187.45"),
                      ("IFD*RESTAURANTE SP", "45.9", "IFOOD *RESTAURANTE", "45.9", "spent R$45.90")])
    func aPostedRowSettlesItsAuthorisationAtAnotherAmountOrUnderAnotherText(_ pending: String, _ authorised: String, _ posted: String,
                                                                            _ amount: String, _ spent: String) throws {
        for postedFirst in [false, true] {
            let w = Workspace()
            let rows = [Self.pluggy("p-1", "2026-10-03", pending, authorised, pending: true), Self.pluggy("q-1", "2026-10-04", posted, amount, pending: false)]
            for row in postedFirst ? rows.reversed() : rows { Self.page(w, row) }
            #expect(try Self.ledger(w).rows == 1, "posted first: \(postedFirst)")
            #expect(Self.spent(w).hasPrefix(spent + ";"), "posted first: \(postedFirst): \(Self.spent(w))")
        }
    }

    /// A posted purchase at a merchant whose other purchase the same page still lists as pending settles nothing: the
    /// newest page says that one has not posted. Two rows.
    @Test func aPendingRowTheNewestPageStillListsIsNotTakenByAnotherAmount() throws {
        let w = Workspace()
        Self.page(w, Self.pluggy("p-1", "2026-10-03", "RESTAURANTE BOM", "100", pending: true))
        Self.page(w, Self.pluggy("q-1", "2026-10-04", "RESTAURANTE BOM", "30", pending: false),
                  Self.pluggy("p-1", "2026-10-03", "RESTAURANTE BOM", "100", pending: true))
        #expect(try Self.ledger(w).rows == 2)
    }

    // MARK: B18, B20, OFX

    static let cutOFX = """
        OFXHEADER:100
        DATA:OFXSGML
        VERSION:102

        <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>123456789<ACCTID>5555<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>
        <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261003<TRNAMT>-45.12<FITID>A1<NAME>AMAZON MKTPLACE PMTS AMZN.COM/BI MEMOTAG
        <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261004<TRNAMT>-12.00<FITID>A2<NAME>NETFLIX.COM<MEMO>NETFLIX.COM</STMTTRN>
        </BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>

        """

    static let fullCSV = "Date,Description,Amount\n10/03/2026,AMAZON MKTPLACE PMTS AMZN.COM/BILL WA,-45.12\n10/04/2026,NETFLIX.COM,-12.00\n"

    /// An OFX 1.x whose `NAME` is cut at 32 characters (with the whole text in `MEMO`, or without it) and the CSV of the
    /// same rows with the whole text: two rows, whichever is read first (where the OFX holds the whole text somewhere).
    @Test(arguments: [(true, false), (true, true), (false, false)])
    func anOFXNameCutAt32CharactersIsTheCSVsLine(_ memo: Bool, _ csvFirst: Bool) throws {
        let w = Workspace()
        let ofx = w.folder + "/t.ofx", csv = w.folder + "/t.csv"
        let tag = memo ? "<MEMO>AMAZON MKTPLACE PMTS AMZN.COM/BILL WA</STMTTRN>" : "</STMTTRN>"
        try Self.cutOFX.replacingOccurrences(of: " MEMOTAG", with: tag).write(toFile: ofx, atomically: true, encoding: .utf8)
        try Self.fullCSV.write(toFile: csv, atomically: true, encoding: .utf8)
        for file in csvFirst ? [csv, ofx] : [ofx, csv] { Self.record(w, [file]) }
        let ledger = try Self.ledger(w)
        #expect(ledger.rows == 2 && ledger.sum == -5_712, "\(ledger)")
    }

    /// One transaction (same `FITID`, date, amount and name) in two overlapping statements of one account in one OFX is
    /// read once, and the import says so; three rows.
    @Test func oneFITIDInTwoOverlappingStatementsOfOneAccountIsOneRow() throws {
        let w = Workspace()
        let statement = { (rows: String) in
            "<STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>001<ACCTID>777<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>\n"
                + rows + "</BANKTRANLIST></STMTRS></STMTTRNRS>\n"
        }
        let line = { (fitid: String, date: String, amount: String, name: String) in
            "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>\(date)<TRNAMT>\(amount)<FITID>\(fitid)<NAME>\(name)</STMTTRN>\n"
        }
        let padaria = line("X1", "20261003", "-45.00", "PADARIA DO ZE")
        let text = "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1>\n"
            + statement(line("X0", "20261001", "-10.00", "MERCADO A") + padaria)
            + statement(padaria + line("X2", "20261005", "-20.00", "FARMACIA B"))
            + "</BANKMSGSRSV1></OFX>\n"
        let file = w.folder + "/dup.ofx"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let imported = w.run(["import", file])
        #expect(imported.stderr.contains("3 rows read as ofx") && imported.stderr.contains("1 skipped (the same transaction as an earlier statement"),
                "\(imported.stderr)")
        Self.record(w, [file])
        let ledger = try Self.ledger(w)
        #expect(ledger.rows == 3 && ledger.sum == -7_500, "\(ledger)")
        // Inside one statement, two equal lines under one FITID (an exporter that numbers nothing) stay two purchases.
        let one = Workspace()
        let same = one.folder + "/same.ofx"
        try ("OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1>\n" + statement(padaria + padaria) + "</BANKMSGSRSV1></OFX>\n")
            .write(toFile: same, atomically: true, encoding: .utf8)
        Self.record(one, [same])
        #expect(try Self.ledger(one).rows == 2)
    }
}
