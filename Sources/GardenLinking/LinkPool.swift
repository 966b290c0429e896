/// The rows one linking run works on: the rows to examine (recorded or changed since the last run) and
/// their candidate partners, plus the links already stored that the run does not redo.
///
/// A matcher returns only links with at least one examined row; rows already the secondary side of a
/// kept exclusive link (``LinkKind/isExclusive``) are `taken` and are not linked again.
public struct LinkPool: Sendable {
    public let rows: [LinkFacts]
    public let examined: Set<String>
    /// Links stored before the run that it keeps (none of their rows is examined).
    public let kept: [Link]
    /// The counterparties (`party|direction`) whose history was read whole, so a recurring series may be
    /// looked for; nil: every counterparty in `rows`.
    public let seriesParties: Set<String>?
    /// Older rows of those counterparties, read only for recurring series (not among `rows`).
    public let history: [LinkFacts]

    public init(rows: [LinkFacts], examined: Set<String>, kept: [Link] = [], history: [LinkFacts] = [], seriesParties: Set<String>? = nil) {
        var seen: [String: Int] = [:]
        var unique: [LinkFacts] = []
        for row in rows where seen[row.rowID] == nil {
            seen[row.rowID] = unique.count
            unique.append(row)
        }
        self.rows = unique
        self.examined = examined
        self.kept = kept
        self.seriesParties = seriesParties
        self.history = history.filter { seen[$0.rowID] == nil }
    }

    /// Whether a link over `rowIDs` may be made in this run: one of them is examined.
    public func touchesExamined<S: Sequence<String>>(_ rowIDs: S) -> Bool { rowIDs.contains { examined.contains($0) } }
}
