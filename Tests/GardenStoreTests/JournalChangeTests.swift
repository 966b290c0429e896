import Foundation
import Testing
@testable import GardenStore
@testable import GardenSQLite
@testable import GardenLedger
@testable import GardenLinkStore
@testable import GardenSnapshot

/// The journal's typed changes: every kind survives its stored form (table, key) unchanged, and a
/// stored change this garden does not know is an error of its own, not a silent skip.
struct JournalChangeTests {
    @Test(arguments: [
        JournalChange.ledger(rowID: "nu-1"), .override(rowID: "h0123"),
        .memory(merchantKey: "brand:uber", direction: "out", category: "transport.rideshare"),
        .naiveBayesFeature(feature: "w:padaria", category: "food.groceries"), .naiveBayesCategory("food.groceries"),
        .naiveBayesExample(id: 7), .rule(id: 3), .accountHolder(id: 2), .link(id: 9), .linkState(name: "linked_through"),
    ])
    func survivesItsStoredForm(_ change: JournalChange) throws {
        let (table, key) = change.stored
        #expect(try JournalChange(table: table, key: key) == change)
    }

    @Test(arguments: [("budgets", "1"), ("memory", "brand:uber\tout"), ("rules", "r1"), ("nb_feature", "w:x")])
    func anUnknownOrMalformedChangeIsRefused(_ table: String, _ key: String) {
        #expect(throws: StoreFailure.unknownJournalChange(table: table, key: key)) { try JournalChange(table: table, key: key) }
    }

    @Test func aFixedClockStampsTheJournal() throws {
        let path = NSTemporaryDirectory() + "garden-clock-\(UUID().uuidString).db"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try Store(path: path, clock: .fixed(Date(timeIntervalSince1970: 1_790_000_000)))
        _ = try store.addRules([#"if description "x" => category other"#], origin: "added")
        #expect(try store.history().first?.createdAt == "2026-09-21T14:13:20Z")
        #expect(try store.rules().first?.createdAt == "2026-09-21T14:13:20Z")
    }
}
