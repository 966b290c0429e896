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

/// `garden link`, `links`, `budgets` and `explain --id` end to end on a fresh store: every link kind,
/// idempotence, the journal and exact undo, and links kept when rows are recorded again.
struct LinkCommandTests {
    static let rows = """
    {"id":"n1","date":"2026-10-01","description":"NETFLIX.COM","amount":-55.90,"account":"Nubank"}
    {"id":"n2","date":"2026-10-10","description":"Estorno NETFLIX.COM","amount":20.00,"account":"Nubank"}
    {"id":"x1","date":"2026-10-11","description":"Estorno SPOTIFY","amount":20.00,"account":"Nubank"}
    {"id":"s1","date":"2026-10-03","description":"STEAMGAMES.COM","amount":-200.00,"account":"Nubank","original_currency":"USD"}
    {"id":"s2","date":"2026-10-04","description":"IOF COMPRA INTERNACIONAL","amount":-6.76,"account":"Nubank"}
    {"id":"t1","date":"2026-10-05","description":"Pix enviado","amount":-500.00,"account":"Nubank","end_to_end_id":"E18236120202610051200s0123456789","counterparty":{"name":"Joao Pedro Alves"}}
    {"id":"t2","date":"2026-10-05","description":"Pix recebido","amount":500.00,"account":"Itau","end_to_end_id":"E18236120202610051200s0123456789","counterparty":{"name":"Joao Pedro Alves"}}
    {"id":"p1","date":"2026-09-15","description":"LOJA AURORA PARC 01/03","amount":-100.00,"account":"Nubank"}
    {"id":"p2","date":"2026-10-15","description":"LOJA AURORA PARC 02/03","amount":-100.00,"account":"Nubank"}
    {"id":"r1","date":"2026-08-05","description":"Pix enviado - Joana Lima","amount":-2300.00,"account":"Itau","payment_method":"pix","counterparty":{"name":"Joana Lima"}}
    {"id":"r2","date":"2026-09-05","description":"Pix enviado - Joana Lima","amount":-2300.00,"account":"Itau","payment_method":"pix","counterparty":{"name":"Joana Lima"}}
    {"id":"r3","date":"2026-10-05","description":"Pix enviado - Joana Lima","amount":-2484.00,"account":"Itau","payment_method":"pix","counterparty":{"name":"Joana Lima"}}
    {"id":"d1","date":"2026-10-20","description":"BAR AURORA","amount":-180.00,"account":"Nubank"}
    {"id":"d2","date":"2026-10-21","description":"Pix recebido Maria Souza","amount":60.00,"account":"Nubank","payment_method":"pix","counterparty":{"name":"Maria Souza"}}
    {"id":"w1","date":"2026-10-22","description":"SAQUE 24H BANCO24HORAS","amount":-200.00,"account":"Itau"}
    """

    typealias Workspace = LearningEndToEndTests.Workspace

    func links(_ w: Workspace) throws -> [[String: Any]] {
        try w.run(["links", "--json"]).stdout.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    func summary(_ links: [[String: Any]]) -> [String] {
        links.map { "\($0["kind"]!) \($0["status"]!) \(($0["rows"] as! [String]).joined(separator: ","))" }.sorted()
    }

    @Test func linksEveryKindOnceAndLinkingAgainChangesNothing() throws {
        let w = Workspace()
        #expect(w.run(["resolve", "--record"], Self.rows).code == 0)
        let run = w.run(["link"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("15 row(s) examined: 7 link(s) added"))
        #expect(summary(try links(w)) == ["fee applied s1,s2", "installment_plan applied p1,p2", "recurring applied r1,r2,r3", "refund applied n1,n2",
                                          "reimbursement suggested d1,d2", "transfer_pair applied t1,t2", "transfer_pair applied w1"])
        let series = try links(w).first { $0["kind"] as? String == "recurring" }?["series"] as? [String: Any]
        #expect(series?["change"] as? String == "Joana Lima went up 8 %: R$ 2.300,00 → R$ 2.484,00")
        #expect(series?["next_expected"] as? String == "2026-11-05")
        let history = w.run(["undo", "--list"]).stdout
        #expect(w.run(["link"]).stdout.hasPrefix("0 row(s) examined: 0 link(s) added, 0 changed, 0 removed"))
        #expect(w.run(["link", "--since", "2026-08-01"]).stdout.hasPrefix("15 row(s) examined: 0 link(s) added, 0 changed, 0 removed, 7 unchanged"))
        #expect(w.run(["undo", "--list"]).stdout == history)
    }

    @Test func aDryRunWritesNothing() throws {
        let w = Workspace()
        _ = w.run(["resolve", "--record"], Self.rows)
        #expect(w.run(["link", "--dry-run"]).stdout.contains("7 link(s) added"))
        #expect(try links(w).isEmpty)
        #expect(w.run(["link"]).stdout.contains("7 link(s) added"))
    }

