import Foundation
import Testing
import GardenFoundation
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands

/// Issue 10, rules and numbers that must mean what they say: one test per bullet.
struct RuleSemanticsTests {
    typealias Workspace = StoreHardeningTests.Workspace

    static func resolution(_ line: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
        return object["resolution"] as! [String: Any]
    }

    static func category(_ line: String) throws -> String {
        (try resolution(line)["category"] as! [String: Any])["id"] as! String
    }

    /// Operators are strict as written and compare the absolute amount.
    @Test(arguments: [
        ("amount < 10", ["-9.99": true, "-10.00": false, "10.00": false, "9.99": true]),
        ("amount <= 10", ["-9.99": true, "-10.00": true, "10.01": false]),
        ("amount > 50", ["-50.00": false, "-50.01": true, "50.00": false, "50.01": true]),
        ("amount >= 50", ["-50.00": true, "49.99": false, "50.00": true]),
        ("amount 10..50", ["-10.00": true, "50.00": true, "50.01": false, "9.99": false]),
    ])
    func amountOperatorsAreStrictAsWritten(condition: String, expected: [String: Bool]) throws {
        let w = Workspace()
        let file = w.folder + "/amount.rules"
        try #"if description "loja azul" and \#(condition) => category food.restaurants"#.write(toFile: file, atomically: true, encoding: .utf8)
        let cases = Array(expected)
        let run = w.run(["resolve", "--rules", file], cases.map { #"{"description":"LOJA AZUL","amount":\#($0.key)}"# }.joined(separator: "\n") + "\n")
        for ((amount, matches), line) in zip(cases, run.lines) {
            #expect((try Self.category(line) == "food.restaurants") == matches, "\(condition) on \(amount)")
        }
        #expect(run.lines.count == cases.count)
    }

    /// Digit grouping in string amounts follows the currency's convention; without one it is refused.
    @Test(arguments: [
        ("-1.000", "BRL", Int64(-100_000)), ("1,000", "BRL", 100), ("1.234", "BRL", 123_400), ("1.234,56", "BRL", 123_456),
        ("1,000", "USD", 100_000), ("1.000", "USD", 100), ("1.000.000", "EUR", 100_000_000), ("1000.0400", "BRL", 100_004),
        ("1.000", "EUR", nil), ("1,000", "EUR", nil), ("1,23", "BRL", 123),
    ])
    func groupedAmountsFollowTheCurrency(text: String, currency: String, minorUnits: Int64?) throws {
        let doc = try JSONScanner.parse(Array(#"{"description":"X","amount":"\#(text)","currency":"\#(currency)"}"#.utf8))
        let read = Result { try TransactionReader().read(doc) }
        switch (read, minorUnits) {
        case (.success(let t), let expected?):
            #expect(t.amount?.minorUnits == expected, "\(text) \(currency)")
            #expect(!t.amountRounded)
        case (.failure(let error), nil):
            #expect("\(error)".contains("amount") && "\(error)".contains("ambiguous"))
        default:
            Issue.record("\(text) \(currency): \(read)")
        }
    }

    /// recategorize --rule changes exactly the rows a full run changes, whatever field and matching mode.
    @Test(arguments: [#"if memo "aluguel casa praia" => category entertainment"#,
                      #"if description "padaria jose" => category food.restaurants"#,
                      #"if amount > 900 => category shopping.general"#])
    func recategorizeByRuleReachesWhatAFullRunChanges(rule: String) throws {
        let w = Workspace()
        let rows = [#"{"id":"a","description":"PIX ENVIADO","memo":"aluguel casa praia","amount":-1500}"#,
                    #"{"id":"b","description":"PAG*PADARIAJOSE","amount":-12}"#,
                    #"{"id":"c","description":"PADARIA JOSE LTDA","amount":-8}"#,
                    #"{"id":"d","description":"PIX RECEBIDO","counterparty":{"name":"Padaria José"},"amount":30}"#,
                    #"{"id":"e","description":"NETFLIX.COM","amount":-39.90}"#]
        #expect(w.run(["resolve", "--record"], rows.joined(separator: "\n") + "\n").code == 0)
        #expect(w.run(["rules", "add", rule]).code == 0)
        func changed(_ arguments: [String]) throws -> Set<String> {
            let run = w.run(["recategorize", "--dry-run", "--diff"] + arguments)
            #expect(run.code == 0, "\(run.stderr)")
            return Set(try run.lines.map { (try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any])["row_id"] as! String })
        }
        let full = try changed([])
        #expect(!full.isEmpty)
        #expect(try changed(["--rule", "r1"]) == full)
    }

    /// Lint ignores punctuation as matching does.
    @Test func lintSeesOverlapsThroughPunctuation() throws {
        let w = Workspace()
        #expect(w.run(["rules", "add", #"if description "irs (target)" => category taxes.government"#]).code == 0)
        #expect(w.run(["rules", "add", #"if description "target" => category shopping.general"#]).code == 0)
        #expect(w.run(["rules", "add", #"if description "posto-shell" => category transport.fuel"#]).code == 0)
        #expect(w.run(["rules", "add", #"if description "posto shell" => category transport.fuel"#]).code == 0)
        let lint = w.run(["rules", "lint"])
        #expect(lint.stdout.contains("overlap: r1"))
        #expect(lint.stdout.contains("duplicate: r4 repeats r3"))
    }

    /// A rule without a direction firing on money in is money back (refund), never an expense; a rule
    /// naming a catalog brand as merchant gets the brand.
    @Test func directionlessRulesOnMoneyInAndBrandMerchants() throws {
        let w = Workspace()
        let file = w.folder + "/x.rules"
        try """
        if description "padaria jose" => category food.restaurants
        if description "irs target" => category shopping.general, merchant "Target"
        if description "loja do bairro" => merchant "Loja do Bairro"
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let run = w.run(["resolve", "--rules", file], [#"{"description":"PADARIA JOSE","amount":25}"#, #"{"description":"IRS TARGET 123","amount":-5}"#,
                                                        #"{"description":"LOJA DO BAIRRO","amount":-5}"#].joined(separator: "\n") + "\n")
        let refund = try Self.resolution(run.lines[0])
        #expect(refund["direction"] as? String == "in")
        #expect(refund["flow"] as? String == "refund")
        let brand = try Self.resolution(run.lines[1])["merchant"] as! [String: Any]
        #expect(brand["brand"] as? String == "us_target")
        #expect(brand["kind"] as? String == "chain")
        let local = try Self.resolution(run.lines[2])["merchant"] as! [String: Any]
        #expect(local["kind"] as? String == "local")
        #expect(local["brand"] is NSNull)
    }

    /// Control characters separate words, in ASCII and non-ASCII text alike.
    @Test(arguments: ["PAG*PADARIA\u{0}CENTRAL", "PAG*PADARIA\u{1}CENTRAL", "PAG*PADARIA\u{7F}CENTRAL", "PAG*PADARIA\u{85}CENTRAL é"])
    func controlCharactersSeparateWords(text: String) throws {
        let folded = String(decoding: TokenizedText(text).folded, as: UTF8.self)
        #expect(folded.hasPrefix("pag padaria central"))
        let w = Workspace()
        let file = w.folder + "/x.rules"
        try #"if description "padaria central" => category food.restaurants"#.write(toFile: file, atomically: true, encoding: .utf8)
        var line: [UInt8] = []
        JSONWriter.appendEscaped(text, to: &line)
        let run = w.run(["resolve", "--rules", file], #"{"description":"# + String(decoding: line, as: UTF8.self) + #","amount":-5}"# + "\n")
        #expect(try Self.category(run.lines[0]) == "food.restaurants")
    }
}
