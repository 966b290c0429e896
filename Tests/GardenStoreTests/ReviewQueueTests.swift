import Foundation
import Testing
@testable import GardenStore
@testable import GardenSQLite
@testable import GardenLedger
@testable import GardenLinkStore
@testable import GardenSnapshot
import GardenFoundation
import GardenEngine

/// The review queue: flagged rows grouped by merchant identity and direction, largest first, each with
/// its count, totals, samples, best guess, reasons and the teach command that settles it.
struct ReviewQueueTests {
    static func entry(_ id: String, _ date: String, _ description: String, _ amount: Int64, key: String?, direction: String = "out",
                      category: String = "uncategorized", confidence: Int = 0, review: Bool = true, reasons: [String] = ["no evidence for a category"],
                      merchant: String? = "Casa da Rosinha", currency: String = "BRL") -> LedgerEntry {
        LedgerEntry(rowID: id, date: date, merchantKey: key, rule: nil,
                    input: LedgerInput(amount: amount, currency: currency, minorDigits: 2, account: "Nubank", description: description),
                    resolution: LedgerResolution(merchant: merchant, category: category, categoryName: category, confidence: Confidence(perMille: confidence),
                                                 source: "keyword", review: review, reviewReasons: reasons, direction: direction, rowID: id))
    }

    /// hostile10 F16: a group whose sum does not fit Int64 (each amount within garden's bound, 10,000 of them) has its
    /// exact total, never Int64.min shown as the sum.
    @Test func aGroupSumPastInt64IsExactNotClamped() {
        let amount: Int64 = -999_999_999_999_999
        let queue = ReviewQueue((1...10_000).map { Self.entry("m\($0)", "2026-10-01", "IMOVEL", amount, key: "name:imovel") })
        let total = queue.groups[0].totals[0]
        #expect(total.sum == Int128(amount) * 10_000)
        #expect(total.minorUnits == nil)
        #expect(total.decimal == "-99999999999999900.00")
        #expect(queue.groups[0].json().contains(#""amount":"-99999999999999900.00","minor_units":-9999999999999990000"#))
        #expect(ReviewQueue([Self.entry("s", "2026-10-01", "X", -5, key: nil)]).groups[0].totals[0].decimal == "-0.05")
    }

    @Test func groupsFlaggedRowsByIdentityAndDirectionLargestFirst() {
        let queue = ReviewQueue([
            Self.entry("a1", "2026-09-01", "PAG*CASA DA ROSINHA", -4_250, key: "name:casadarosinha"),
            Self.entry("a2", "2026-09-12", "CASA DA ROSINHA", -1_800, key: "name:casadarosinha"),
            Self.entry("a3", "2026-10-03", "CASA DA ROSINHA", -3_000, key: "name:casadarosinha"),
            Self.entry("a4", "2026-10-04", "ESTORNO CASA DA ROSINHA", 3_000, key: "name:casadarosinha", direction: "in"),
            Self.entry("b1", "2026-09-21", "IMOBILIARIA LAR", -185_000, key: "name:imobiliarialar", merchant: "Imobiliaria Lar"),
            Self.entry("ok", "2026-09-22", "IMOBILIARIA LAR", -185_000, key: "name:imobiliarialar", review: false),
            Self.entry("c1", "2026-09-20", "CHEQUE COMPENSADO", -40_000, key: nil, merchant: nil),
        ])
        #expect(queue.rows == 6)
        #expect(queue.groups.map(\.rowIDs) == [["a3", "a2", "a1"], ["b1"], ["c1"], ["a4"]])
        let first = queue.groups[0]
        #expect(first.identity == "name:casadarosinha" && first.direction == "out")
        #expect(first.totals == [ReviewGroup.Total(currency: "BRL", minorUnits: -9_050, minorDigits: 2)])
        #expect(first.totals[0].decimal == "-90.50")
        #expect(first.samples == ["CASA DA ROSINHA", "PAG*CASA DA ROSINHA"])
        #expect(first.settlesMerchant)
        #expect(!queue.groups[2].settlesMerchant)
        #expect(queue.prefix(2).groups.count == 2 && queue.prefix(0).groups.count == 4)
    }

