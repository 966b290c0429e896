import Foundation
import Testing
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands
import GardenFoundation
import GardenCatalog

/// `a|b|c` in a rule's text (issue 20): alternatives, as a user of hledger's `if` matchers expects, each a
/// whole text matched through the automaton like any other; grouping brackets and empty alternatives are
/// errors naming the rule.
struct RuleAlternativesTests {
    typealias Workspace = StoreHardeningTests.Workspace

    @Test func anyAlternativeMatchesAndOnlyThey() throws {
        let w = Workspace()
        let file = w.folder + "/ride.rules"
        try #"if description "uber|99 taxi|cabify*" and direction out => category transport.public"#.write(toFile: file, atomically: true, encoding: .utf8)
        let rows = ["UBER *TRIP", "99 TAXI SAO PAULO", "CABIFYBR*VIAGEM", "TAXI DO ZE", "99 PIZZAS", "UBER|99 TAXI|CABIFY"]
        let run = w.run(["resolve", "--rules", file], rows.map { #"{"description":"\#($0)","amount":-10}"# }.joined(separator: "\n") + "\n")
        let categories = try run.lines.map(RuleSemanticsTests.category)
        #expect(zip(rows, categories).map { $1 == "transport.public" } == [true, true, true, false, false, true], "\(categories)")
    }

    @Test func aMerchantConditionTakesAlternativesToo() throws {
        let w = Workspace()
        let file = w.folder + "/m.rules"
        try #"if merchant "padaria aurora|padaria sol" => category food.groceries"#.write(toFile: file, atomically: true, encoding: .utf8)
        let run = w.run(["resolve", "--rules", file], #"{"description":"PADARIA SOL LTDA","amount":-10}"# + "\n")
        #expect(try RuleSemanticsTests.category(run.lines[0]) == "food.groceries")
    }

    @Test func lintSeesTheSameAlternativesInAnotherOrderAsADuplicate() {
        let w = Workspace()
        #expect(w.run(["rules", "add", #"if description "uber|cabify" => category transport.public"#]).code == 0)
        #expect(w.run(["rules", "add", #"if description "cabify | UBER" => category transport.public"#]).code == 0)
        let lint = w.run(["rules", "lint"])
        #expect(lint.stdout.contains("duplicate: r2 repeats r1"), "\(lint.stdout)")
    }

    @Test(arguments: [
        (#"if description "(uber|cabify) viagem" => category transport.public"#,
         #"alternatives (|) are whole texts; brackets do not group them: write "uber viagem|cabify viagem""#),
        (#"if description "uber||cabify" => category transport.public"#, #"the alternative "" of "uber||cabify" has no letters or digits"#),
    ])
    func groupingAndEmptyAlternativesAreErrors(_ rule: String, _ message: String) {
        let w = Workspace()
        let add = w.run(["rules", "add", rule])
        #expect(add.code != 0)
        #expect(add.stderr.contains(message), "\(add.stderr)")
    }

    @Test func recategorizeByARuleOfAlternativesReachesRowsOfEach() throws {
        let w = Workspace()
        let rows = [#"{"id":"a","description":"UBER *TRIP","amount":-10}"#, #"{"id":"b","description":"CABIFY VIAGEM","amount":-12}"#,
                    #"{"id":"c","description":"PADARIA","amount":-5}"#]
        #expect(w.run(["resolve", "--record"], rows.joined(separator: "\n") + "\n").code == 0)
        #expect(w.run(["rules", "add", #"if description "uber|cabify" => category transport.public"#]).code == 0)
        let dry = w.run(["recategorize", "--rule", "r1", "--dry-run"])
        #expect(dry.stdout.contains("2 row(s)") || dry.stdout.contains("2 rows"), "\(dry.stdout)")
    }
}
