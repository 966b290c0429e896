import Foundation
import Testing
@testable import GardenCLI
@testable import GardenCommandKit

/// The user's rules and budgets live beside the shipped knowledge (issue 34): a rule added, a budget set or a
/// rule file given never rebuilds or replaces the compiled image, and the rule still decides the rows it names.
struct UserStateBesideImageTests {
    /// The compiled images in `directory`, each with its inode and modification time.
    static func images(_ directory: String) throws -> [String: String] {
        var found: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) where name.hasSuffix(".bin") {
            var status = stat()
            guard stat(directory + "/" + name, &status) == 0 else { continue }
            found[name] = "\(status.st_ino) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
        }
        return found
    }

    static let padaria = #"{"id":"p1","description":"PADARIA DO TESTE 12","amount":-8.00}"#

    @Test func addingARuleOrABudgetLeavesTheShippedImageAsItWas() throws {
        let folder = ScratchFolder()
        let cache = folder.path + "/cache"
        let variables = ["GARDEN_CACHE_DIR": cache]
        #expect(folder.run(["resolve"], Self.padaria + "\n", variables: variables).code == 0)
        let built = try Self.images(cache)
        #expect(!built.isEmpty, "the first start compiles the shipped image")

        #expect(folder.run(["rules", "add", #"if description "padaria do teste" => category shopping.general"#], variables: variables).code == 0)
        let ruled = folder.run(["resolve"], Self.padaria + "\n", variables: variables)
        #expect(ruled.stdout.contains(#""id":"shopping.general""#), "the stored rule decides the row: \(ruled.stdout)")
        #expect(try Self.images(cache) == built, "a stored rule leaves the image (its files, inodes and times) untouched")

        let rules = folder.path + "/mine.rules"
        try #"if description "padaria do teste" => category food.restaurants"#.write(toFile: rules, atomically: true, encoding: .utf8)
        let fromFile = folder.run(["resolve", "--rules", rules], Self.padaria + "\n", variables: variables)
        #expect(fromFile.code == 0)
        #expect(try Self.images(cache) == built, "a rule file leaves the image untouched")

        #expect(folder.run(["budgets", "set", "padoca", "--name", "Padoca", "--categories", "shopping.general", "--limit", "100"], variables: variables).code == 0)
        let budgeted = folder.run(["resolve"], Self.padaria + "\n", variables: variables)
        #expect(budgeted.stdout.contains(#""budget":{"id":"padoca""#), "the user's budget picks the row: \(budgeted.stdout)")
        #expect(try Self.images(cache) == built, "a budget set leaves the image untouched")
    }

    /// A rule's text conditions are matched by the rules' own automaton exactly as the shipped patterns are: whole
    /// folded words, `*` ending inside a word, alternatives, and the memo for `memo` conditions.
    @Test(arguments: [
        (#"if description "padaria do teste" => category shopping.general"#, #"{"description":"PAG*PADARIA DO TESTE 12","amount":-8}"#, true),
        (#"if description "padaria do tes" => category shopping.general"#, #"{"description":"PADARIA DO TESTE 12","amount":-8}"#, false),
        (#"if description "padaria do tes*" => category shopping.general"#, #"{"description":"PADARIA DO TESTE 12","amount":-8}"#, true),
        (#"if description "xyz|padaria" => category shopping.general"#, #"{"description":"Padaria Pão Quente","amount":-8}"#, true),
        (#"if memo "aluguel" => category shopping.general"#, #"{"description":"PIX ENVIADO","memo":"Aluguel março","amount":-800}"#, true),
        (#"if memo "aluguel" => category shopping.general"#, #"{"description":"ALUGUEL","amount":-800}"#, false),
        (#"if description "aluguel" and memo "marco" => category shopping.general"#,
         #"{"description":"ALUGUEL","memo":"Março","amount":-800}"#, true),
    ])
    func aRulesTextConditionsMatchAsShippedPatternsDo(rule: String, row: String, decides: Bool) throws {
        let folder = ScratchFolder()
        let rules = folder.path + "/test.rules"
        try rule.write(toFile: rules, atomically: true, encoding: .utf8)
        let run = folder.run(["resolve", "--rules", rules], row + "\n")
        #expect(run.code == 0)
        #expect(run.stdout.contains(#""source":"user_rule""#) == decides, "\(rule) on \(row): \(run.stdout)")
    }
}