    /// Issue 36: the queue is listed by kind of doubt (why garden was unsure), the kind with the most rows first, and within
    /// a kind largest group first; a row's kind is its cause before its symptom (a store that sells many kinds of things
    /// is why its category is weak).
    @Test func groupsAreListedByKindOfDoubtLargestKindFirst() {
        let weak = ["low confidence: best evidence is keyword at 0.45 (below 0.6)", "merchant read from the descriptor only (0.55)"]
        let many = ["low confidence: best evidence is brand_catalog at 0.4 (below 0.6)", "Carrefour sells many kinds of things: the category depends on what was bought"]
        let queue = ReviewQueue([
            Self.entry("n1", "2026-10-01", "PAG*VELOZNET", -9_990, key: "name:veloznet"),
            Self.entry("w1", "2026-10-02", "SALAO PORTO", -6_000, key: "name:salaoporto", category: "personal.care", confidence: 450, reasons: weak),
            Self.entry("w2", "2026-10-03", "SALAO PORTO", -6_000, key: "name:salaoporto", category: "personal.care", confidence: 450, reasons: weak),
            Self.entry("w3", "2026-10-04", "BAR DO ZE", -2_000, key: "name:bardoze", category: "food.bars", confidence: 450, reasons: weak),
            Self.entry("m1", "2026-10-05", "CARREFOUR", -50_000, key: "brand:carrefour", category: "food.groceries", confidence: 400, reasons: many),
            Self.entry("p1", "2026-10-06", "UBER", -1_500, key: "brand:uber", category: "transport.ride", confidence: 900,
                       reasons: ["pending: not posted yet; the posted row will take its place"]),
        ])
        #expect(queue.groups.map(\.doubt) == [.weakEvidence, .weakEvidence, .noCategory, .manyKinds, .notPosted])
        #expect(queue.groups.map(\.teachRowID) == ["w2", "w3", "n1", "m1", "p1"])
        #expect(queue.sections.map(\.doubt) == [.weakEvidence, .noCategory, .manyKinds, .notPosted])
        #expect(queue.sections.map(\.groups) == [0..<2, 2..<3, 3..<4, 4..<5])
        #expect(ReviewDoubt.of(reasons: []) == .other && ReviewDoubt.of(reasons: ["flagged by rule r3"]) == .rule)
    }

    @Test func theGuessIsTheCategoryMostRowsGotWithItsBestConfidence() {
        let group = ReviewQueue([
            Self.entry("a", "2026-09-01", "X", -100, key: "name:x", category: "food.restaurants", confidence: 450),
            Self.entry("b", "2026-09-02", "X", -100, key: "name:x", category: "food.restaurants", confidence: 550,
                       reasons: ["low confidence", "merchant read from the descriptor only (0.55)"]),
            Self.entry("c", "2026-09-03", "X", -100, key: "name:x", category: "shopping.general", confidence: 900, reasons: ["low confidence"]),
        ]).groups[0]
        #expect(group.guess == ReviewGroup.Guess(category: "food.restaurants", name: "food.restaurants", confidence: Confidence(perMille: 550)))
        #expect(group.reasons == ["low confidence", "merchant read from the descriptor only (0.55)", "no evidence for a category"])
        #expect(group.teachCommand() == "garden teach --id c --category food.restaurants")
    }

    /// Past Int64 a total is exact (128 bits), not saturated at Int64.min as it was (hostile10 F16).
    @Test func totalsArePerCurrencyAndExactInsteadOfTrapping() {
        let group = ReviewQueue([
            Self.entry("a", "2026-09-01", "X", Int64.min + 1, key: "name:x"),
            Self.entry("b", "2026-09-02", "X", -5, key: "name:x"),
            Self.entry("c", "2026-09-03", "X", -250, key: "name:x", currency: "USD"),
        ]).groups[0]
        #expect(group.totals.map(\.currency) == ["BRL", "USD"])
        #expect(group.totals[0].minorUnits == nil)
        #expect(group.totals[0].sum == Int128(Int64.min) + 1 - 5)
        #expect(group.totals[0].decimal == "-92233720368547758.12")
        #expect(group.totals[1].decimal == "-2.50")
    }

