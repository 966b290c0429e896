import Foundation
import Testing
@testable import GardenCLI

/// A month whose totals are known (issue 36, "money that adds up"): three statements of two banks and a
/// card (`Fixtures/month-2026-10`), imported and recorded as the README's monthly workflow says, linked;
/// then `budgets --json`, the report's cards and the hledger export's balances must equal, to the cent,
/// the totals a person computed by hand from the statements (`expected-totals.csv`).
struct ScriptedMonthTests {
    static let folder = ResolveCommandTests.root.appendingPathComponent("Tests/GardenCLITests/Fixtures/month-2026-10")

    /// The month recorded and linked in a fresh store, as the monthly workflow does it.
    static func recordedMonth() throws -> BudgetsSetTests.Workspace {
        let w = BudgetsSetTests.Workspace()
        #expect(w.run(["me", "add", "--name", "Ana Souza"]).code == 0)
        for (file, account) in [("itau-2026-10.ofx", nil), ("inter-2026-10.csv", "Inter"), ("nubank-card-2026-10.csv", "Nubank card")] as [(String, String?)] {
            let imported = w.run(["import", folder.appendingPathComponent(file).path] + (account.map { ["--account", $0] } ?? []))
            #expect(imported.code == 0, "\(file): \(imported.stderr)")
            let recorded = w.run(["resolve", "--record"], imported.stdout)
            #expect(recorded.code == 0, "\(file): \(recorded.stderr)")
        }
        #expect(w.run(["link"]).code == 0)
        return w
    }

