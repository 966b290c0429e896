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

    init(store: Store, session: Session, env: Environment, options: CommandLineOptions) {
        self.store = store
        generation = (session.pipeline.learned as? StoreLearnedState)?.generation
        reresolve = Session.reresolver(env, options, store)
    }

    /// Writes `rows`; on failure reports it and returns the exit code (75 when the store stayed busy).
    func write(_ rows: [LedgerRow], _ env: Environment) -> Int32? {
        guard !rows.isEmpty else { return nil }
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
