import Foundation
import Testing
@testable import GardenStore
@testable import GardenSQLite
@testable import GardenLedger
@testable import GardenLinkStore
@testable import GardenSnapshot

/// A row counts once in what garden learns: teaching it the same answer again adds nothing, a changed
/// answer replaces the earlier one, and `undo` walks back through both exactly.
struct ReteachTests {
    func correction(_ category: String, key: String = "name:padariadoze") -> Correction {
        Correction(rowID: "a1", category: category, merchant: nil, budget: nil, merchantKey: key, direction: "out", features: ["w:padaria", "w:ze"])
    }

    /// Memory counts, naive-Bayes documents per category and examples, as one comparable picture.
    func state(_ store: Store) throws -> [String] {
        let memory = try store.db.prepare("SELECT merchant_key || ' ' || category || ' ' || count FROM memory ORDER BY 1").all { $0.text(0) ?? "" }
        let documents = try store.db.prepare("SELECT category || ' ' || documents || ' ' || tokens FROM nb_category ORDER BY 1").all { "nb " + ($0.text(0) ?? "") }
        let features = try store.db.prepare("SELECT feature || ' ' || category || ' ' || count FROM nb_feature ORDER BY 1").all { "f " + ($0.text(0) ?? "") }
        let examples = try store.db.prepare("SELECT row_id || ' ' || category FROM nb_example ORDER BY id").all { "ex " + ($0.text(0) ?? "") }
        return memory + documents + features + examples
    }

    @Test func theSameAnswerTwiceCountsOnce() throws {
        let store = try Store(path: StoreTests.temporaryPath())
        try store.teach(correction("food.groceries"), origin: "t1")
        let once = try state(store)
        try store.teach(correction("food.groceries"), origin: "t2")
        #expect(try state(store) == once)
        #expect(try store.consistentCorrections(merchantKey: "name:padariadoze", direction: "out", category: "food.groceries") == 1)
    }

    @Test func aChangedAnswerReplacesTheEarlierOneAndUndoRestoresIt() throws {
        let store = try Store(path: StoreTests.temporaryPath())
        try store.teach(correction("food.groceries"), origin: "t1")
        try store.teach(correction("food.groceries"), origin: "t2")
        let groceries = try state(store)
        try store.teach(correction("food.restaurants"), origin: "t3")
        #expect(try state(store) == [
            "name:padariadoze food.restaurants 1", "nb food.restaurants 1 2",
            "f w:padaria food.restaurants 1", "f w:ze food.restaurants 1", "ex a1 food.restaurants",
        ])
        #expect(try store.consistentCorrections(merchantKey: "name:padariadoze", direction: "out", category: "food.restaurants") == 1)
        try store.teach(correction("food.bars", key: "name:zebar"), origin: "t4")
        #expect(try store.consistentCorrections(merchantKey: "name:padariadoze", direction: "out", category: "food.restaurants") == 0)
        try store.undoLast()
        try store.undoLast()
        #expect(try state(store) == groceries)
        try store.undoLast()
        try store.undoLast()
        #expect(try state(store).isEmpty)
    }
}

extension ReteachTests {
    /// A changed answer without a merchant identity, then another: each takes back only what stands.
    @Test func aCorrectionWithoutMerchantIdentityBetweenTwoOthersTakesBackOnlyWhatStands() throws {
        let store = try Store(path: StoreTests.temporaryPath())
        try store.teach(correction("food.groceries"), origin: "t1")
        var bare = correction("food.restaurants")
        bare.merchantKey = nil
        try store.teach(bare, origin: "t2")
        #expect(try store.consistentCorrections(merchantKey: "name:padariadoze", direction: "out", category: "food.groceries") == 0)
        try store.teach(correction("food.bars"), origin: "t3")
        #expect(try state(store).filter { !$0.hasPrefix("f ") } == ["name:padariadoze food.bars 1", "nb food.bars 1 2", "ex a1 food.bars"])
    }
}
