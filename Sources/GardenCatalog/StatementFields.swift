import GardenFoundation

/// Fields of a statement line's fixed layouts that are not the merchant, by where their standard puts them
/// (`Rules/statement_fields.tsv`): NACHA's Standard Entry Class codes at the end of an ACH line, the card network's
/// one-letter-tagged reference at the end of a debit-card line, NACHA's Company Entry Descriptions after the company's
/// name (issue 21).
public struct StatementFields: Sendable, Hashable {
    /// The data file.
    public static let file = "Rules/statement_fields.tsv"

    /// Folded words that end an ACH entry (`ppd`, `web`, `tel`): removed when last, after an ACH field.
    public let endWords: Set<String>
    /// Folded one-letter tags (`s`, `p`) that, glued to a reference of 11 digits or more, are removed with it.
    public let referenceTags: Set<String>

    /// Folded Company Entry Descriptions (`payroll`, `return fee`, `retry pymt`, `online pmt`): what an ACH entry is,
    /// printed after the company's name; removed when they end what is left of an ACH line and a name stays before them.
    public let entryDescriptions: Set<String>
    /// The most words an entry description has (the longest phrase of ``entryDescriptions``).
    public let longestEntryDescription: Int

    /// Folded codes a Canadian bank prints after the payee as the line's last word (`pay`, `ins`).
    public let canadianEndCodes: Set<String>

    /// Folded words that, printed right after the transaction date that follows the merchant's name, open the card
    /// line's location field (`purchase`: "ACME 01/07 PURCHASE SPRINGFIELD IL"): they and all after them are no part
    /// of the name.
    public let locationFieldWords: Set<String>

    public init(endWords: Set<String> = [], referenceTags: Set<String> = [], entryDescriptions: Set<String> = [],
                canadianEndCodes: Set<String> = [], locationFieldWords: Set<String> = []) {
        self.endWords = endWords
        self.locationFieldWords = locationFieldWords
        self.canadianEndCodes = canadianEndCodes
        self.referenceTags = referenceTags
        self.entryDescriptions = entryDescriptions
        longestEntryDescription = entryDescriptions.map { $0.split(separator: " ").count }.max() ?? 0
    }

    /// Reads the file's `word`, `field`, `where` records.
    /// - Throws: ``DataError`` naming the record whose `where` is not `end`, `glued_digits`, `after_name`,
    ///   `end_ca` or `after_date`, or whose
    ///   tag is not one letter.
    public init(_ file: TSVFile) throws(DataError) {
        var end: Set<String> = []
        var tags: Set<String> = []
        var descriptions: Set<String> = []
        var codes: Set<String> = []
        var location: Set<String> = []
        for record in file.records {
            let word = TextFold.fold(record.columns[0])
            switch record.columns[2] {
            case "end": end.insert(word)
            case "glued_digits":
                guard word.utf8.count == 1 else { throw record.error("a reference's tag is one letter", column: 1) }
                tags.insert(word)
            case "after_name": descriptions.insert(word)
            case "end_ca": codes.insert(word)
            case "after_date": location.insert(word)
            default: throw record.error("where must be end, glued_digits, after_name, end_ca or after_date", column: 3)
            }
        }
        self.init(endWords: end, referenceTags: tags, entryDescriptions: descriptions, canadianEndCodes: codes,
                  locationFieldWords: location)
    }
}
