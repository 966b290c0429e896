import GardenStore
import GardenCommandKit
import GardenLedger
import GardenSQLite
import GardenFoundation

/// Where `resolve --record` writes its rows: the store, in chunks (each its own short transaction), with
/// the snapshot generation the rows were resolved from, so a correction made meanwhile is not overwritten.
final class LedgerSink {
    let store: Store
    /// What the writes so far did.
    private(set) var outcome = Store.RecordOutcome()
    let generation: String?
    let reresolve: ([LedgerRow]) throws -> [LedgerRow]
    /// What the rows are resolved under (``ResolutionState``): each row resolved from its stored line is recorded with
    /// its fingerprint, so `recategorize` skips it while nothing that decides it changes; nil records none.
    let state: ResolutionState?

    init(store: Store, session: Session, env: Environment, options: CommandLineOptions, state: ResolutionState?) {
        self.store = store
        generation = (session.pipeline.learned as? StoreLearnedState)?.generation
        reresolve = Session.reresolver(env, options, store)
        self.state = state
    }

    /// Writes `rows`; on failure reports it and returns the exit code (75 when the store stayed busy).
    func write(_ rows: [LedgerRow], _ env: Environment) -> Int32? {
        guard !rows.isEmpty else { return nil }
        var rows = rows
        if let state {
            for index in rows.indices where rows[index].resolvedFromRaw {
                rows[index].resolvedUnder = state.fingerprint(rowID: rows[index].rowID, raw: rows[index].raw)
            }
        }
        do {
            outcome += try store.recordRows(rows, generation: generation, reresolve: reresolve)
            env.committed.recorded(rows.count)
            return nil
        } catch {
            env.complain("recording into the ledger failed: \(error)")
            return (error as? any GardenFailure)?.exitCode ?? Exit.ioError
        }
    }

    /// The closing line of `resolve --record` (stderr): `recorded 185 row(s): 180 new, 3 updated, 2 unchanged; 17 flagged for review`.
    var summary: String {
        let o = outcome
        return "recorded \(o.new + o.updated + o.unchanged) row(s): \(o.new) new, \(o.updated) updated, \(o.unchanged) unchanged; "
            + "\(o.flagged) flagged for review" + (o.flagged > 0 ? " (garden review lists them)" : "")
    }
}
