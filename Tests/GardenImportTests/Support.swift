import Foundation
import GardenCatalog
@testable import GardenImport
@testable import GardenImportKit
@testable import GardenCSVImport

/// The repository's data and the shared samples, for all import tests.
enum ImportTestData {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = root.appendingPathComponent("Tests/GardenImportTests/Fixtures")
    /// The real exports (copied from ../shared/import-samples with their manifest: Tests/Fixtures/import-samples/PROVENANCE.md).
    static let samples = root.appendingPathComponent("Tests/Fixtures/import-samples")
    static let importer: Importer = {
        do { return try Importer(data: DataDirectory(root: root)) } catch { fatalError("import data: \(error)") }
    }()

    static func bytes(_ url: URL) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: url.path) else { fatalError("missing \(url.path)") }
        return [UInt8](data)
    }

    /// Imports a fixture under Tests/GardenImportTests/Fixtures.
    static func fixture(_ name: String, _ configure: (inout Importer.Options) -> Void = { _ in }) -> ImportResult {
        var options = Importer.Options()
        configure(&options)
        return importer.read(bytes(fixtures.appendingPathComponent(name)), file: name, options: options)
    }

    /// A result's notes but the one a file whose dates all read two ways gets about the order taken (hostile10 F27):
    /// what tests of other notes compare.
    static func notesBesideDateOrder(_ result: ImportResult) -> [ImportError] {
        result.notes.filter { !$0.message.hasPrefix("no date of the file shows its order") }
    }

    /// Imports text as a file named `name`.
    static func text(_ text: String, name: String = "test.csv", _ configure: (inout Importer.Options) -> Void = { _ in }) -> ImportResult {
        var options = Importer.Options()
        configure(&options)
        return importer.read(Array(text.utf8), file: name, options: options)
    }
}

/// A row's fields as plain strings, to compare whole rows in one `#expect`.
struct RowFields: Equatable {
    var id: String
    var date: String?
    var amount: String?
    var currency: String?
    var text: String
    var memo: String?
    var account: String?
    var method: String?
    var check: String?
    var category: String?

    init(_ id: String, _ date: String?, _ amount: String?, _ currency: String?, _ description: String, memo: String? = nil,
         account: String? = nil, method: String? = nil, check: String? = nil, category: String? = nil) {
        (self.id, self.date, self.amount, self.currency, self.text) = (id, date, amount, currency, description)
        (self.memo, self.account, self.method, self.check, self.category) = (memo, account, method, check, category)
    }

    init(_ row: ImportedRow) {
        self.init(row.id, row.date, row.amountText, row.amount?.currency.code, row.description, memo: row.memo, account: row.account,
                  method: row.paymentMethod?.rawValue, check: row.checkNumber, category: row.providerCategory)
    }
}
