import Foundation
import Testing
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands
import GardenFoundation
import GardenCatalog
import GardenEngine

/// `garden report` end to end: a store made from the bundled examples (`examples/transactions.jsonl`, the
/// Nubank CSV and the OFX statement, imported) and the generated household history (`examples/household.jsonl`,
/// written by `tools/report-check/history.py`: July to September 2026 and October), the page rendered, and
/// every number on it held to what `garden budgets --json` and `garden links --json` print for the month.
struct ReportCommandTests {
    typealias Workspace = BudgetsSetTests.Workspace
    static let examples = ResolveCommandTests.root.appendingPathComponent("examples")

    /// The store, linked, with limits on six budgets; the clock on 2026-10-20 (the cycle two-thirds gone).
    static func household() throws -> Workspace {
        let w = Workspace(); w.locale = "pt_BR.UTF-8"
        let imported = w.run(["import", examples.appendingPathComponent("nubank-card.csv").path, examples.appendingPathComponent("statement.ofx").path])
        #expect(imported.code == 0, "\(imported.stderr)")
        let rows = try String(contentsOf: examples.appendingPathComponent("transactions.jsonl"), encoding: .utf8) + imported.stdout
            + String(contentsOf: examples.appendingPathComponent("household.jsonl"), encoding: .utf8)
        #expect(w.run(["resolve", "--record"], rows).code == 0)
        #expect(w.run(["link"]).code == 0)
        for (id, limit) in [("mercado", "2000"), ("comer_fora", "900"), ("transporte", "450"), ("moradia", "3700"), ("assinaturas", "250"), ("saude", "350")] {
            #expect(w.run(["budgets", "set", id, "--limit", limit]).code == 0)
        }
        return w
    }

    func render(_ w: Workspace, _ arguments: [String] = []) throws -> String {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("garden-report-\(UUID().uuidString).html").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = w.run(["report", "--month", "2026-10", "--out", out] + arguments)
        #expect(run.code == 0, "\(run.stderr)")
        return try String(contentsOfFile: out, encoding: .utf8)
    }

    /// The minor units of an amount in a JSON object (`12.34` → 1234).
    static func minor(_ value: Any?) -> Int64? {
        guard let number = value as? NSNumber else { return nil }
        return Int64((number.doubleValue * 100).rounded())
    }

    /// The `data-minor` amounts inside the element that opens with `marker`, in order.
    static func amounts(after marker: String, in html: String, closing: String = "</tr>") -> [Int64]? {
        guard let start = html.range(of: marker), let end = html.range(of: closing, range: start.upperBound..<html.endIndex) else { return nil }
        return Self.amounts(String(html[start.upperBound..<end.lowerBound]))
    }

    static func amounts(_ text: String) -> [Int64] {
        text.components(separatedBy: "data-minor=\"").dropFirst().compactMap { Int64($0.prefix { $0 != "\"" }) }
    }

