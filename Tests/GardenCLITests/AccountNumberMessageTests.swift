import Foundation
import Testing
import GardenStore
@testable import GardenCLI
@testable import GardenCommandKit

/// One rule for an account number in every message (ledger6 item 4, newuser9): all but its last four digits hidden,
/// the rule garden shows a card number by (PCI DSS's display rule, ``PersonalNumberScanner``). The import's closing line
/// showed the last two digits of an OFX `ACCTID` while `resolve --record`'s printed the whole number.
struct AccountNumberMessageTests {
    typealias Workspace = StoreHardeningTests.Workspace
    /// The American Express OFX (`Tests/Fixtures/import-samples`, PROVENANCE.md): `ACCTID` 379700001111222.
    static let amex = ImportCommandTests.samples.appendingPathComponent("us_amex_ofxparse.ofx").path

    @Test func theImportAndRecordSummariesShowTheAccountNumberTheSameWay() {
        let w = Workspace()
        let imported = w.run(["import", Self.amex])
        #expect(imported.code == 0, "\(imported.stderr)")
        let recorded = w.run(["resolve", "--record"], imported.stdout)
        #expect(recorded.code == 0, "\(recorded.stderr)")
        for (what, message) in [("import", imported.stderr), ("record", recorded.stderr)] {
            #expect(message.contains("•••••••••••1222: 3"), "\(what): \(message)")
            #expect(!message.contains("379700001111222"), "\(what): \(message)")
            #expect(!message.contains("•••••••••••••22"), "\(what): \(message)")
        }
    }

    @Test func theMessageRuleKeepsShortNumbersNamesAndMasksAlreadyMasked() {
        #expect(AccountName.shown("379700001111222") == "•••••••••••1222")
        #expect(AccountName.shown("12345-6") == "••345-6")
        #expect(AccountName.shown("9876") == "9876")
        #expect(AccountName.shown("Nubank card CSV") == "Nubank card CSV")
        #expect(AccountName.shown("Itau 2024") == "Itau 2024")
        #expect(AccountName.shown("Conta 0012345-6") == "Conta ••••345-6")
        #expect(AccountName.shown("•••.982.247-•• #d0a5a0d6") == "•••.982.247-•• #d0a5a0d6")
        // An aggregator's account id is an identifier, not an account number.
        #expect(AccountName.shown("3f1c0a4e-0001-4d2b-9a51-connection1") == "3f1c0a4e-0001-4d2b-9a51-connection1")
        // A CPF-shaped name is shown by the CPF rule, as the ledger keeps it.
        #expect(AccountName.shown("529.982.247-25") == "•••.982.247-••")
    }
}
