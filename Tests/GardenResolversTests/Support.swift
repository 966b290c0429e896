import Foundation
import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenResolvers

/// The repository's catalog and the built-in pipeline, loaded once (no user rules, no store).
enum Fixture {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let catalog: Catalog = {
        do { return try Catalog(data: DataDirectory(root: root), knowledge: Precedence.knowledge(of: BuiltInResolvers.all)) } catch { fatalError("catalog: \(error)") }
    }()
    static let pipeline = Pipeline(catalog: catalog, resolvers: BuiltInResolvers.all)

    static func transaction(_ json: String) -> Transaction {
        do { return try TransactionReader().read(try JSONScanner.parse(Array(json.utf8))) } catch { fatalError("\(json): \(error)") }
    }

    static func resolve(_ json: String, pipeline: Pipeline = pipeline) -> Resolution {
        pipeline.resolve(transaction(json))
    }

    /// A row from a descriptor and amount.
    static func row(_ description: String, _ amount: String = "-10", extra: String = "") -> String {
        let escaped = description.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "{\"description\":\"\(escaped)\",\"amount\":\(amount)\(extra)}"
    }

    /// A pipeline with the given rule file as the user's (the shipped catalog is the one loaded once).
    static func pipeline(rules: String) throws -> Pipeline {
        Pipeline(catalog: catalog, user: try UserKnowledge(catalog: catalog, ruleFiles: [("test.rules", rules)]), resolvers: BuiltInResolvers.all)
    }
}
