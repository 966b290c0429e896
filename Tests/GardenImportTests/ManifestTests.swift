import Foundation
import Testing
import GardenFoundation
import GardenCatalog
@testable import GardenImport
@testable import GardenImportKit
@testable import GardenCSVImport

/// Every real export of ../shared/import-samples (copied to Tests/Fixtures/import-samples) imports with its independently computed ground truth
/// (MANIFEST.jsonl): the count, the exact sum in the account's perspective, the first and last rows'
/// dates, amounts and descriptors; the file whose only amount has no digits is an error naming file, line and field.
struct ManifestTests {
    struct Entry: CustomTestStringConvertible, Sendable {
        var file: String
        var currency: String
        var count: Int
        var sum: String?
        var first: [String: String?]
        var last: [String: String?]
        /// The file writes charges as positive (its rows are negated into the account's perspective).
        var inverted: Bool
        var testDescription: String { file }
    }

    static let entries: [Entry] = {
        let url = ImportTestData.samples.appendingPathComponent("MANIFEST.jsonl")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map { line in
            let object = try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            let row = { (key: String) -> [String: String?] in
                let values = object[key] as! [String: Any]
                // The descriptor: a CSV's description; in OFX, NAME when it has letters, else MEMO (entities decoded once);
                // a NAME of 32 characters (OFX's "NAME A-32") that MEMO continues is MEMO's whole text.
                var name = (values["name_unescaped_once"] ?? values["name"]) as? String
                let memo = (values["memo_unescaped_once"] ?? values["memo"]) as? String
                if let cut = name, cut.count == 32, let memo, memo.count > 32, memo.hasPrefix(cut) { name = memo }
                let text = values["description"] as? String ?? (name.map { $0.contains(where: \.isLetter) } == true ? name : memo)
                return ["date": values["date"] as? String, "amount": values["amount"] as? String,
                        "description": text?.trimmingCharacters(in: .whitespaces)]
            }
            return Entry(file: object["file"] as! String, currency: object["currency"] as! String, count: object["count"] as! Int,
                         sum: object["sum"] as? String, first: row("first"), last: row("last"),
                         inverted: (object["sign_convention"] as? String)?.contains("negation") ?? false)
        }
    }()

    @Test func theManifestIsThere() {
        #expect(Self.entries.count == 25, "expected Tests/Fixtures/import-samples/MANIFEST.jsonl (copied from ../shared/import-samples)")
    }

    static func minorUnits(_ text: String?, _ currency: CurrencyCode, negate: Bool) -> Int64? {
        guard let text, let parsed = try? Money.parse(Array(text.utf8), currency: currency) else { return nil }
        return negate ? -parsed.money.minorUnits : parsed.money.minorUnits
    }

    @Test(arguments: entries)
    func importsWithTheGroundTruth(_ entry: Entry) throws {
        let url = ImportTestData.samples.appendingPathComponent(entry.file)
        let result = ImportTestData.importer.read(ImportTestData.bytes(url), file: entry.file, options: Importer.Options())
        let currency = try #require(CurrencyCode(entry.currency))
        guard let sum = entry.sum else {
            // The amount without digits: an error naming the file, its line and the field; nothing imported as zero.
            #expect(result.rows.isEmpty)
            #expect(result.errors.count == entry.count)
            let error = try #require(result.errors.first)
            #expect(error.file == entry.file && error.line > 0 && error.field == "TRNAMT")
            #expect(error.description.hasPrefix("\(entry.file):\(error.line): field \"TRNAMT\": "))
            return
        }
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.rows.count == entry.count)
        #expect(result.rows.allSatisfy { $0.amount?.currency == currency })
        let total = result.rows.reduce(Int64(0)) { $0 + ($1.amount?.minorUnits ?? 0) }
        #expect(total == Self.minorUnits(sum, currency, negate: entry.inverted))
        let first = try #require(result.rows.first), last = try #require(result.rows.last)
        #expect(first.description == entry.first["description"]!)
        #expect(last.description == entry.last["description"]!)
        #expect(first.date == entry.first["date"]!)
        #expect(first.amount?.minorUnits == Self.minorUnits(entry.first["amount"]!, currency, negate: entry.inverted))
        #expect(last.date == entry.last["date"]!)
        #expect(last.amount?.minorUnits == Self.minorUnits(entry.last["amount"]!, currency, negate: entry.inverted))
        #expect(Set(result.rows.map(\.id)).count == result.rows.count, "ids are unique within a file")
    }
}
