import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenStore

/// Merchant memory written by another garden (an upgrade, new data) is re-keyed the first time this
/// garden opens the store to write (``Store/rekeyMemory(_:stamp:)``): each memory key is derived again, as
/// `teach` derives it (``MerchantKey/forCorrection(_:merchant:category:)``), from the recorded rows whose
/// corrections wrote it, and an entry whose corrections now give another key moves there (the majority of
/// its rows decides; a key no recorded row stands behind stays as it is; a key whose rows this garden tells apart,
/// none of them keeping it, is divided among their keys: ``Store/splitMemory(_:)``). Commands that only read never
/// write, so they see the re-keyed memory from the next write on.
package enum MemoryRekeying {
    /// Re-keys when the store was last checked by another garden; says on stderr what moved. Returns
    /// whether memory changed (the caller reads the learned state again).
    package static func check(_ store: Store, pipeline: Pipeline, learned: StoreLearnedState, env: Environment, options: CommandLineOptions) throws -> Bool {
        let stamp = try DataDirectory.locate(explicit: options.value("--data"), environment: env.variables).identityStamp
        guard try store.merchantIdentityStamp() != stamp else { return false }
        var moves: [String: String] = [:]
        var splits: [Store.MemorySplit] = []
        let reader = RowReader()
        for origin in try store.memoryKeyOrigins() {
            var votes: [String: Int] = [:]
            var keyOfRow: [String: String] = [:]
            for rowID in origin.rowIDs {
                guard let row = try store.ledgerRow(id: rowID), let (_, transaction) = try? reader.read(stored: row.raw, rowID: rowID) else { continue }
                let context = pipeline.identified(pipeline.context(transaction))
                let taught = learned.override(rowID: rowID)
                guard let key = MerchantKey.forCorrection(context, merchant: taught?.merchant, category: taught?.category ?? row.category) else { continue }
                votes[key, default: 0] += 1
                keyOfRow[rowID] = key
            }
            guard let best = votes.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), best.key != origin.key else { continue }
            if votes.count > 1, votes[origin.key] == nil, keyOfRow.count == origin.rowIDs.count {
                // One old key for what this garden tells apart (every bank's fee lines under `line:fees.bank`): each
                // row's correction goes to its own key, none is lost nor given to another bank (issue 37).
                splits.append(Store.MemorySplit(key: origin.key, keyOfRow: keyOfRow))
            } else if best.value * 2 > origin.rowIDs.count {
                moves[origin.key] = best.key
            }
        }
        let moved = try store.rekeyMemory(moves, stamp: stamp, splits: splits)
        if moved > 0 {
            let said = moves.sorted { $0.key < $1.key }.map { "\($0.key) → \($0.value)" }
                + splits.map { split in "\(split.key) → \(Set(split.keyOfRow.values).sorted().joined(separator: " + "))" }
            env.complain("merchant memory keyed by an older garden: \(moved) entr(ies) of \(moves.count + splits.count) merchant(s) moved to the keys "
                + "this garden gives their corrections (\(said.sorted().joined(separator: ", ")))")
        }
        return moved > 0
    }
}
