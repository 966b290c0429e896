import GardenFoundation
import GardenImage
import GardenNames

/// Payment processors, channels and marketplaces (`Rules/processors.tsv`): their prefixes as `wrapper` patterns
/// anchored at the first word (``PatternOptions/needsStar`` when the bank must print `*` after one).
enum ProcessorsSource: RecordsSource {
    typealias View = [Processor]
    static let id = "processors"
    static let owner = "analysis"
    static let minimumColumns = 7
    static func files(in data: DataDirectory) -> [String] { ["Rules/processors.tsv"] }
    static func build(_ files: [TSVFile], taxonomy: () throws(DataError) -> Taxonomy) throws(DataError) -> [Processor] {
        let taxonomy = try taxonomy()
        return try files[0].records.map { record throws(DataError) in try Catalog.processor(record, taxonomy: taxonomy) }
    }
    static func patterns(_ processors: [Processor], into patterns: inout PatternSink) {
        for (index, processor) in processors.enumerated() {
            for prefix in processor.prefixes {
                let needsStar = prefix.hasSuffix("*")
                patterns.add(needsStar ? String(prefix.dropLast()) : prefix, record: index, role: .wrapper,
                             options: needsStar ? .needsStar : [], flags: .anchored)
            }
        }
    }
    static let badRecord = (file: "Rules/processors.tsv", line: "bad\tBad\tnot_a_role\t-\t-\t-\tBAD*", column: 3)
}

/// Bank boilerplate (`Rules/boilerplate.tsv`), operation words (`Rules/operations.tsv`) and ACH labels
/// (`Rules/ach_labels.tsv`), in that order: the `boilerplate` patterns cleaning removes.
enum CleanersSource: RecordsSource {
    typealias View = [Cleaner]
    static let id = "cleaners"
    static let owner = "analysis"
    static let minimumColumns = 2
    static func files(in data: DataDirectory) -> [String] { ["Rules/boilerplate.tsv", "Rules/operations.tsv", "Rules/ach_labels.tsv"] }
    static func build(_ files: [TSVFile], taxonomy: () throws(DataError) -> Taxonomy) throws(DataError) -> [Cleaner] {
        for (file, columns) in zip(files, [5, 4, 2]) {
            if let short = file.records.first(where: { $0.columns.count < columns }) {
                throw DataError(file: file.name, line: short.line, "expected \(columns) TAB-separated columns, found \(short.columns.count)")
            }
        }
        return try Catalog.cleaners(boilerplate: files[0], operations: files[1], labels: files[2])
    }
    static func patterns(_ cleaners: [Cleaner], into patterns: inout PatternSink) {
        for (index, cleaner) in cleaners.enumerated() { patterns.add(cleaner.phrase, record: index, role: .boilerplate) }
    }
    static let badRecord = (file: "Rules/boilerplate.tsv", line: "bad phrase\tnot_an_effect\t-\t-\tno", column: 2)
}

/// Cards' account words (`Rules/card_accounts.tsv`), folded: an account named with one is a credit card's.
enum CardAccountsSource: RecordsSource {
    typealias View = Set<String>
    static let id = "card_accounts"
    static let owner = "analysis"
    static let minimumColumns = 2
    static func files(in data: DataDirectory) -> [String] { ["Rules/card_accounts.tsv"] }
    static func build(_ files: [TSVFile], taxonomy: () throws(DataError) -> Taxonomy) throws(DataError) -> Set<String> {
        Set(files[0].records.map { TextFold.fold($0.columns[0]) })
    }
    static let badRecord = (file: "Rules/card_accounts.tsv", line: "lonely", column: 1)
}

/// Legal-form words (`Rules/legal_suffixes.tsv`: LTDA, S.A., INC), folded.
enum LegalSuffixesSource: RecordsSource {
    typealias View = Set<String>
    static let id = "legal_suffixes"
    static let owner = "analysis"
    static let minimumColumns = 2
    static func files(in data: DataDirectory) -> [String] { ["Rules/legal_suffixes.tsv"] }
    static func build(_ files: [TSVFile], taxonomy: () throws(DataError) -> Taxonomy) throws(DataError) -> Set<String> {
        Set(files[0].records.map { TextFold.fold($0.columns[0]) })
    }
    static let badRecord = (file: "Rules/legal_suffixes.tsv", line: "lonely", column: 1)
}

/// The words of organisations (`Rules/organisation_words.tsv`), folded: all of them, public bodies', public
/// forms' and offices' (``Catalog/organisationWords(_:)``); and how US states name their own bodies
/// (`Rules/state_offices.tsv`: the states, the office words after them; ``Catalog/namesStateBody(_:)``).
enum OrganisationWordsSource: RecordsSource {
    typealias View = Words
    struct Words: Equatable {
        var all: Set<String>, publicBodies: Set<String>, publicForms: Set<String>, offices: Set<String>
        var states: Set<String> = [], stateOffices: Set<String> = []
    }
    static let id = "organisation_words"
    static let owner = "analysis"
    static let minimumColumns = 2
    static func files(in data: DataDirectory) -> [String] { ["Rules/organisation_words.tsv", "Rules/state_offices.tsv"] }
    static func build(_ files: [TSVFile], taxonomy: () throws(DataError) -> Taxonomy) throws(DataError) -> Words {
        let words = Catalog.organisationWords(files[0])
        var view = Words(all: words.all, publicBodies: words.publicBodies, publicForms: words.publicForms, offices: words.offices)
        for record in files[1].records {
            switch record.columns[1] {
            case "state": view.states.insert(TextFold.fold(record.columns[0]))
            case "follows", "initialism": view.stateOffices.insert(TextFold.fold(record.columns[0]))
            default: throw record.error("unknown kind \"\(record.columns[1])\" (state, follows or initialism)", column: 2)
            }
        }
        return view
    }
    static let badRecord = (file: "Rules/organisation_words.tsv", line: "lonely", column: 1)
}

