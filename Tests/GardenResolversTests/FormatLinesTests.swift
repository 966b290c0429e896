import Foundation
import Testing
import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenResolvers

/// Issue 21, kinds of lines of banks garden never saw: `Tests/Fixtures/format-lines/issue21-ownlines.jsonl`, lines
/// written from the format of each kind (own-account moves, public payees by form, reservation and ordering
/// wrappers, names with several trade words; see the folder's README), each with the merchant, kind and category
/// it must get. The same file is scored by `garden eval … --by source` in docs/MEASUREMENTS.md.
struct FormatLinesTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var json: String
        var id: String
        var merchant: String?
        var kind: String?
        var category: String?
        var testDescription: String { id }
    }

    static let rows: [Row] = {
        let url = Fixture.root.appendingPathComponent("Tests/Fixtures/format-lines/issue21-ownlines.jsonl")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let expected = object["expected"] as? [String: Any] else { return nil }
            return Row(json: String(line), id: "\(object["id"] ?? "?") \(object["description"] ?? "")",
                       merchant: expected["merchant"] as? String, kind: expected["kind"] as? String, category: expected["category"] as? String)
        }
    }()

    @Test func theFixtureIsRead() {
        #expect(Self.rows.count >= 60)
        #expect(Self.rows.allSatisfy { $0.category != nil || $0.merchant != nil })
    }

    @Test(arguments: rows) func eachLineGetsWhatItsFormatSays(_ row: Row) {
        let r = Fixture.resolve(row.json)
        if let category = row.category { #expect(Taxonomy.id(r.category, isWithin: category), "category \(r.category)") }
        if let kind = row.kind { #expect(r.merchant.kind.rawValue == kind, "kind \(r.merchant.kind)") }
        if let merchant = row.merchant { #expect(r.merchant.name == merchant, "merchant \(r.merchant.name ?? "nil")") }
        // An own-account move is the holder's (issue 35: kind person, the holder's own accounts included), never a
        // person's name read from its words: the account's bank names it, or nothing does.
        if row.category == CategoryID.transferToSelf {
            #expect(r.merchant.kind == .person)
            #expect(r.merchant.name == nil || r.merchant.brand != nil || r.merchant.name == row.merchant, "merchant \(r.merchant.name ?? "nil")")
        }
    }
}
