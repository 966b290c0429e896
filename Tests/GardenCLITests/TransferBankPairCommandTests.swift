import Foundation
import Testing
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands

/// Two equal same-day transfers to the holder's own accounts (issue 20), through `resolve --record` and
/// `link`: each pairs with the credit on the bank its line names, not by recording order.
struct TransferBankPairCommandTests {
    typealias Workspace = LearningEndToEndTests.Workspace

    @Test func eachTransferPairsWithTheCreditOnTheBankItsLineNames() {
        let w = Workspace()
        #expect(w.run(["me", "add", "--name", "Joao Pedro Silva"]).code == 0)
        let rows = """
        {"id":"a","date":"2026-10-05","description":"TED ENVIADA JOAO PEDRO SILVA ITAU UNIBANCO","amount":-1000,"account":"Nubank","payment_method":"ted"}
        {"id":"b","date":"2026-10-05","description":"TED ENVIADA JOAO PEDRO SILVA BANCO BRADESCO","amount":-1000,"account":"Nubank","payment_method":"ted"}
        {"id":"c","date":"2026-10-05","description":"TED RECEBIDA JOAO PEDRO SILVA NU PAGAMENTOS","amount":1000,"account":"Bradesco","payment_method":"ted"}
        {"id":"d","date":"2026-10-05","description":"TED RECEBIDA JOAO PEDRO SILVA NU PAGAMENTOS","amount":1000,"account":"Itau","payment_method":"ted"}
        """
        #expect(w.run(["resolve", "--record"], rows + "\n").code == 0)
        #expect(w.run(["link"]).code == 0)
        let pairs = w.run(["links", "--kind", "transfer_pair", "--json"]).stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["rows"] as? [String]
        }
        #expect(Set(pairs) == [["a", "d"], ["b", "c"]], "\(pairs)")
    }
}
