import Foundation
import Testing
import GardenFoundation
@testable import GardenCLI
@testable import GardenCommandKit

/// An account whose number is CPF-shaped is kept masked (`•••.982.247-•• #…`: the CPF never stored in full), and the
/// user still finds it by the number they know (ledger6 item 2): `accounts rename` and `accounts type`, `rows --account`
/// and `export --account` take the full number, typed with or without its dots and dash, compare its masked form with the
/// account's, and never print or store it in full. Two accounts whose masks show the same digits stay two.
struct TypedAccountNumberTests {
    typealias Workspace = StoreHardeningTests.Workspace

    // 52998224725 and 11198224754 are CPFs (check digits right) with the same middle digits: one mask, two accounts.
    static let lines = [
        #"{"date":"2026-10-01","amount":-10,"description":"PADARIA DO ZE","account":"529.982.247-25"}"#,
        #"{"date":"2026-10-02","amount":-11,"description":"MERCADO X","account":"52998224725"}"#,
        #"{"date":"2026-10-03","amount":-12,"description":"MERCADO X","account":"11198224754"}"#,
    ]

    static func rows(_ run: ResolveCommandTests.Run) -> Int { run.stdout.split(separator: "\n").count - 1 }

    @Test func theFullTypedNumberFindsTheMaskedAccountAndOnlyIt() throws {
        let w = Workspace()
        #expect(w.run(["resolve", "--record"], Self.lines.joined(separator: "\n") + "\n").code == 0)
        for typed in ["529.982.247-25", "52998224725"] {
            let rows = w.run(["rows", "--account", typed, "--format", "csv"])
            #expect(rows.code == 0, "\(rows.stderr)")
            #expect(Self.rows(rows) == 2, "\(typed): \(rows.stdout) \(rows.stderr)")
            #expect(CPFPrivacyTests.leaks(rows.stdout + rows.stderr).isEmpty)
            let export = w.run(["export", "--format", "csv", "--account", typed])
            #expect(export.code == 0 && Self.rows(export) == 2, "\(typed): \(export.stdout) \(export.stderr)")
        }
        // 222.982.247-06 is a CPF of the same mask that no account has: none of these rows.
        let other = w.run(["rows", "--account", "222.982.247-06", "--format", "csv"])
        #expect(Self.rows(other) == 0, "another CPF of the same mask is another account: \(other.stdout)")
        #expect(Self.rows(w.run(["rows", "--account", "11198224754", "--format", "csv"])) == 1)

        let typed = w.run(["accounts", "type", "52998224725", "checking"])
        #expect(typed.code == 0, "\(typed.stderr)")
        let renamed = w.run(["accounts", "rename", "529.982.247-25", "Conta Ana"])
        #expect(renamed.code == 0, "\(renamed.stderr)")
        #expect(CPFPrivacyTests.leaks(typed.stdout + typed.stderr + renamed.stdout + renamed.stderr).isEmpty, "\(renamed.stdout)")
        let listed = w.run(["accounts"]).stdout
        #expect(listed.contains("Conta Ana\tchecking\t2 row(s)"), "\(listed)")
        #expect(listed.contains("•••.982.247-••"), "the other account keeps its masked name: \(listed)")
        #expect(Self.rows(w.run(["rows", "--account", "Conta Ana", "--format", "csv"])) == 2)
        #expect(Self.rows(w.run(["rows", "--account", "11198224754", "--format", "csv"])) == 1)
        let raw = try String(contentsOfFile: w.db, encoding: .isoLatin1)
        #expect(!raw.contains("52998224725") && !raw.contains("529.982.247-25") && !raw.contains("11198224754"))
    }

    /// `import --account` with the number typed another way on another bank's file is the account the first label
    /// named: one account, as for any label that is an account's name.
    @Test func aLabelTypedAsTheFullNumberIsTheAccountItNamed() throws {
        let w = Workspace()
        AccountAttachTests.record(w, [ImportCommandTests.samples.appendingPathComponent("br_inter_extrato_min.csv").path, "--account", "529.982.247-25"])
        AccountAttachTests.record(w, [RowIdentityTests.csv, "--account", "52998224725"])
        let ledger = try RowIdentityTests.ledger(w)
        #expect(ledger.rows == 24 && ledger.accounts.count == 1, "\(ledger)")
        let raw = try String(contentsOfFile: w.db, encoding: .isoLatin1)
        #expect(!raw.contains("52998224725") && !raw.contains("529.982.247-25"))
    }

    /// A pending row of a CPF-shaped account waits for its posted twin under the account's masked name: the CPF is not
    /// kept in full in the pending rows' table either, and the posted row still settles it.
    @Test func aPendingRowOfACPFShapedAccountKeepsNoCPFAndIsSettled() throws {
        let w = Workspace()
        let pending = #"{"id":"x1","date":"2026-10-01","amount":-10,"description":"PADARIA DO ZE","account":"529.982.247-25","status":"pending"}"#
        let posted = #"{"id":"x2","date":"2026-10-02","amount":-10,"description":"PADARIA DO ZE","account":"52998224725"}"#
        #expect(w.run(["resolve", "--record"], pending + "\n").code == 0)
        let raw = try String(contentsOfFile: w.db, encoding: .isoLatin1) + ((try? String(contentsOfFile: w.db + "-wal", encoding: .isoLatin1)) ?? "")
        #expect(!raw.contains("52998224725") && !raw.contains("529.982.247-25"))
        #expect(w.run(["resolve", "--record"], posted + "\n").code == 0)
        #expect(try RowIdentityTests.ledger(w).rows == 1)
    }

    /// A number nobody has is still refused by name, masked.
    @Test func anUnknownNumberIsRefusedMasked() {
        let w = Workspace()
        #expect(w.run(["resolve", "--record"], Self.lines[0] + "\n").code == 0)
        let refused = w.run(["accounts", "rename", "74014391400", "X"])
        #expect(refused.code == 65)
        #expect(CPFPrivacyTests.leaks(refused.stdout + refused.stderr).isEmpty, "\(refused.stderr)")
    }
}
