/// Why a resolver proposed what it did: the text it matched, where the rule or record lives
/// (`Brands/br-food.tsv:12`, `Rules/mcc.tsv:512`, a user rule's `file:line`), and a short note.
public struct Evidence: Sendable, Hashable {
    /// What was matched: descriptor words, a code ("mcc 5812"), a document root.
    public var matched: String
    /// Data file and line, or rule id.
    public var source: String
    public var note: String?

    public init(matched: String, source: String, note: String? = nil) {
        self.matched = matched
        self.source = source
        self.note = note
    }
}
