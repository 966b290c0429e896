import GardenFoundation

/// A budget ("Limite", `Rules/budgets.tsv`): the categories and merchants whose rows count against it.
public struct Budget: Sendable, Hashable {
    public var id: String
    public var namePT: String
    public var nameEN: String
    /// Category ids or groups (a group includes its children).
    public var categories: [String]
    /// Brand ids whose rows count here whatever their category.
    public var merchants: [String]
    public var source: SourceLocation

    public func name(_ language: Language) -> String { language == .english ? nameEN : namePT }
}