    @Test func everyNumberOnThePageIsOneBudgetsAndLinksPrint() throws {
        let w = try Self.household()
        let html = try render(w)
        let run = w.run(["budgets", "--month", "2026-10", "--json"])
        let budgets = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
        // The month: income, spending, what is left, the sobra.
        let totals = (budgets["totals"] as! [[String: Any]]).first { $0["currency"] as? String == "BRL" }!
        for (role, key) in [("income", "income"), ("spent", "spent"), ("left", "left")] {
            #expect(Self.amounts(after: "data-total=\"\(role)\"", in: html, closing: "</div>") == [Self.minor(totals[key])!], "\(role)")
        }
        let sobra = (budgets["sobra"] as! [[String: Any]]).first!
        #expect(Self.amounts(after: "data-total=\"sobra\"", in: html, closing: "</div>") == [Self.minor(sobra["amount"])!])
        // Each budget: net cost, the limit (with what rolled over) and what is left; the pace.
        let lines = budgets["budgets"] as! [[String: Any]]
        #expect(lines.count >= 8)
        for line in lines {
            let id = line["id"] as? String ?? "-"
            var expected = [Self.minor(line["net_cost"])!]
            if let limit = Self.minor(line["limit"]) { expected += [limit + (Self.minor(line["carry"]) ?? 0), Self.minor(line["left"])!] }
            #expect(Self.amounts(after: "<tr data-budget=\"\(id)\" data-currency=\"BRL\">", in: html) == expected, "budget \(id)")
            let pace = (line["pace_percent"] as? Int).map(String.init) ?? ""
            #expect(html.contains("data-pace=\"\(pace)\""), "pace of \(id)")
        }
        // Categories: the month's net cost of each.
        for category in budgets["categories"] as! [[String: Any]] where (Self.minor(category["net_cost"]) ?? 0) != 0 {
            let id = category["category"] as! String
            #expect(Self.amounts(after: "<tr data-category=\"\(id)\">", in: html)?.first == Self.minor(category["net_cost"]), "category \(id)")
        }
        // Who was paid: the largest merchants, with their count.
        let merchants = (budgets["merchants"] as! [[String: Any]]).filter { (Self.minor($0["net_cost"]) ?? 0) > 0 }.prefix(12)
        for merchant in merchants {
            let key = HTMLText.escape(merchant["key"] as! String)
            let row = try #require(html.range(of: "<tr data-merchant=\"\(key)\" data-currency=\"BRL\">"), "merchant \(key)")
            let cells = String(html[row.upperBound...]).components(separatedBy: "</tr>")[0]
            #expect(Self.amounts(cells) == [Self.minor(merchant["net_cost"])!], "merchant \(key)")
            #expect(cells.contains("<td class=\"num\">\(merchant["rows"] as! Int)</td>"), "merchant \(key)")
        }
        // Commitments due: those budgets --json lists; plans and series as links --json has them.
        let due = budgets["commitments"] as! [[String: Any]]
        #expect(Self.amounts(after: "<table id=\"due\">", in: html, closing: "</table>") ?? [] == due.map { Self.minor($0["amount"])! })
        let links = w.run(["links", "--json"]).stdout.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        let plans = links.compactMap { $0["plan"] as? [String: Any] }.filter { ($0["remaining"] as? Int ?? 0) > 0 }
        #expect(plans.count >= 2)
        let planAmounts = Self.amounts(after: "<table id=\"plans\">", in: html, closing: "</table>") ?? []
        #expect(planAmounts.sorted() == plans.map { Self.minor($0["remaining_amount"])! }.sorted())
        let series = links.compactMap { $0["series"] as? [String: Any] }
        let seriesTable = try #require(html.range(of: "<table id=\"series\">").map { String(html[$0.upperBound...]).components(separatedBy: "</table>")[0] })
        for shown in Self.amounts(seriesTable) {
            #expect(series.contains { Self.minor($0["typical_amount"]) == shown || Self.minor($0["last_amount"]) == shown }, "series amount \(shown)")
        }
        // Every amount's text is its minor units written for the language.
        for piece in html.components(separatedBy: "<span class=\"amt").dropFirst() {
            let minor = Self.amounts(String(piece.prefix(80)))[0]
            let text = piece.components(separatedBy: "\">").dropFirst().first?.components(separatedBy: "</span>").first ?? ""
            let written = MoneyDisplay.text(minor, currency: "BRL", language: .portuguese)
            #expect(text == written || text == "+" + written, "\(minor) written \(text)")
        }
    }

