/// What a command has changed for good in the store (committed), so that when its report then cannot be
/// written (stdout on a full disk) ``GardenCommandLine/finished(_:_:)`` says plainly that the change was
/// made and only the report was lost: the user must not run it again (a second `undo` would revert the
/// change before, a second `teach` count the correction twice).
///
/// Shared by every copy of an ``Environment`` (a class); commands note a change right after the store
/// call that committed it returns.
public final class CommittedChanges {
    /// One line per change committed, in order (`teach: row t1 → food.coffee`).
    public private(set) var changes: [String] = []
    /// Rows `resolve --record` has written to the ledger so far.
    public private(set) var recordedRows = 0

    public init() {}

    /// Notes one committed change.
    public func note(_ change: String) { changes.append(change) }

    /// Notes `count` more ledger rows written (each chunk is committed on its own).
    public func recorded(_ count: Int) { recordedRows += count }

    /// Whether anything was committed.
    public var isEmpty: Bool { changes.isEmpty && recordedRows == 0 }

    /// What to tell the user when the report of the changes was lost.
    package var lostReportMessage: String {
        var made = changes
        if recordedRows > 0 { made.append("\(recordedRows) row(s) written to the ledger (recording the same input again adds nothing)") }
        return "the change was made and is in the store: \(made.joined(separator: "; ")); only this report was lost, "
            + "so do not run the command again (garden undo --list shows the change)"
    }
}
