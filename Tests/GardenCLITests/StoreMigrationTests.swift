import Foundation
import Testing
import GardenCatalog
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands
@testable import GardenStore
@testable import GardenSQLite
@testable import GardenLedger
@testable import GardenLinkStore
@testable import GardenSnapshot

/// A store written by an older garden (`Fixtures/store-v7`, made by `tools/fixtures/store-v7.sh` with main
/// 1ff3b99: schema 7, the ledger's texts in a packed body) migrates, and today's garden prints of it what that
/// garden printed: every row's stored resolution and links, the rules, the identities, the history, the
/// links, a month's budgets; and one undo after migrating reverts what it reverted there.
struct StoreMigrationTests {
    static let fixture = ResolveCommandTests.root.appendingPathComponent("Tests/GardenCLITests/Fixtures/store-v7")

    /// A scratch folder holding a copy of the fixture's store and key.
    static func copy() throws -> String {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("garden-migrate-" + UUID().uuidString.filter(\.isLetter)).path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        for name in ["garden.db", "garden.db.key"] {
            try FileManager.default.copyItem(atPath: fixture.appendingPathComponent(name).path, toPath: scratch + "/" + name)
            chmod(scratch + "/" + name, 0o600)
        }
        return scratch
    }

    static func expected(_ name: String) throws -> String {
        try String(contentsOf: fixture.appendingPathComponent(name), encoding: .utf8)
    }

    /// Runs `arguments` under `locale` (the fixture's screens were captured with English labels; its budgets with
    /// Portuguese names, so the budgets are read in Portuguese and their captured labels translated, ``portuguese(_:)``).
    static func run(_ arguments: [String], in scratch: String, locale: String = "C") -> GoldenCase.Step {
        GoldenCLITests.run(GoldenCase.Step(arguments: arguments, variables: [("LANG", locale)]), { $0 }, scratch: scratch)
    }

    /// A budgets screen the schema-7 garden printed (English labels beside Portuguese names) with its labels in
    /// Portuguese, as one language per run prints it now (issue 36).
    static func portuguese(_ text: String) -> String {
        text.replacingOccurrences(of: ": net cost, installments per-month", with: ": custo líquido, parcelas por mês")
            .replacingOccurrences(of: "budgets 20", with: "orçamentos 20")
            .replacingOccurrences(of: " row(s)", with: " linha(s)")
            .replacingOccurrences(of: " recorded or changed since the last garden link: run it so their links count",
                                  with: " registrada(s) ou mudada(s) desde o último garden link: rode-o para que os vínculos contem")
    }

    /// What the fixture script captured, printed now by this garden.
    static func checkPrintsTheSame(_ folder: String, in scratch: String) throws {
        let ids = try expected(folder + "/rows.jsonl").split(separator: "\n").map { line -> String in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?["row_id"] as? String ?? ""
        }
        #expect(ids.count == 188)
        let rows = ids.map { run(["links", "--id", $0], in: scratch).stdout }.joined()
        #expect(rows == (try expected(folder + "/rows.jsonl")), "\(folder): the rows' resolutions and links")
        for (arguments, file) in [(["rules", "list"], "rules"), (["me", "list"], "me"), (["undo", "--list"], "history"), (["links"], "links"),
                                  (["budgets", "--month", "2026-10"], "budgets-2026-10")] {
            let step = run(arguments, in: scratch, locale: file.hasPrefix("budgets") ? "pt_BR.UTF-8" : "C")
            if file.hasPrefix("budgets") {
                // Budgets print more than that garden did (totals and income, issue 23; transfers with persons and
                // the neutral moves, which replace the count of transfer pairs, issue 36): every other line it
                // printed, in its order, and besides them only the lines that are new.
                let printed = Self.portuguese(try expected("\(folder)/\(file).txt")).split(separator: "\n")
                    .filter { !$0.hasPrefix("transfers between your accounts left out") }
                let added = step.stdout.split(separator: "\n").filter { !printed.contains($0) }
                #expect(added.allSatisfy { $0.hasPrefix("gasto ") || $0.hasPrefix("sobra ") || $0.hasPrefix("compromissos ") || $0.hasPrefix("  20")
                            || $0.hasPrefix("transferências com pessoas: ") || $0.hasPrefix("neutro, entre as suas contas") },
                        "\(folder): new budget lines \(added)")
                #expect(step.stdout.split(separator: "\n").filter { !added.contains($0) } == printed)
                // Rows without a date are named now (hostile10 F25): the schema-7 garden said nothing of them.
                let said = step.stderr.split(separator: "\n", omittingEmptySubsequences: false)
                    .filter { !$0.contains(" sem data, que nenhum mês conta: ") }.joined(separator: "\n")
                #expect(said == Self.portuguese(try expected("\(folder)/\(file).err")))
                continue
            }
            // The link evidence's money is written as the run's language writes it (issue 36: the schema-7 garden kept
            // the stored form `R$ 23,90` on an English screen): the rest as that garden printed it.
            let printed = try expected("\(folder)/\(file).txt")
            #expect(step.stdout == (arguments == ["links"] ? Self.percents(MoneyDisplay.relocalized(printed, .english)) : printed), "\(folder): garden \(arguments.joined(separator: " "))")
        }
    }

    /// A `links` listing as the schema-7 garden printed it, its confidence column (`1.0`, `0.95`) written as a percent,
    /// as `links` writes it since (issue 36: no bare confidence in running text).
    static func percents(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var columns = line.components(separatedBy: "  ")
            guard columns.count >= 5, Int(columns[0]) != nil, let value = Double(columns[3]) else { return String(line) }
            columns[3] = "\(Int((value * 100).rounded())) %"
            return columns.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    @Test func theFixtureIsAStoreOfSchemaSeven() throws {
        #expect(try Self.expected("schema-version.txt") == "7\n")
    }

    @Test func aStoreOfSchemaSevenMigratesAndReadsTheSame() throws {
        let scratch = try Self.copy()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        // Read as it is (a reader never migrates), then opened to write (as every writing command opens it): migrated.
        var before: [LedgerRow] = []
        try Store(path: scratch + "/garden.db", access: .read).forEachLedgerRow { before.append($0) }
        let store = try Store(path: scratch + "/garden.db")
        #expect(try Store(path: scratch + "/garden.db", access: .read).isCurrent)
        #expect(try store.ledgerCount() == 188)
        var after: [LedgerRow] = []
        try store.forEachLedgerRow { after.append($0) }
        #expect(after == before)
        let check = try store.db.prepare("PRAGMA integrity_check")
        _ = try check.step()
        #expect(check.text(0) == "ok")
        var found: [String] = []
        try store.forEachLedgerRow(containing: ["imobiliaria", "lar"]) { found.append($0.rowID) }
        #expect(found == ["ofx:12345-6:202610060001"])
        // Every row's input line as the older garden kept it (CPFs masked), and its other columns.
        for line in try Self.expected("raw.jsonl").split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
            let row = try #require(try store.ledgerRow(id: object["row_id"] ?? ""))
            #expect(row.raw == object["raw"], "\(row.rowID): its input line")
            let resolution = try #require(LedgerResolution(json: row.resolution))
            #expect(row.category == resolution.category && row.source == resolution.source && row.direction == resolution.direction)
        }
        try Self.checkPrintsTheSame("before", in: scratch)
    }

    @Test func undoAfterMigratingRevertsWhatItRevertedBefore() throws {
        let scratch = try Self.copy()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let undo = Self.run(["undo"], in: scratch)
        #expect(undo.stdout == (try Self.expected("after-undo/undo.txt")))
        try Self.checkPrintsTheSame("after-undo", in: scratch)
    }
}
