import GardenFoundation
import GardenImage

/// The category taxonomy (`Rules/taxonomy.tsv`): every category any other source names is checked against it.
enum TaxonomySource: RecordsSource {
    typealias View = Taxonomy
    static let id = "taxonomy"
    static let owner = "engine"
    static let minimumColumns = 5
    static func files(in data: DataDirectory) -> [String] { ["Rules/taxonomy.tsv"] }
    static func build(_ files: [TSVFile], taxonomy: () throws(DataError) -> Taxonomy) throws(DataError) -> Taxonomy {
        try Taxonomy(files[0])
    }
    static func equal(_ a: Taxonomy, _ b: Taxonomy) -> Bool { a.ids == b.ids && a.categories == b.categories }
    static let badRecord = (file: "Rules/taxonomy.tsv", line: "bad.category\tno_such_parent\tMau\tBad\t-", column: 2)

    // The taxonomy is what the others are checked against: it is parsed without one.
    static func parse(_ files: SourceFiles, _ shared: inout CompileContext) throws(DataError) -> RecordsParsed<Taxonomy> {
        let tsvs = try files.tsvs(minimumColumns: minimumColumns)
        return RecordsParsed(files: tsvs, value: try Taxonomy(tsvs[0]))
    }
}

/// garden's default budgets (`Rules/budgets.tsv`); a session composes them with the user's (``UserKnowledge``).
enum BudgetsSource: RecordsSource {
    typealias View = BudgetBook
    static let id = "budgets"
    static let owner = "engine"
    static let minimumColumns = 5
    static func files(in data: DataDirectory) -> [String] { ["Rules/budgets.tsv"] }
    static func build(_ files: [TSVFile], taxonomy: () throws(DataError) -> Taxonomy) throws(DataError) -> BudgetBook {
        try BudgetBook(files[0], taxonomy: taxonomy())
    }
    static func equal(_ a: BudgetBook, _ b: BudgetBook) -> Bool {
        a.budgets == b.budgets && a.byMerchantKey == b.byMerchantKey && a.defaultIDs == b.defaultIDs && a.cycleStart == b.cycleStart
    }
    static let badRecord = (file: "Rules/budgets.tsv", line: "bad\tMau\tBad\tno.such.category\t-", column: 4)
}