    @Test func thePageStandsAloneMasksCPFsAndStatesItsRules() throws {
        let w = try Self.household()
        let html = try render(w)
        // Nothing fetched, nothing run: no script, no external style, font, image or link target.
        for banned in ["<script", "<link", "@import", "http://", "https://", "src=", "url(http", "@font-face"] {
            #expect(!html.contains(banned), "\(banned)")
        }
        // The household's Pix printed a full CPF: the page shows it masked, as every command does.
        #expect(!html.contains("123.456.789-09") && !html.contains("12345678909"))
        #expect(html.contains("•••.456.789-••"))
        // Headings in order: one h1, then h2 sections with h3 inside, never a level skipped.
        let levels = html.components(separatedBy: "<h").dropFirst().compactMap { Int(String($0.prefix(1))) }
        #expect(levels.first == 1 && levels.filter { $0 == 1 }.count == 1)
        #expect(zip(levels, levels.dropFirst()).allSatisfy { $1 <= $0 + 1 })
        for section in ["month", "categories", "merchants", "commitments", "review", "insights"] { #expect(html.contains("<h2 id=\"\(section)\">")) }
        // The chart has its table; series are told apart by patterns as well as colours.
        #expect(html.contains("role=\"img\"") && html.contains("<table id=\"categories-by-month\">") && html.contains("<pattern id=\"gp1\""))
        // Insights with the rule each rests on.
        #expect(html.contains("Regra: o ritmo do ciclo"))
        #expect(html.contains("<li data-subject=\"Joana Lima\">Joana Lima subiu 8 % (R$ 2.300,00 → R$ 2.484,00)</li>"))
        #expect(html.contains("<li data-subject=\"Smart Fit\">Parece mensal: Smart Fit</li>"))
        #expect(html.contains("data-insight=\"drift\"") && html.contains("<li data-subject=\"food.delivery\">Delivery está"))
        // To review: the groups, with the command that settles each (its placeholder as the Portuguese help names it).
        #expect(html.contains("garden teach --id hh-140 --category CATEGORIA"), "\(html.components(separatedBy: "id=\"review\"").last?.prefix(600) ?? "")")
    }

    @Test func inEnglishAmountsAndWordsFollowTheLanguage() throws {
        let w = try Self.household()
        let html = try render(w, ["--lang", "en"])
        #expect(html.contains("<html lang=\"en\">"))
        #expect(html.contains("<h1>October 2026</h1>"))
        #expect(html.contains(">Who was paid</h2>"))
        #expect(html.contains("R$17,700.00"))
        #expect(!html.contains("R$ 17.700,00"))
    }

    @Test func anOutputFileIsNeverOverwrittenUnlessAsked() throws {
        let w = try Self.household()
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("garden-report-\(UUID().uuidString).html").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        try "mine".write(toFile: out, atomically: true, encoding: .utf8)
        let refused = w.run(["report", "--month", "2026-10", "--out", out])
        #expect(refused.code == 73)
        // The household runs under pt_BR: the refusal speaks the run's language.
        #expect(refused.stderr.contains("o arquivo existe; dê --force para substituí-lo"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "mine")
        // --force replaces only a page garden wrote: "mine" stays.
        let forced = w.run(["report", "--month", "2026-10", "--out", out, "--force"])
        #expect(forced.code == 73 && forced.stderr.contains("never replaces a file it did not write"), "\(forced.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "mine")
        try FileManager.default.removeItem(atPath: out)
        #expect(w.run(["report", "--month", "2026-10", "--out", out]).code == 0)
        let mode = try FileManager.default.attributesOfItem(atPath: out)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(w.run(["report", "--month", "2026-10", "--out", out, "--force", "--lang", "en"]).code == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains("<html lang=\"en\">"))
        #expect(w.run(["report", "--month", "2026-10", "--out", "/nonexistent-folder/r.html"]).code == 73)
        #expect(w.run(["report", "--month", "2026-13"]).code == 64)
        #expect(w.run(["report", "--month", "2026-10", "--months", "0"]).code == 64)
        #expect(w.run(["report", "--month", "2026-10", "--force"]).code == 64)
    }
}

/// HTML escaping as the page writes attribute values.
enum HTMLText {
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
    }
}
