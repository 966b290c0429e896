/// Values the ledger stores once and names by an integer id: the shapes of its texts (`ledger_shape`,
/// ``LedgerShape``) and its terms (`ledger_term`: merchant keys, categories, sources), by id and by
/// value, as one store connection has read or written them. An id never changes once committed, so ids
/// read are kept; a value added inside a write transaction is kept apart until that transaction is known
/// to have committed (a rolled-back id may be given to another value later).
final class InternedValues {
    /// The table and its value column (`id INTEGER PRIMARY KEY`, the value UNIQUE).
    private let table: String
    private let column: String
    /// Whether values are stored as BLOB (shapes) rather than TEXT (terms).
    private let isBlob: Bool
    private var byID: [Int64: [UInt8]] = [:]
    /// The kept values read as text (``text(_:db:)``).
    private var texts: [Int64: String] = [:]
    private var byValue: [Key: Int64] = [:]
    private var pending: [Key: Int64] = [:]

    /// A value as a dictionary key, hashed in one pass over its bytes (not byte by byte).
    private struct Key: Hashable {
        let bytes: [UInt8]

        func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }
    }
    private var pendingRollbacks = 0
    /// The statements adding and finding a value, prepared on first use (one connection uses an instance).
    private var insert: Statement?
    private var select: Statement?

    init(table: String, column: String, isBlob: Bool) {
        self.table = table
        self.column = column
        self.isBlob = isBlob
    }

    static func shapes() -> InternedValues { InternedValues(table: "ledger_shape", column: "shape", isBlob: true) }
    static func terms() -> InternedValues { InternedValues(table: "ledger_term", column: "term", isBlob: false) }

    /// The value `id` names; nil when the store holds no such value.
    func value(_ id: Int64, db: Database) -> [UInt8]? {
        settle(db)
        if let value = byID[id] { return value }
        if let (value, _) = pending.first(where: { $0.value == id }) { return value.bytes }
        guard let statement = try? db.prepare("SELECT \(column) FROM \(table) WHERE id = ?1"), (try? statement.bind(.integer(id))) != nil,
              (try? statement.step()) == true else { return nil }
        defer { statement.reset() }
        let value = isBlob ? statement.blob(0) : statement.text(0).map { Array($0.utf8) }
        if let value, !db.isInTransaction { remember(value, id) }
        return value
    }

    /// The text `id` names ("" when unknown); made once per id.
    func text(_ id: Int64, db: Database) -> String {
        if let text = texts[id] { return text }
        let text = value(id, db: db).map { String(decoding: $0, as: UTF8.self) } ?? ""
        if byID[id] != nil { texts[id] = text }
        return text
    }

    /// The id of `value`, added to the table when new; inside the caller's write transaction.
    func id(of value: [UInt8], db: Database) throws -> Int64 {
        settle(db)
        if let id = byValue[Key(bytes: value)] ?? pending[Key(bytes: value)] { return id }
        let bound: Statement.Value = isBlob ? .blob(value) : .text(String(decoding: value, as: UTF8.self))
        let insert = try self.insert ?? db.prepare("INSERT INTO \(table)(\(column)) VALUES (?1) ON CONFLICT(\(column)) DO NOTHING")
        self.insert = insert
        try insert.bind(bound).run()
        let select = try self.select ?? db.prepare("SELECT id FROM \(table) WHERE \(column) = ?1")
        self.select = select
        try select.bind(bound)
        guard try select.step() else { throw StoreError(resultCode: 1, message: "\(table): value not stored", sql: table) }
        let id = select.int(0)
        select.reset()
        if pending.isEmpty { pendingRollbacks = db.rollbacks }
        pending[Key(bytes: value)] = id
        return id
    }

    func id(of text: String, db: Database) throws -> Int64 { try id(of: Array(text.utf8), db: db) }

    private func remember(_ value: [UInt8], _ id: Int64) {
        byID[id] = value
        byValue[Key(bytes: value)] = id
    }

    /// Moves the values added by a committed transaction to the kept ones; drops them after a rollback.
    private func settle(_ db: Database) {
        guard !pending.isEmpty else { return }
        if db.rollbacks != pendingRollbacks {
            pending = [:]
        } else if !db.isInTransaction {
            for (value, id) in pending { remember(value.bytes, id) }
            pending = [:]
        }
    }
}
