/// The shapes of the ledger's texts (`ledger_shape`, ``LedgerShape``) by id and by bytes, as one store
/// connection has read or written them. A shape's id never changes once committed, so ids read are kept;
/// a shape added inside a write transaction is kept apart until that transaction is known to have
/// committed (a rolled-back id may be given to another shape later).
final class LedgerShapes {
    private var byID: [Int64: [UInt8]] = [:]
    private var byShape: [[UInt8]: Int64] = [:]
    private var pending: [[UInt8]: Int64] = [:]
    private var pendingRollbacks = 0

    /// The shape `id` names; nil when the store holds no such shape.
    func shape(_ id: Int64, db: Database) -> [UInt8]? {
        settle(db)
        if let shape = byID[id] { return shape }
        if let (shape, _) = pending.first(where: { $0.value == id }) { return shape }
        guard let statement = try? db.prepare("SELECT shape FROM ledger_shape WHERE id = ?1"), (try? statement.bind(.integer(id))) != nil,
              (try? statement.step()) == true, let shape = statement.blob(0) else { return nil }
        statement.reset()
        if !db.isInTransaction { remember(shape, id) }
        return shape
    }

    /// The id of `shape`, added to `ledger_shape` when new; inside the caller's write transaction.
    func id(of shape: [UInt8], db: Database) throws -> Int64 {
        settle(db)
        if let id = byShape[shape] ?? pending[shape] { return id }
        let insert = try db.prepare("INSERT INTO ledger_shape(shape) VALUES (?1) ON CONFLICT(shape) DO NOTHING")
        try insert.bind(.blob(shape))
        try insert.run()
        let select = try db.prepare("SELECT id FROM ledger_shape WHERE shape = ?1")
        try select.bind(.blob(shape))
        guard try select.step() else { throw StoreError(resultCode: 1, message: "ledger shape not stored", sql: "ledger_shape") }
        let id = select.int(0)
        select.reset()
        if pending.isEmpty { pendingRollbacks = db.rollbacks }
        pending[shape] = id
        return id
    }

    private func remember(_ shape: [UInt8], _ id: Int64) {
        byID[id] = shape
        byShape[shape] = id
    }

    /// Moves the shapes added by a committed transaction to the kept ones; drops them after a rollback.
    private func settle(_ db: Database) {
        guard !pending.isEmpty else { return }
        if db.rollbacks != pendingRollbacks {
            pending = [:]
        } else if !db.isInTransaction {
            for (shape, id) in pending { remember(shape, id) }
            pending = [:]
        }
    }
}
