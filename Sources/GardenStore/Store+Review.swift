import GardenLedger
extension Store {
    /// The review queue of the selected rows (``ReviewQueue``): the flagged ones, grouped so one
    /// correction settles each group, largest first.
    public func reviewQueue(_ selection: RowSelection = .all) throws -> ReviewQueue {
        var entries: [LedgerEntry] = []
        try forEachLedgerEntry(selection, reviewOnly: true) { entries.append($0) }
        return ReviewQueue(entries)
    }
}
