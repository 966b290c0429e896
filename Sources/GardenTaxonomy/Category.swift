import GardenFoundation

/// A category of the taxonomy (`Rules/taxonomy.tsv`): a dotted id whose prefix is its group
/// (`food.delivery` is in `food`), names in pt-BR and English, and the budget it counts against
/// by default.
public struct Category: Sendable, Hashable {
    public var id: String
    public var parent: String?
    public var namePT: String
    public var nameEN: String
    /// A budget id, or nil for "Fora do planejamento" (unbudgeted).
    public var defaultBudget: String?
    public var source: SourceLocation

    /// The name in `language` ("pt" or "en").
    public func name(_ language: Language) -> String { language == .english ? nameEN : namePT }
}

/// The language of category and budget names in output.
public enum Language: String, Sendable {
    case portuguese = "pt-BR"
    case english = "en"

    /// Reads "pt", "pt-BR", "en", "en-US".
    public init?(code: String) {
        let lower = code.lowercased()
        if lower.hasPrefix("pt") { self = .portuguese } else if lower.hasPrefix("en") { self = .english } else { return nil }
    }
}
