import GardenStore

/// Where `resolve --record` writes its rows: the store, in chunks (each its own short transaction), with
/// the snapshot generation the rows were resolved from, so a correction made meanwhile is not overwritten.
struct LedgerSink {
    let store: Store
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
            try store.record(rows, generation: generation, reresolve: reresolve)
            env.committed.recorded(rows.count)
            return nil
        } catch let error as StoreError {
            env.complain("recording into the ledger failed: \(error)")
            return CommandSupport.exitCode(error)
        } catch {
            env.complain("recording into the ledger failed: \(error)")
            return Exit.ioError
        }
    }
}
