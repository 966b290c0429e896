import GardenFoundation

/// The category tree (`Rules/taxonomy.tsv`): ids, parents, pt-BR/English names and default budgets.
public struct Taxonomy: Sendable {
    public private(set) var categories: [String: Category] = [:]
    /// Ids in file order.
    public private(set) var ids: [String] = []

    /// The id every row without a proposal gets.
    public static let uncategorized = CategoryID.uncategorized

    /// No categories (what a source viewed before the taxonomy is given).
    package static let empty = Taxonomy()
    private init() {}

    public init(_ file: TSVFile) throws(DataError) {
        for record in file.records {
            let id = record.columns[0]
            guard categories[id] == nil else { throw record.error("duplicate category id \"\(id)\"") }
            let parent = record.optional(1)
            if let parent, categories[parent] == nil {
                throw record.error("parent \"\(parent)\" must be defined above \"\(id)\"", column: 2)
            }
            categories[id] = Category(id: id, parent: parent, namePT: record.columns[2], nameEN: record.columns[3],
                                      defaultBudget: record.optional(4), source: SourceLocation(file: file.name, line: record.line))
            ids.append(id)
        }
        // The ids garden's own decisions name.
        for id in CategoryID.required where categories[id] == nil {
            throw DataError(file: file.name, line: 1, "the taxonomy must define \"\(id)\"")
        }
    }

    public subscript(id: String) -> Category? { categories[id] }

    public func contains(_ id: String) -> Bool { categories[id] != nil }

    /// The ids of the categories whose Portuguese or English display name is `name` (case, accents and
    /// punctuation aside, as ``TextFold`` folds them: "mercado", "Groceries"); empty when none is, several
    /// when the name is ambiguous.
    public func named(_ name: String) -> [String] {
        let wanted = TextFold.fold(name)
        return ids.filter { id in categories[id].map { TextFold.fold($0.namePT) == wanted || TextFold.fold($0.nameEN) == wanted } ?? false }
    }

    /// Known ids closest to `id` (same group first, then by edit distance), for "did you mean" messages.
    public func suggestions(for id: String, limit: Int = 3) -> [String] {
        let scored = ids.map { candidate -> (String, Int) in
            var score = ClosestNames.editDistance(Array(id.utf8), Array(candidate.utf8))
            if let group = id.split(separator: ".").first, candidate.hasPrefix(group + ".") { score -= 2 }
            if candidate.hasPrefix(id) || id.hasPrefix(candidate) { score -= 3 }
            return (candidate, score)
        }
        return scored.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.prefix(limit).map(\.0)
    }

    /// Whether `id` is `group` or lies below it (`food.delivery` is within `food`).
    public static func id(_ id: String, isWithin group: String) -> Bool {
        // Byte by byte, without building `group + "."`: the decision asks this several times a row.
        var rest = id.utf8.makeIterator()
        for byte in group.utf8 where rest.next() != byte { return false }
        guard let next = rest.next() else { return true }
        return next == UInt8(ascii: ".")
    }
}