    @Test(arguments: [
        ("b12", "b12"), ("ofx:12345-6:202610060001", "ofx:12345-6:202610060001"), ("a b", "'a b'"), ("it's", #"'it'\''s'"#), ("$(x)", "'$(x)'"),
    ])
    func theTeachCommandQuotesARowIDTheShellWouldSplit(_ id: String, _ word: String) {
        let group = ReviewQueue([Self.entry(id, "2026-09-01", "X", -1, key: nil)]).groups[0]
        #expect(group.teachCommand(db: "/tmp/my store.db") == "garden teach --id \(word) --category CATEGORY --db '/tmp/my store.db'")
    }

    @Test func theJSONShapeIsStable() {
        let group = ReviewQueue([Self.entry("a", "2026-09-01", "PAG*X \"Y\"", -1_050, key: "name:x", category: "food.restaurants", confidence: 450)]).groups[0]
        #expect(group.json() == #"{"identity":"name:x","direction":"out","merchant":"Casa da Rosinha","rows":1,"#
            + #""totals":[{"currency":"BRL","amount":"-10.50","minor_units":-1050}],"samples":["PAG*X \"Y\""],"#
            + #""guess":{"category":"food.restaurants","name":"food.restaurants","confidence":0.45},"reasons":["no evidence for a category"],"#
            + #""doubt":"no-category","settles":"merchant","teach":"garden teach --id a --category food.restaurants","row_ids":["a"]}"#)
    }

    @Test func theStoreReadsTheQueueOfTheSelectedRows() throws {
        let store = try Store(path: StoreTests.temporaryPath())
        let resolution = { (id: String, review: Bool) in
            LedgerResolution(merchant: "X", category: "uncategorized", categoryName: "Sem categoria", source: "none", review: review,
                             reviewReasons: review ? ["no evidence for a category"] : [], direction: "out", rowID: id).json()
        }
        let dated: [(String, String, Bool)] = [("a", "2026-09-30", true), ("b", "2026-10-01", true), ("c", "2026-10-02", false), ("d", "2026-11-01", true)]
        let rows = dated.map { id, date, review in
            LedgerRow(rowID: id, raw: #"{"id":"\#(id)","date":"\#(date)","description":"X","amount":-1.5}"#, folded: "x", merchantKey: "name:x",
                      direction: "out", date: date, resolution: resolution(id, review), category: "uncategorized", source: "none", rule: nil)
        }
        try store.record(rows)
        #expect(try store.reviewQueue().groups.map(\.rowIDs) == [["d", "b", "a"]])
        let october = try #require(RowSelection(month: "2026-10", since: nil))
        #expect(try store.reviewQueue(october).groups.map(\.rowIDs) == [["b"]])
        #expect(try store.reviewQueue(october).groups.first?.totals.first?.minorUnits == -150)
    }
}

/// Row selection by month and day, shared by review, export and budgets.
struct RowSelectionTests {
    @Test(arguments: [
        ("2026-10", nil, "2026-10-01", "2026-11-01"), ("2026-12", nil, "2026-12-01", "2027-01-01"), (nil, "2026-02-29", nil, nil),
        (nil, "2024-02-29", "2024-02-29", nil), ("2026-10", "2026-10-15", "2026-10-15", "2026-11-01"), ("2026-10", "2026-09-15", "2026-10-01", "2026-11-01"),
        ("2026-13", nil, nil, nil), ("2026-1", nil, nil, nil), (nil, "2026-10-+1", nil, nil),
    ] as [(String?, String?, String?, String?)])
    func readsAMonthAndADay(_ month: String?, _ since: String?, _ from: String?, _ before: String?) {
        let selection = RowSelection(month: month, since: since)
        if from == nil && before == nil {
            #expect(selection == nil)
        } else {
            #expect(selection == RowSelection(from: from, before: before))
        }
    }

    @Test func containsTheDaysFromTheFirstUpToTheLast() {
        let october = RowSelection(month: "2026-10", since: nil)!
        #expect(october.contains("2026-10-01") && october.contains("2026-10-31"))
        #expect(!october.contains("2026-09-30") && !october.contains("2026-11-01") && !october.contains(nil))
        #expect(RowSelection.all.contains(nil))
    }
}
