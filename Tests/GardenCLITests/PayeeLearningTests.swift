import Foundation
import Testing
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands

/// Issue 37: learning that follows the payee. Each test is written for one kind of printed form or store the replay of
/// real histories found learning failing on (a cut name, a reversal, a sequence prefix, two holders in one store); the
/// lines are written for the kind, none copied from a row of the dev set. Each teaches as a user does (`teach`,
/// `recategorize`) and reads what garden decides now.
struct PayeeLearningTests {
    typealias S = CorrectionScopeTests
    typealias Workspace = LearningEndToEndTests.Workspace

    /// What garden decides now (the store's learned state applied), by row id: category, its source and the flow.
    static func decided(_ w: Workspace, _ rows: [String]) throws -> [String: (category: String, source: String, flow: String)] {
        let out = w.run(["resolve"], rows.joined(separator: "\n") + "\n")
        #expect(out.code == 0, "\(out.stderr)")
        var result: [String: (String, String, String)] = [:]
        for line in out.lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            let resolution = object["resolution"] as! [String: Any]
            let category = resolution["category"] as! [String: Any]
            result[resolution["row_id"] as! String] = (category["id"] as! String, category["source"] as! String, resolution["flow"] as? String ?? "")
        }
        return result
    }

    /// A name the bank cut at its column limit follows the one remembered name or brand it begins: `SORVETERIA GIRASS`
    /// after `SORVETERIA GIRASSOL` was taught (two words, the last one cut), `INSTACAR PENDING` after a row of the brand
    /// Instacart was taught (a name key completing to a brand's), each in a line of 16 characters or more or followed
    /// by other columns.
    @Test func aNameCutAtTheColumnLimitFollowsTheTaughtName() throws {
        let w = Workspace()
        let rows = [S.row("g1", "SORVETERIA GIRASSOL", "-14.50"), S.row("g2", "SORVETERIA GIRASS", "-9.00"),
                    S.row("c1", "INSTACART SAN FRANCISCO CA", "-9.99", currency: "USD"), S.row("c2", "INSTACAR PENDING", "-9.99", currency: "USD"),
                    S.row("c3", "INSTACAR 0419 SAN FRANCISCO CA", "-9.99", currency: "USD")]
        S.record(w, rows)
        _ = S.teach(w, "g1", "entertainment")
        _ = S.teach(w, "c1", "subscriptions.software")
        #expect(w.run(["recategorize"]).code == 0)
        let now = try Self.decided(w, rows)
        #expect(now["g2"]?.category == "entertainment", "\(String(describing: now["g2"]))")
        #expect(now["c2"]?.category == "subscriptions.software", "\(String(describing: now["c2"]))")
        #expect(now["c3"]?.category == "subscriptions.software", "\(String(describing: now["c3"]))")
    }

    /// A cut completes only to one remembered name, and only when the cut keeps most of it: two names it begins, or a
    /// short beginning (`SORVETERIA G` is not `SORVETERIA GIRASSOL`), complete to none.
    @Test func aCutCompletesToOneNameAndOnlyWhenItKeepsMostOfIt() throws {
        let w = Workspace()
        let rows = [S.row("a1", "PAPELARIA CORUJAO", "-8"), S.row("a2", "PAPELARIA CORUJINHA", "-8"), S.row("a3", "PAPELARIA CORUJ", "-8"),
                    S.row("b1", "MARCENARIA ALVORADA ESQUADRIAS", "-300"), S.row("b2", "MARCENARIA ALVORADA", "-300")]
        S.record(w, rows)
        _ = S.teach(w, "a1", "education")
        _ = S.teach(w, "a2", "donations")
        _ = S.teach(w, "b1", "donations")
        let now = try Self.decided(w, rows)
        #expect(now["a3"]?.source != "merchant_memory", "\(String(describing: now["a3"]))")
        #expect(now["b2"]?.source != "merchant_memory", "\(String(describing: now["b2"]))")
    }

    /// A reversal follows its purchase: once a merchant's purchases are taught, its money in (`… REV`, a pending
    /// reversal, plain money back) is a refund of that category, not income. Money in from a person paid before
    /// (a transfer, no spending) stays what it was.
    @Test func aReversalIsARefundOfTheTaughtPurchase() throws {
        let w = Workspace()
        let rows = [S.row("p1", "KORVALIS ARTESANAL", "-42.00"), S.row("r1", "KORVALIS ARTESANAL REV", "42.00"),
                    S.row("r2", "KORVALIS ARTESANAL", "12.00"), S.row("r3", "KORVALIS ARTESANAL PENDING", "42.00"),
                    S.row("t1", "PIX ENVIADO - HELENA MARQUES TAVARES", "-50"), S.row("t2", "PIX RECEBIDO - HELENA MARQUES TAVARES", "50")]
        S.record(w, rows)
        let before = try Self.decided(w, rows)
        _ = S.teach(w, "p1", "food.restaurants")
        _ = S.teach(w, "t1", "transfer.person")
        #expect(w.run(["recategorize"]).code == 0)
        let now = try Self.decided(w, rows)
        for id in ["r1", "r2", "r3"] {
            #expect(now[id]?.category == "food.restaurants" && now[id]?.flow == "refund", "\(id): \(String(describing: now[id]))")
        }
        #expect(now["t2"]?.category == before["t2"]?.category && now["t2"]?.flow != "refund", "\(String(describing: now["t2"]))")
    }

    /// A payee whose fees were taught pays out, it does not refund: a card processor's deposit beside its fees (two
    /// lines of one settlement) stays what it was, not a refund of the fee.
    @Test func aProcessorsDepositIsNoRefundOfItsFees() throws {
        let w = Workspace()
        let rows = [S.row("f1", "KRELL PROCESSING  FEES       0152080 CCD ID: 1234", "-35.10", currency: "USD"),
                    S.row("d1", "KRELL PROCESSING  DEPOSIT    0152080 CCD ID: 1234", "900.00", currency: "USD")]
        S.record(w, rows)
        let before = try Self.decided(w, rows)
        _ = S.teach(w, "f1", "fees.bank")
        #expect(w.run(["recategorize"]).code == 0)
        let now = try Self.decided(w, rows)
        #expect(now["d1"]?.category == before["d1"]?.category && now["d1"]?.flow != "refund", "\(String(describing: now["d1"]))")
    }

    /// A bank's cashback credit naming a taught merchant (`Cashback: "Vivo-SP …"` beside the merchant's purchase) is the
    /// bank's line, not the merchant's refund.
    @Test func aCashbackNamingTheMerchantIsNoRefund() throws {
        let w = Workspace()
        let rows = [S.row("p1", "VIVO SP RECARGA", "-20.00", account: "Banco Inter"),
                    S.row("c1", "Cashback: \"Vivo-SP R$ 20,00 - 1a2b3c4d\"", "2.00", account: "Banco Inter")]
        S.record(w, rows)
        #expect(S.identity(w, rows[0]) == S.identity(w, rows[1]))
        _ = S.teach(w, "p1", "entertainment")
        #expect(w.run(["recategorize"]).code == 0)
        let now = try Self.decided(w, rows)
        #expect(now["c1"]?.category == "income.cashback" && now["c1"]?.flow != "refund", "\(String(describing: now["c1"]))")
    }

    /// A sequence prefix the bank numbers anew every month (`HQ443 TFR-TO C/C`, `RG591 TFR-TO C/C`) is no part of the
    /// line's key: a correction of one month's line reaches the next month's, money in and money out.
    @Test func aSequencePrefixNeverMakesANewKeyEachMonth() throws {
        let w = Workspace()
        let rows = [S.row("j1", "HQ443 TFR-TO C/C", "380.80", account: "TD Canada Trust", currency: "CAD"),
                    S.row("f1", "RG591 TFR-TO C/C", "212.40", account: "TD Canada Trust", currency: "CAD"),
                    S.row("j2", "HQ443 TFR-TO C/C", "-380.80", account: "TD Canada Trust", currency: "CAD"),
                    S.row("f2", "WX435 TFR-TO C/C", "-212.40", account: "TD Canada Trust", currency: "CAD")]
        S.record(w, rows)
        #expect(S.identity(w, rows[0]) == S.identity(w, rows[1]), "\(S.identity(w, rows[0])) \(S.identity(w, rows[1]))")
        #expect(!S.identity(w, rows[0]).contains("hq"), "\(S.identity(w, rows[0]))")
        _ = S.teach(w, "j1", "transfer.own")
        _ = S.teach(w, "j2", "transfer.own")
        #expect(w.run(["recategorize"]).code == 0)
        let now = try Self.decided(w, rows)
        #expect(now["f1"]?.category == "transfer.own", "\(String(describing: now["f1"]))")
        #expect(now["f2"]?.category == "transfer.own", "\(String(describing: now["f2"]))")
    }

    /// Two people in one store (`garden me add --name … --account …` for each): one's correction, and the rule it
    /// proposes, never move the other's rows of the same merchant; their own other rows follow.
    @Test func twoHoldersInOneStoreNeverMoveEachOthersRows() throws {
        let w = Workspace()
        #expect(w.run(["me", "add", "--name", "Ana Souza", "--account", "Nubank Ana"]).code == 0)
        #expect(w.run(["me", "add", "--name", "Bruno Lima", "--account", "Itau Bruno"]).code == 0)
        let rows = [S.row("a1", "PADARIA ESTRELA DO SUL", "-18", account: "Nubank Ana"), S.row("a2", "PADARIA ESTRELA DO SUL", "-7", account: "Nubank Ana"),
                    S.row("b1", "PADARIA ESTRELA DO SUL", "-25", account: "Itau Bruno")]
        S.record(w, rows)
        let before = try Self.decided(w, rows)
        let taught = S.teach(w, "a1", "entertainment", apply: true)
        #expect(taught.contains("holder \"anasouza\""), "\(taught)")
        #expect(w.run(["recategorize"]).code == 0)
        let now = try Self.decided(w, rows)
        #expect(now["a2"]?.category == "entertainment", "\(String(describing: now["a2"]))")
        #expect(now["b1"]?.category == before["b1"]?.category, "\(String(describing: now["b1"]))")
    }

    /// A store of one person keeps one memory: a name and an account of theirs (`me add`) scope nothing, and a
    /// correction reaches their rows of every account.
    @Test func oneHolderKeepsOneMemory() throws {
        let w = Workspace()
        #expect(w.run(["me", "add", "--name", "Ana Souza", "--account", "Nubank Ana"]).code == 0)
        let rows = [S.row("a1", "PADARIA ESTRELA DO SUL", "-18", account: "Nubank Ana"), S.row("a2", "PADARIA ESTRELA DO SUL", "-7", account: "Conta Conjunta")]
        S.record(w, rows)
        _ = S.teach(w, "a1", "entertainment")
        #expect(w.run(["recategorize"]).code == 0)
        #expect(try Self.decided(w, rows)["a2"]?.category == "entertainment")
    }
}