    /// `expected-totals.csv`: measure → (currency, minor units).
    static func expected() throws -> [String: (currency: String, minor: Int64)] {
        let text = try String(contentsOf: folder.appendingPathComponent("expected-totals.csv"), encoding: .utf8)
        var totals: [String: (String, Int64)] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("measure,") {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            try #require(fields.count == 3, "\(line)")
            // A count of rows (`rows:…`) is a whole number; every other measure an amount with two decimals.
            totals[fields[0]] = (fields[1], try #require(fields[0].hasPrefix("rows:") ? Int64(fields[2]) : minor(fields[2]), "\(line)"))
        }
        return totals
    }

    /// A decimal text with two fraction digits (`-8512.34`, `1423.19 BRL`) as minor units, exactly.
    static func minor(_ text: String) -> Int64? {
        let number = text.split(separator: " ").first.map(String.init) ?? text
        let negative = number.hasPrefix("-")
        let digits = negative ? String(number.dropFirst()) : number
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = Int64(parts[0]) else { return nil }
        let fraction = parts.count == 2 ? String(parts[1]) : "00"
        guard fraction.count == 2, let cents = Int64(fraction) else { return nil }
        return (negative ? -1 : 1) * (whole * 100 + cents)
    }

    @Test func budgetsReportAndTheHledgerExportAgreeWithTheTotalsComputedByHand() throws {
        let expected = try Self.expected()
        let w = try Self.recordedMonth()
        // budgets --json: the totals and every budget.
        let october = try w.json(["budgets", "--month", "2026-10"])
        let totals = try #require((october["totals"] as? [[String: Any]])?.first { $0["currency"] as? String == "BRL" })
        for measure in ["spent", "income", "sent_to_persons", "received_from_persons", "neutral_out", "neutral_in"] {
            let printed = try #require(totals[measure] as? NSNumber, "\(measure)")
            #expect(Self.minor(String(format: "%.2f", printed.doubleValue)) == expected[measure]?.minor, "budgets: \(measure)")
        }
        // The rows each total counts (issue 36: "transfer counts are wrong"): every row once, in its one total.
        for (measure, value) in expected where measure.hasPrefix("rows:") {
            #expect((totals[String(measure.dropFirst("rows:".count))] as? NSNumber)?.int64Value == value.minor, "budgets: \(measure)")
        }
        let budgets = try #require(october["budgets"] as? [[String: Any]])
        let expectedBudgets = expected.filter { $0.key.hasPrefix("budget:") }
        #expect(budgets.count == expectedBudgets.count, "\(budgets.map { $0["id"] ?? "-" })")
        for (measure, value) in expectedBudgets {
            let line = budgets.first { "budget:" + ($0["id"] as? String ?? "-") == measure }
            let printed = (line?["net_cost"] as? NSNumber).map { String(format: "%.2f", $0.doubleValue) }
            #expect(printed.flatMap(Self.minor) == value.minor, "budgets: \(measure)")
        }
        // The report: each card's minor units (data-minor) by its role.
        let page = w.run(["report", "--month", "2026-10"])
        #expect(page.code == 0, "\(page.stderr)")
        for (role, measure) in [("income", "income"), ("spent", "spent"), ("to-persons", "sent_to_persons"), ("from-persons", "received_from_persons")] {
            #expect(Self.card(role, in: page.stdout) == expected[measure]?.minor, "report: \(role)")
        }
        // The hledger export: every account's balance, with the accounts under it.
        let journal = w.run(["export", "--format", "hledger", "--month", "2026-10"])
        #expect(journal.code == 0, "\(journal.stderr)")
        let balances = Self.balances(journal.stdout)
        for (measure, value) in expected where measure.hasPrefix("hledger:") || measure.hasPrefix("account:") {
            let account = measure.hasPrefix("hledger:") ? String(measure.dropFirst("hledger:".count)) : "assets:" + measure.dropFirst("account:".count)
            // A card's account is a liability (its type from its file): the same balance under liabilities.
            let posted = balances(account) != 0 || !account.hasPrefix("assets:") ? balances(account) : balances("liabilities:" + account.dropFirst("assets:".count))
            #expect(posted == value.minor, "export: \(account)")
        }
        // And hledger itself, when installed, reads the same balances from the file.
        if let hledger = ExportCheckTests.hledger {
            let file = NSTemporaryDirectory() + "garden-month-\(UUID().uuidString).journal"
            try journal.stdout.write(toFile: file, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: file) }
            #expect(try ExportCheckTests.run(hledger, ["-f", file, "check", "--strict"]).0 == 0)
            for (measure, value) in expected where measure.hasPrefix("hledger:") {
                let account = String(measure.dropFirst("hledger:".count))
                let depth = account.split(separator: ":").count
                let (status, csv) = try ExportCheckTests.run(hledger, ["-f", file, "balance", "^" + account + "(:|$)", "--depth", String(depth), "-N", "-E", "-O", "csv"])
                #expect(status == 0, "\(csv)")
                let row = csv.split(separator: "\n").dropFirst().first.map { $0.split(separator: ",").last.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) } ?? "" }
                #expect(row.flatMap { Self.minor($0 == "0" ? "0.00" : $0) } == value.minor, "hledger balance \(account): \(csv)")
            }
        }
    }

    /// The minor units of the report's card `role` (`data-total="income"` … `data-minor="851234"`).
    static func card(_ role: String, in html: String) -> Int64? {
        guard let start = html.range(of: "data-total=\"\(role)\"") else { return nil }
        let rest = html[start.upperBound...]
        guard let minor = rest.range(of: "data-minor=\"") else { return nil }
        return Int64(rest[minor.upperBound...].prefix { $0 != "\"" })
    }

    /// The balance of each account of an hledger journal with every account under it, in minor units of
    /// its two-digit commodity (postings `    ACCOUNT  -12.34 BRL`).
    static func balances(_ journal: String) -> (String) -> Int64 {
        var postings: [(String, Int64)] = []
        for line in journal.split(separator: "\n") where line.hasPrefix("    ") {
            let parts = line.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ").filter { !$0.isEmpty }
            guard parts.count >= 2, let minor = minor(parts[1].trimmingCharacters(in: .whitespaces)) else { continue }
            postings.append((parts[0], minor))
        }
        return { account in postings.filter { $0.0 == account || $0.0.hasPrefix(account + ":") }.reduce(0) { $0 + $1.1 } }
    }
}
