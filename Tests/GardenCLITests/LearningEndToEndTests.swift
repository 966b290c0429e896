import Foundation
import Testing
import GardenStore
import GardenSQLite
import GardenLedger
import GardenLinkStore
import GardenSnapshot
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands

/// The learning issue's script, end to end through the commands, on a fresh store per test.
struct LearningEndToEndTests {
    static let dev = ResolveCommandTests.root.appendingPathComponent("Tests/GardenCLITests/Fixtures/dev-descriptors.jsonl").path

    final class Workspace {
        let db = FileManager.default.temporaryDirectory.appendingPathComponent("garden-e2e-\(UUID().uuidString).db").path

        func run(_ arguments: [String], _ input: String = "") -> ResolveCommandTests.Run {
            let out = MemoryOutput(), err = MemoryOutput()
            let env = Environment(stdin: MemoryInput(input), stdout: out, stderr: err,
                                  variables: ["GARDEN_DATA": ResolveCommandTests.root.path, "GARDEN_RULES_DIR": "/nonexistent", "LANG": "C",
                                              "HOME": "/nonexistent", "GARDEN_DB": db,
                                              "GARDEN_CACHE_DIR": ResolveCommandTests.cacheDirectory])
            return ResolveCommandTests.Run(code: GardenCommandLine.run(arguments, env), stdout: out.text, stderr: err.text)
        }

        func resolutions() throws -> [String] {
            let store = try Store(path: db)
            var all: [String] = []
            try store.forEachLedgerRow { all.append($0.rowID + " " + $0.resolution) }
            return all
        }

        func category(_ line: String) throws -> (String, String) {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            let category = (object["resolution"] as! [String: Any])["category"] as! [String: Any]
            return (category["id"] as! String, category["source"] as! String)
        }

        deinit {
            for suffix in ["", "-wal", "-shm", ".key"] { try? FileManager.default.removeItem(atPath: db + suffix) }
        }
    }

    /// A proposal's sample says what it changes: the merchant when the category stays (not "home.rent → home.rent").
    @Test func proposalSampleNamesAMerchantOnlyChange() throws {
        let w = Workspace()
        let rows = #"{"id":"a1","description":"PIX ENVIADO - IMOBILIARIA LAR & CIA","amount":-1850}"# + "\n"
            + #"{"id":"a2","description":"PIX ENVIADO - IMOBILIARIA LAR LTDA","amount":-900}"#
        #expect(w.run(["resolve", "--record"], rows).code == 0)
        #expect(try w.resolutions().allSatisfy { $0.contains(#""id":"home.rent""#) })  // the keyword's category, below the threshold
        let taught = w.run(["teach", "--id", "a1", "--category", "home.rent", "--merchant", "Imobiliária Lar"])
        #expect(taught.code == 0, "\(taught.stderr)")
        #expect(taught.stdout.contains(#"this merchant:  a2: home.rent, merchant → "Imobiliária Lar""#), "\(taught.stdout)")
        #expect(!taught.stdout.contains("home.rent → home.rent"))
    }