/// Words that never identify a merchant (`Rules/identity_words.tsv`), for the merchant identity: all of them
/// folded as descriptors are, the particles among them, and the operation and rail words folded as names are.
enum IdentityWordsSource: RecordsSource {
    typealias View = Words
    struct Words: Equatable {
        var stop: Set<String>, particles: Set<String>, operations: Set<String>
    }
    static let id = "identity_words"
    static let owner = "engine"
    static let minimumColumns = 2
    static func files(in data: DataDirectory) -> [String] { ["Rules/identity_words.tsv"] }
    static func build(_ files: [TSVFile], taxonomy: () throws(DataError) -> Taxonomy) throws(DataError) -> Words {
        let records = files[0].records
        return Words(stop: Set(records.map { Catalog.foldedWord($0.columns[0]) }),
                     particles: Set(records.filter { $0.columns[1] == "particle" }.map { Catalog.foldedWord($0.columns[0]) }),
                     operations: Set(records.filter { ["operation", "rail"].contains($0.columns[1]) }.map { TextFold.fold($0.columns[0]) }))
    }
    static let badRecord = (file: "Rules/identity_words.tsv", line: "lonely", column: 1)
}

/// Abbreviations written out in displayed names (`Rules/name_abbreviations.tsv`).
enum NameAbbreviationsSource: RecordsSource {
    typealias View = NameAbbreviations
    static let id = "name_abbreviations"
    static let owner = "analysis"
    static let minimumColumns = 3
    static func files(in data: DataDirectory) -> [String] { ["Rules/name_abbreviations.tsv"] }
    static func build(_ files: [TSVFile], taxonomy: () throws(DataError) -> Taxonomy) throws(DataError) -> NameAbbreviations {
        try NameAbbreviations(files[0])
    }
    static let badRecord = (file: "Rules/name_abbreviations.tsv", line: "BAD\tBad\tXX", column: 3)
}

/// Pluggy's and Plaid's category codes mapped to garden's (`Rules/pluggy.tsv`, `Rules/plaid.tsv`).
enum ProviderCategoriesSource: RecordsSource {
    typealias View = ProviderCategoryMap
    static let id = "provider_categories"
    static let owner = "provider_category"
    static let minimumColumns = 2
    static func files(in data: DataDirectory) -> [String] { ["Rules/pluggy.tsv", "Rules/plaid.tsv"] }
    static func build(_ files: [TSVFile], taxonomy: () throws(DataError) -> Taxonomy) throws(DataError) -> ProviderCategoryMap {
        if let short = files[0].records.first(where: { $0.columns.count < 3 }) {
            throw DataError(file: files[0].name, line: short.line, "expected 3 TAB-separated columns, found \(short.columns.count)")
        }
        return try ProviderCategoryMap(pluggy: files[0], plaid: files[1], taxonomy: taxonomy())
    }
    static let badRecord = (file: "Rules/plaid.tsv", line: "BAD_CODE\tno.such.category", column: 2)
}

/// Each resolver's calibrated review floor (`Rules/review_calibration.tsv`; none when the file is missing).
enum ReviewCalibrationSource: RecordsSource {
    typealias View = ReviewCalibration
    static let id = "review_calibration"
    static let owner = "engine"
    static let minimumColumns = 2
    static func files(in data: DataDirectory) -> [String] { data.contains(ReviewCalibration.file) ? [ReviewCalibration.file] : [] }
    static func build(_ files: [TSVFile], taxonomy: () throws(DataError) -> Taxonomy) throws(DataError) -> ReviewCalibration {
        try files.first.map { file throws(DataError) in try ReviewCalibration(file) } ?? ReviewCalibration()
    }
    static let badRecord = (file: "Rules/review_calibration.tsv", line: "bank_line\tlots", column: 2)
}

/// Fields of fixed statement layouts that are not the merchant (`Rules/statement_fields.tsv`).
enum StatementFieldsSource: RecordsSource {
    typealias View = StatementFields
    static let id = "statement_fields"
    static let owner = "analysis"
    static let minimumColumns = 3
    static func files(in data: DataDirectory) -> [String] { [StatementFields.file] }
    static func build(_ files: [TSVFile], taxonomy: () throws(DataError) -> Taxonomy) throws(DataError) -> StatementFields {
        try StatementFields(files[0])
    }
    static let badRecord = (file: "Rules/statement_fields.tsv", line: "WORD\tnote\tnowhere", column: 3)
}