    @Test func undoRestoresTheLinksExactly() throws {
        let w = Workspace()
        _ = w.run(["resolve", "--record"], Self.rows)
        _ = w.run(["link"])
        let before = w.run(["links", "--json"]).stdout
        // A second, smaller refund and an accepted suggestion, then both undone.
        _ = w.run(["resolve", "--record"], #"{"id":"n3","date":"2026-10-12","description":"Estorno NETFLIX.COM","amount":5.00,"account":"Nubank"}"#)
        #expect(w.run(["link"]).stdout.hasPrefix("1 row(s) examined: 1 link(s) added"))
        let suggestion = try links(w).first { $0["kind"] as? String == "reimbursement" }!["id"] as! Int
        #expect(w.run(["links", "--accept", String(suggestion)]).code == 0)
        #expect(w.run(["links", "--id", "d1"]).stdout.contains(#""net_amount":-120.00"#))
        #expect(w.run(["undo"]).code == 0)
        #expect(w.run(["links", "--id", "d1"]).stdout.contains(#""net_amount":-180.00"#))
        #expect(w.run(["undo"]).code == 0)
        #expect(w.run(["links", "--json"]).stdout == before)
        // The undone run's row counts as unexamined again: linking redoes the same link.
        #expect(w.run(["link"]).stdout.hasPrefix("1 row(s) examined: 1 link(s) added"))
        _ = w.run(["undo"])
        _ = w.run(["undo"])
        #expect(try links(w).isEmpty)
    }

    @Test func recordingRowsAgainKeepsTheirLinks() throws {
        let w = Workspace()
        _ = w.run(["resolve", "--record"], Self.rows)
        _ = w.run(["link"])
        let before = w.run(["links", "--json"]).stdout
        // The same rows resolved differently (a rule changes a category): recorded again, links stay.
        let rules = FileManager.default.temporaryDirectory.appendingPathComponent("garden-link-\(UUID().uuidString).rules").path
        try "if description \"bar aurora\" => category food.groceries\n".write(toFile: rules, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: rules) }
        #expect(w.run(["resolve", "--record", "--rules", rules], Self.rows).code == 0)
        #expect(w.run(["links", "--json"]).stdout == before)
        // The changed row, and the refund n2, now decided by its link (a refund of n1's category, issue 37), so recorded
        // differently from when it was linked.
        #expect(w.run(["link"]).stdout.hasPrefix("2 row(s) examined: 0 link(s) added, 0 changed, 0 removed, 2 unchanged"))
        #expect(w.run(["links", "--json"]).stdout == before)
        #expect(w.run(["links", "--id", "n1"]).stdout.contains(#""links":[{"kind":"refund","status":"applied","rows":["n2"]}],"net_amount":-35.90"#))
    }

    @Test func budgetsCountNetCost() throws {
        let w = Workspace()
        _ = w.run(["resolve", "--record"], Self.rows)
        _ = w.run(["link"])
        let october = w.run(["budgets", "--month", "2026-10", "--json"]).stdout
        // Netflix 55.90 − 20.00 refunded; Steam 200.00 + 6.76 IOF and the parcel 100.00; the Spotify credit
        // refunds nothing of this ledger, so it lowers its own budget.
        let lines = october.components(separatedBy: "{\"id\":").dropFirst().map { $0.components(separatedBy: ",\"rows\"")[0] }
        #expect(lines == [#""assinaturas","name":"Subscriptions","currency":"BRL","net_cost":15.90"#,
                          #""comer_fora","name":"Eating out","currency":"BRL","net_cost":180.00"#,
                          #""compras","name":"Shopping","currency":"BRL","net_cost":306.76"#])
        #expect(october.hasSuffix(#""transfers_excluded":3}"# + "\n"))
        let atPurchase = w.run(["budgets", "--month", "2026-09", "--installments", "at-purchase"]).stdout
        #expect(atPurchase.contains("R$300.00  (1 row(s))"))
        #expect(w.run(["budgets", "--month", "2026-13"]).code == 64)
    }

    @Test func explainShowsARowsLinksAndNetAmount() {
        let w = Workspace()
        _ = w.run(["resolve", "--record"], Self.rows)
        _ = w.run(["link"])
        let explained = w.run(["explain", "--id", "s1"]).stdout
        #expect(explained.contains("fee applied 90 % with s2"))
        #expect(explained.contains("net amount    -R$206.76"))
        #expect(w.run(["explain", "--id", "s1", "--json"]).stdout.contains(#""links":[{"kind":"fee","status":"applied","rows":["s2"]}],"net_amount":-206.76"#))
    }
}