    @Test func recordTeachExplainRuleRecategorizeUndo() throws {
        let w = Workspace()
        let input = try String(contentsOfFile: Self.dev, encoding: .utf8)
        #expect(w.run(["resolve", "--record"], input).code == 0)
        #expect(try w.resolutions().count == 58)
        // Recording the same rows again changes nothing.
        let before = try w.resolutions()
        #expect(w.run(["resolve", "--record"], input).code == 0)
        #expect(try w.resolutions() == before)

        // Teach five corrections.
        let corrections = [("br-043", "food.restaurants"), ("br-049", "transport.fuel"), ("br-005", "home.telecom"),
                           ("br-041", "entertainment"), ("us-033", "food.restaurants")]
        for (id, category) in corrections {
            let taught = w.run(["teach", "--id", id, "--category", category])
            #expect(taught.code == 0, "\(taught.stderr)")
            #expect(taught.stdout.contains("proposed rule:"))
        }
        // Resolve again: the corrections are there.
        let again = w.run(["resolve"], input)
        for (id, category) in corrections {
            let line = try #require(again.lines.first { $0.contains("\"id\": \"\(id)\"") })
            #expect(try w.category(line) == (category, "manual_override"))
        }
        // Explain names the override.
        let explained = w.run(["explain", "--id", "br-041"])
        #expect(explained.stdout.contains("manual_override   entertainment 100 %  ← TAKEN"))
        #expect(explained.stdout.contains("matched \"row br-041\" at taught "))

        // Add a rule; the dry run lists exactly the rows it changes.
        let added = w.run(["rules", "add", #"if description "uber" and direction out => category entertainment"#])
        #expect(added.code == 0)
        let beforeDry = try w.resolutions()
        let dry = w.run(["recategorize", "--rule", "r1", "--dry-run", "--diff"])
        #expect(dry.code == 0)
        let changedIDs = dry.lines.map { line -> String in
            let object = try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            return object["row_id"] as! String
        }
        #expect(Set(changedIDs) == ["br-010", "br-076"])          // us-024 has no amount, so no direction
        #expect(dry.stderr.contains("4 row(s) examined, 2 changed (dry run: nothing written)"))
        #expect(try w.resolutions() == beforeDry)                  // a dry run writes nothing
        // The explain of a matched row names the rule.
        let byRule = w.run(["explain", "--json"], #"{"description":"UBER *TRIP","amount":-9}"#)
        #expect(byRule.stdout.contains("\"source\":\"user_rule\""))
        #expect(byRule.stdout.contains("\"source\":\"r1\""))

        // Apply, then undo: resolutions come back byte for byte.
        let beforeApply = try w.resolutions()
        let applied = w.run(["recategorize"])
        // The two rule rows; five corrections are too few for naive Bayes to speak (it needs ten).
        #expect(applied.stdout.contains("58 row(s) examined, 2 changed"))
        #expect(try w.resolutions() != beforeApply)
        #expect(w.run(["undo"]).stdout.hasPrefix("undone: recategorize"))
        #expect(try w.resolutions() == beforeApply)
        // Manual overrides survived the run.
        let listed = w.run(["rules", "list"])
        #expect(listed.stdout.contains("r1\t0 hit(s)\tadded"))
    }

    @Test func teachingThroughAWrapperDoesNotPinTheWrapper() throws {
        let w = Workspace()
        #expect(w.run(["teach", "--category", "entertainment"], #"{"description":"Dl*Uberrides","amount":-20}"#).code == 0)
        #expect(w.run(["teach", "--category", "entertainment"], #"{"id":"2","description":"Dl*Uberrides","amount":-25}"#).code == 0)
        let youtube = w.run(["resolve", "--explain"], #"{"description":"Dl*Google Youtub","amount":-53.9}"# + "\n")
        #expect(try w.category(youtube.lines[0]).0 == "subscriptions.streaming")
        #expect(!youtube.stdout.contains("\"resolver\":\"merchant_memory\",\"status\":\"taken\""))
        let uber = w.run(["resolve"], #"{"description":"Dl*Uberrides","amount":-30}"# + "\n")
        #expect(try w.category(uber.lines[0]) == ("entertainment", "merchant_memory"))
    }

    @Test func memoryNeverCrossesDirectionAndNeverBeatsAUserRule() throws {
        let w = Workspace()
        for amount in ["-100", "-120"] {
            #expect(w.run(["teach", "--category", "services.professional"], #"{"description":"PIX ENVIADO ACME CONSULTORIA","amount":\#(amount)}"#).code == 0)
        }
        let out = w.run(["resolve"], #"{"description":"PIX ENVIADO ACME CONSULTORIA","amount":-90}"# + "\n")
        #expect(try w.category(out.lines[0]) == ("services.professional", "merchant_memory"))
        let salary = w.run(["resolve"], #"{"description":"PIX RECEBIDO ACME CONSULTORIA","amount":5000}"# + "\n")
        #expect(try w.category(salary.lines[0]).0 != "services.professional")
        #expect(w.run(["rules", "add", #"if description "acme consultoria" => category education"#]).code == 0)
        let ruled = w.run(["resolve"], #"{"description":"PIX ENVIADO ACME CONSULTORIA","amount":-90}"# + "\n")
        #expect(try w.category(ruled.lines[0]) == ("education", "user_rule"))
    }

    @Test func recategorizeNeverResetsWhatWasSetByHand() throws {
        let w = Workspace()
        let rows = [#"{"id":"a","description":"NETFLIX.COM","amount":-39.9}"#, #"{"id":"b","description":"XKCD QWERTY","amount":-5}"#,
                    #"{"id":"c","description":"NETFLIX.COM","amount":-39.9,"date":"2026-01-02"}"#].joined(separator: "\n") + "\n"
        #expect(w.run(["resolve", "--record"], rows).code == 0)
        #expect(w.run(["teach", "--id", "a", "--category", "education"]).code == 0)
        #expect(w.run(["teach", "--id", "b", "--category", "donations"]).code == 0)
        #expect(w.run(["rules", "add", #"if description "netflix" => category entertainment"#]).code == 0)
        #expect(w.run(["recategorize"]).code == 0)
        let store = try Store(path: w.db)
        #expect(try store.ledgerRow(id: "a")?.category == "education")
        #expect(try store.ledgerRow(id: "b")?.category == "donations")
        #expect(try store.ledgerRow(id: "c")?.category == "entertainment")
    }

    @Test func storeNumbersDoNotMakeNewMerchants() throws {
        let w = Workspace()
        for text in ["WHOLEFDS MKT 10259", "STARBUCKS #1234"] {
            #expect(w.run(["teach", "--category", "entertainment"], "{\"description\":\"\(text)\",\"currency\":\"USD\",\"amount\":-5}").code == 0)
            #expect(w.run(["teach", "--category", "entertainment"], "{\"id\":\"2\",\"description\":\"\(text)\",\"currency\":\"USD\",\"amount\":-6}").code == 0)
        }
        for text in ["WHOLEFDS MKT 10102", "STARBUCKS #5678"] {
            let out = w.run(["resolve"], "{\"description\":\"\(text)\",\"currency\":\"USD\",\"amount\":-7}\n")
            #expect(try w.category(out.lines[0]) == ("entertainment", "merchant_memory"), "\(text)")
        }
    }

    @Test func pixToMyselfIsAnOwnTransfer() throws {
        let w = Workspace()
        #expect(w.run(["me", "add", "--name", "Ana Souza Lima", "--document", "529.982.247-25", "--account", "Nubank"]).code == 0)
        let out = w.run(["resolve"], #"{"description":"Transferência enviada pelo Pix - Ana Souza Lima - •••.982.247-•• - BCO INTER","amount":-500}"# + "\n")
        #expect(try w.category(out.lines[0]) == ("transfer.own", "bank_line"))
        let other = w.run(["resolve"], #"{"description":"Transferência enviada pelo Pix - Bruno Dias - •••.111.222-•• - BCO INTER","amount":-50}"# + "\n")
        #expect(try w.category(other.lines[0]).0 == "transfer.person")
    }

    @Test func teachRejectsAnUnknownCategoryWithCloseMatches() {
        let w = Workspace()
        let out = w.run(["teach", "--category", "food.grocery"], #"{"description":"X","amount":-1}"#)
        #expect(out.code == 65)
        #expect(out.stderr.contains("did you mean \"food.groceries\""))
    }
}

/// Faults from the second review of the learning loop.
struct LearningReviewTests {
    typealias Workspace = LearningEndToEndTests.Workspace

    @Test func theHolderWithAbbreviatedNamesAndAWholeCPF() throws {
        let w = Workspace()
        #expect(w.run(["me", "add", "--name", "Joao Pedro Alves", "--document", "529.982.247-25"]).code == 0)
        for line in [#"{"description":"Transferência enviada pelo Pix - JOAO P ALVES - •••.982.247-•• - BCO DO BRASIL","amount":-50}"#,
                     #"{"description":"PIX ENVIADO JOAO ALVES 529.982.247-25","amount":-50}"#] {
            #expect(try w.category(w.run(["resolve"], line + "\n").lines[0]).0 == "transfer.own", "\(line)")
        }
    }

    @Test func naiveBayesNeverOverridesAConfidentCatalogDecision() throws {
        let w = Workspace()
        for i in 0..<6 {
            #expect(w.run(["teach", "--category", "fees.bank"], "{\"id\":\"f\(i)\",\"description\":\"ALFA PASSEIO \(i)\",\"amount\":-\(i + 1)}").code == 0)
            #expect(w.run(["teach", "--category", "education"], "{\"id\":\"e\(i)\",\"description\":\"BETA ESCOLA \(i)\",\"amount\":-\(i + 1)}").code == 0)
        }
        let unknown = w.run(["resolve"], #"{"description":"GAMA PASSEIO","amount":-3}"# + "\n")
        #expect(try w.category(unknown.lines[0]) == ("fees.bank", "naive_bayes"))
        let brand = w.run(["resolve"], #"{"description":"UBER PASSEIO","amount":-3}"# + "\n")
        #expect(try w.category(brand.lines[0]) == ("transport.rideshare", "brand_catalog"))
        // A trade head noun decides alone (0.8): the model does not override it either.
        let trade = w.run(["resolve"], #"{"description":"DROGARIA PASSEIO","amount":-3}"# + "\n")
        #expect(try w.category(trade.lines[0]) == ("health.pharmacy", "keyword"))
        // Nor a bank's own line: its wording decides what it is.
        let line = w.run(["resolve"], #"{"description":"JUROS CHEQUE ESPECIAL ESCOLA","amount":-3}"# + "\n")
        #expect(try w.category(line.lines[0]) == ("fees.interest", "bank_line"))
    }

    @Test func naiveBayesAbstainsWhenItsHeldOutAnswersAreUnreliable() throws {
        let w = Workspace()
        for i in 0..<12 {
            #expect(w.run(["teach", "--category", i % 2 == 0 ? "food.groceries" : "education"], "{\"id\":\"t\(i)\",\"description\":\"LOJA NUMERO \(i) CENTRO\",\"amount\":-\(i + 1)}").code == 0)
        }
        let out = w.run(["resolve", "--explain"], #"{"description":"CENTRO NOVO","amount":-3}"# + "\n")
        #expect(!out.stdout.contains(#""resolver":"naive_bayes","status":"taken""#))
    }

    @Test func whatWasSetByHandStaysOnMoneyIn() throws {
        let w = Workspace()
        #expect(w.run(["teach", "--category", "taxes.government"], #"{"id":"irs","description":"IRS TREAS 310 TAX REF","amount":1200,"currency":"USD"}"#).code == 0)
        let out = w.run(["resolve"], #"{"id":"irs","description":"IRS TREAS 310 TAX REF","amount":1200,"currency":"USD"}"# + "\n")
        #expect(try w.category(out.lines[0]) == ("taxes.government", "manual_override"))
    }

    @Test func aCPFInARuleIsKeptMasked() throws {
        let w = Workspace()
        let added = w.run(["rules", "add", #"if document 529.982.247-25 => category donations"#])
        #expect(added.code == 0)
        #expect(!added.stdout.contains("529.982.247-25"))
        #expect(!w.run(["rules", "export"]).stdout.contains("529.982.247-25"))
        let out = w.run(["resolve"], #"{"description":"PIX ENVIADO","amount":-10,"counterparty":{"document":"52998224725","name":"Ana"}}"# + "\n")
        #expect(try w.category(out.lines[0]).0 == "donations")
    }
}
