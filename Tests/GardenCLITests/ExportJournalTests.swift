import Foundation
import Testing
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands

/// What `garden export` writes keeps every posting's amount, declares every commodity as hledger reads it,
/// and keeps distinct accounts distinct, in both journals; each journal passes its own tool's check where the
/// tool is installed (``ExportCheckTests``).
struct ExportJournalTests {
    /// A store holding `rows` (JSON objects), in a scratch folder.
    static func store(_ rows: [String]) -> ScratchFolder {
        let scratch = ScratchFolder()
        let run = scratch.run(["resolve", "--record"], rows.joined(separator: "\n") + "\n")
        #expect(run.code == 0, "\(run.stderr)")
        return scratch
    }

    static func row(_ day: Int, _ description: String, _ amount: String, account: String, currency: String = "BRL", memo: String? = nil) -> String {
        let memoField = memo.map { #","memo":"\#($0)""# } ?? ""
        return #"{"date":"2026-10-\#(String(format: "%02d", day))","description":"\#(description)","amount":\#(amount),"currency":"\#(currency)","account":"\#(account)"\#(memoField)}"#
    }

    /// Writes `text` into the scratch folder and runs `tool` on it, when the tool is installed.
    static func check(_ tool: String?, _ arguments: [String], _ text: String, in scratch: ScratchFolder, suffix: String) throws {
        guard let tool else { return }
        let file = scratch.path + "/ledger." + suffix
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let (status, output) = try ExportCheckTests.run(tool, arguments + [file])
        #expect(status == 0, "\(tool): \(output)\n\(text)")
    }

    /// An account whose name holds a word banks print before an account number (`conta`, `acct`, `CC`) keeps
    /// its postings' amounts whole: the output is masked field by field, never across a posting line.
    @Test func anAccountNamedLikeAnAccountNumberKeepsItsPostingAmounts() throws {
        let scratch = Self.store([
            Self.row(3, "PADARIA DO ZE", "-1234.56", account: "Nubank conta"),
            Self.row(4, "PADARIA DO ZE", "-2345.67", account: "Chase acct"),
            Self.row(5, "PADARIA DO ZE", "-3456.78", account: "Itau CC"),
            Self.row(6, "PAGTO CONTA", "-10.00", account: "Inter", memo: "123456"),
        ])
        for format in ["hledger", "beancount"] {
            let run = scratch.run(["export", "--format", format])
            #expect(run.code == 0)
            for amount in ["-1234.56 BRL", "-2345.67 BRL", "-3456.78 BRL", "1234.56 BRL"] {
                #expect(run.stdout.contains(amount + "\n"), "\(format): \(amount) missing in\n\(run.stdout)")
            }
            #expect(!run.stdout.contains("•"), "\(format): \(run.stdout)")
            if format == "hledger" {
                try Self.check(ExportCheckTests.hledger, ["check", "--strict", "-f"], run.stdout, in: scratch, suffix: "journal")
            } else {
                try Self.check(ExportCheckTests.beanCheck, [], run.stdout, in: scratch, suffix: "beancount")
            }
        }
        // A CSV whose delimiter a bank prints between an account word and its number: the memo stays its own field.
        let csv = scratch.run(["export", "--format", "csv", "--delimiter", ":"])
        #expect(csv.stdout.contains(":PAGTO CONTA:123456:"), "\(csv.stdout)")
        #expect(csv.stdout.contains(":-1234.56:BRL:Nubank conta:"), "\(csv.stdout)")
    }

    /// A commodity without decimals (the yen) is declared with a decimal mark, as hledger requires.
    @Test func aCurrencyWithoutDecimalsIsDeclaredWithADecimalMark() throws {
        let scratch = Self.store([
            Self.row(3, "SUSHI ZANMAI", "-1000", account: "Wise", currency: "JPY"),
            Self.row(4, "PADARIA DO ZE", "-12.50", account: "Nubank"),
        ])
        let run = scratch.run(["export", "--format", "hledger"])
        #expect(run.stdout.contains("commodity 1000. JPY\n"), "\(run.stdout)")
        #expect(run.stdout.contains("commodity 1000.00 BRL\n"))
        #expect(run.stdout.contains("-1000 JPY\n"))
        try Self.check(ExportCheckTests.hledger, ["check", "--strict", "-f"], run.stdout, in: scratch, suffix: "journal")
    }

    /// Rows that name no account and an account named "unknown" are two accounts in both journals (they met in
    /// `assets:unknown`, -12.00 for -5 and -7).
    @Test func rowsWithoutAnAccountAreNotTheAccountNamedUnknown() throws {
        let scratch = Self.store([
            #"{"date":"2026-10-01","description":"PADARIA DO ZE","amount":-5.00,"currency":"BRL"}"#,
            Self.row(2, "PADARIA DO ZE", "-7.00", account: "unknown"),
        ])
        for format in ["hledger", "beancount"] {
            let run = scratch.run(["export", "--format", format])
            #expect(run.code == 0, "\(run.stderr)")
            let postings = run.stdout.split(separator: "\n").map(String.init)
                .filter { $0.hasPrefix("    assets:") || $0.hasPrefix("  Assets:") }
                .map { $0.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ")[0] }
            #expect(postings.count == 2 && Set(postings).count == 2, "\(format): \(postings)")
            if format == "hledger" {
                try Self.check(ExportCheckTests.hledger, ["check", "--strict", "-f"], run.stdout, in: scratch, suffix: "journal")
            } else {
                try Self.check(ExportCheckTests.beanCheck, [], run.stdout, in: scratch, suffix: "beancount")
            }
        }
    }

    /// Accounts that differ only by an accent, a space or a dash, or whose names are in another script, stay
    /// distinct accounts in both journals, each posting to its own.
    @Test func distinctAccountsStayDistinctInBothJournals() throws {
        let accounts = ["Itaú", "Itau", "Сбербанк", "中国银行", "Banco do Brasil", "Banco-do-Brasil", "Banco do  Brasil", "nubank", "Nubank"]
        let scratch = Self.store(accounts.enumerated().map { Self.row($0.offset + 1, "PADARIA DO ZE", "-\($0.offset + 1).00", account: $0.element) })
        for format in ["hledger", "beancount"] {
            let run = scratch.run(["export", "--format", format])
            #expect(run.code == 0)
            let lines = run.stdout.split(separator: "\n").map(String.init)
            let declared = lines.filter { $0.hasPrefix("account assets:") || $0.contains(" open Assets:") }
            #expect(declared.count == accounts.count, "\(format): \(declared)")
            // Each amount posts to its own account: no two rows share an asset posting's account.
            let postings = lines.filter { $0.hasPrefix("    assets:") || $0.hasPrefix("  Assets:") }
                .map { $0.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ")[0] }
            #expect(postings.count == accounts.count)
            #expect(Set(postings).count == accounts.count, "\(format): \(postings)")
            if format == "hledger" {
                try Self.check(ExportCheckTests.hledger, ["check", "--strict", "-f"], run.stdout, in: scratch, suffix: "journal")
            } else {
                #expect(postings.contains("Assets:Itaú") && postings.contains("Assets:Сбербанк") && postings.contains("Assets:X-中国银行"), "\(postings)")
                try Self.check(ExportCheckTests.beanCheck, [], run.stdout, in: scratch, suffix: "beancount")
            }
        }
    }
}
