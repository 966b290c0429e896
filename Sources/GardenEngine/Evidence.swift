/// Why a resolver proposed what it did: the text it matched, where the rule or record lives
/// (`Brands/br-food.tsv:12`, `Rules/mcc.tsv:512`, a user rule's `file:line`), and a short note.
public struct Evidence: Sendable, Hashable {
    /// What was matched: descriptor words, a code ("mcc 5812"), a document root.
    public var matched: String
    /// Where the evidence lives: a data file and line (`Rules/mcc.tsv:512`), a user rule's id, who taught
    /// a correction and when, or the part of the row it was read from (`counterparty`). Printed as the
    /// trace's `source`.
    public var location: String
    public var note: String?

    public init(matched: String, location: String, note: String? = nil) {
        self.matched = matched
        self.location = location
        self.note = note
    }
}
