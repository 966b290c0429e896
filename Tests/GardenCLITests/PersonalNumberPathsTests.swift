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

/// Every path that stores or prints text masks personal numbers through the one scanner: the ledger's
/// input line and folded descriptor (and so its full-text index), `explain`, `resolve --redact`, `garden
/// import --redact`; and a bank's agency word stays out of a person's name.
struct PersonalNumberPathsTests {
    static let rows = [
        #"{"id":"p1","date":"2026-03-02","description":"PIX ENVIADO 529*982*247*25 JOAO","amount":-5}"#,
        #"{"id":"p2","date":"2026-03-02","description":"COMPRA CARTAO 4111 1111 1111 1111 LOJA AURORA","amount":-7}"#,
        #"{"id":"p3","date":"2026-03-02","description":"PAGTO 5555555555554444 LOJA AURORA","amount":-7}"#,
        #"{"id":"p4","date":"2026-03-02","description":"PIX ENVIADO JOAO PEREIRA LIMA AG 1234 CC 56789-0","amount":-50}"#,
    ]
    static let secrets = ["529*982*247*25", "52998224725", "4111 1111 1111 1111", "4111111111111111", "5555555555554444", "56789-0"]

    static func leaked(_ text: String) -> [String] { secrets.filter { text.contains($0) } }

    @Test func theLedgerItsIndexAndExplainHoldNoPersonalNumber() throws {
        let scratch = ScratchFolder()
        let recorded = scratch.run(["resolve", "--record"], Self.rows.joined(separator: "\n") + "\n")
        #expect(recorded.code == 0, "\(recorded.stderr)")
        let store = try Store(path: scratch.db, access: .read)
        for id in ["p1", "p2", "p3", "p4"] {
            let row = try #require(try store.ledgerRow(id: id))
            #expect(Self.leaked(row.raw + row.folded + row.resolution).isEmpty, "\(id): \(row.raw) \(row.folded)")
            let explained = scratch.run(["explain", "--id", id])
            #expect(explained.code == 0)
            #expect(Self.leaked(explained.stdout + explained.stderr).isEmpty, "\(explained.stdout)")
        }
        // The full-text index holds what the ledger's folded text holds: no digits of those numbers.
        for term in ["529", "4111", "5555555555554444", "56789"] {
            let found = try store.db.prepare("SELECT COUNT(*) FROM ledger_fts WHERE ledger_fts MATCH ?1")
            try found.bind(.text("\"\(term)\""))
            _ = try found.step()
            #expect(found.int(0) == 0, "\(term)")
        }
        // The masked number is still shown by its last digits.
        #expect(try store.ledgerRow(id: "p2")?.raw.contains("•••• •••• •••• 1111") == true)
    }

    /// Issue 33, hostile F16: an amount whose eleven digits are a CPF's is money in every output (resolve --record,
    /// export, rows, budgets), and garden's own export recorded again keeps it.
    @Test func aCPFShapedAmountIsMoneyInEveryOutput() throws {
        let scratch = ScratchFolder()
        let line = #"{"id":"big","date":"2026-10-05","description":"SALARIO","amount":"529982247.25","account":"acct"}"#
        let recorded = scratch.run(["resolve", "--record"], line + "\n")
        #expect(recorded.code == 0, "\(recorded.stderr)")
        #expect(recorded.stdout.contains(#""amount":"529982247.25""#), "\(recorded.stdout)")
        let exported = scratch.run(["export"])
        #expect(exported.stdout.contains(#""amount":"529982247.25""#), "\(exported.stdout)")
        let listed = scratch.run(["rows", "--format", "csv"])
        #expect(!listed.stdout.contains("•"), "\(listed.stdout)")
        let budgets = scratch.run(["budgets", "--month", "2026-10"])
        #expect(!budgets.stdout.contains("•"), "\(budgets.stdout)")
        let again = ScratchFolder()
        let reread = again.run(["resolve", "--record"], exported.stdout)
        #expect(reread.code == 0, "\(reread.stderr)")
        #expect(try Store(path: again.db, access: .read).ledgerRow(id: "big")?.raw.contains(#""amount":"529982247.25""#) == true)
    }

    @Test func redactMasksTheEchoedLine() {
        let resolved = ScratchFolder().run(["resolve", "--redact"], Self.rows.joined(separator: "\n") + "\n")
        #expect(resolved.lines.count == 4)
        #expect(Self.leaked(resolved.stdout).isEmpty, "\(resolved.stdout)")
        #expect(resolved.stdout.contains("PIX ENVIADO •••.982.247-•• JOAO"))
    }

    @Test func anAgencyWordIsNoPartOfAName() throws {
        let resolved = ScratchFolder().run(["resolve"], Self.rows[3] + "\n")
        let object = try JSONSerialization.jsonObject(with: Data(resolved.lines[0].utf8)) as! [String: Any]
        let merchant = (object["resolution"] as! [String: Any])["merchant"] as! [String: Any]
        #expect(merchant["name"] as? String == "Joao Pereira Lima")
        #expect(merchant["kind"] as? String == "person")
    }

    @Test func importRedactMasksTheRowsWritten() throws {
        let scratch = ScratchFolder()
        let ofx = """
            OFXHEADER:100
            DATA:OFXSGML
            VERSION:102

            <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>0341<ACCTID>7788<ACCTTYPE>CHECKING</BANKACCTFROM>
            <BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260302<TRNAMT>-10.00<FITID>A1<NAME>PIX ENVIADO 529.982.247-25<MEMO>CARTAO 4111111111111111</STMTTRN>
            </BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>

            """
        let path = scratch.path + "/statement.ofx"
        try ofx.write(toFile: path, atomically: true, encoding: .utf8)
        let plain = scratch.run(["import", path])
        #expect(plain.code == 0, "\(plain.stderr)")
        #expect(plain.stdout.contains("529.982.247-25"))
        let redacted = scratch.run(["import", "--redact", path])
        #expect(redacted.code == 0, "\(redacted.stderr)")
        #expect(redacted.lines.count == 1)
        #expect(Self.leaked(redacted.stdout).isEmpty && !redacted.stdout.contains("529.982.247-25"), "\(redacted.stdout)")
        #expect(redacted.stdout.contains("PIX ENVIADO •••.982.247-••"))
        #expect(redacted.stdout.contains("CARTAO ••••••••••••1111"))
    }
}
