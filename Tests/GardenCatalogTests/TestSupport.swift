import Foundation
@testable import GardenFoundation
@testable import GardenCatalog
@testable import GardenAnalysis

/// The repository's own data, loaded once for all tests (never the user's rules or store).
enum TestData {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let catalog: Catalog = {
        do { return try Catalog(data: DataDirectory(root: root)) } catch { fatalError("catalog: \(error)") }
    }()
    static let analyzer = DescriptorAnalyzer(catalog.analysis)

    static func transaction(_ json: String) -> Transaction {
        let doc = try! JSONScanner.parse(Array(json.utf8))
        return try! TransactionReader().read(doc)
    }

    static func analyze(_ description: String, amount: String = "-10", date: String? = nil) -> Descriptor {
        var json = "{\"description\":\"" + jsonEscape(description) + "\",\"amount\":" + amount
        if let date { json += ",\"date\":\"" + date + "\"" }
        return analyzer.analyze(transaction(json + "}"))
    }

    static func jsonEscape(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
