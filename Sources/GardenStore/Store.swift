import Foundation
import GardenLedger
import GardenFoundation
import GardenSQLite
import GardenFiles

/// garden's learned state and ledger in one SQLite database: WAL, a versioned schema (``Migrations``),
/// every write inside one transaction, readers working while a writer runs.
///
/// Path: `--db PATH`, else `$GARDEN_DB`, else `~/.local/share/garden/garden.db`.
public final class Store {
    public let db: Database
    public let path: String
    /// The time written into journal entries, rules and ledger rows.
    public let clock: WallClock
    /// The statements reading and writing one ledger row, parsed once (`recategorize` runs them per row).
    lazy var ledgerStatements = StatementCache(db)
    /// How the ledger keeps its rows: plain columns (migration 8), unless this is an older store opened only to read.
    lazy var ledgerLayout: LedgerLayout = {
        if (try? db.prepare("SELECT review FROM ledger LIMIT 0")) != nil { return .columns }
        return (try? db.prepare("SELECT body FROM ledger LIMIT 0")) != nil ? .body : .texts
    }()
    /// Whether the ledger keeps what each row was resolved under (`resolved_under`, migration 14); not in an older store
    /// opened only to read.
    package lazy var hasResolvedUnder: Bool = (try? db.prepare("SELECT resolved_under FROM ledger LIMIT 0")) != nil
    /// The reader of an older store's ledger (``ledgerLayout`` not `.columns`).
    lazy var legacyLedger = LegacyLedgerReader(db)

    /// The default database path for an environment.
    public static func defaultPath(_ environment: [String: String]) -> String {
        if let path = environment["GARDEN_DB"], !path.isEmpty { return path }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.local/share/garden/garden.db"
    }

    /// How a command uses the store: `read` never writes (nor creates, migrates or changes the journal
    /// mode; it works in a read-only folder), `write` creates the store where no file exists.
    public enum Access: Sendable {
        case read
        case write
    }

    /// Wraps a database already opened and checked (``init(immutable:)``), without migrating it.
    init(opened db: Database, path: String, state: StoreOwnership.State, clock: WallClock) {
        self.db = db
        self.path = path
        self.state = state
        self.clock = clock
    }

    /// Opens the store at `path`. `write` creates it (the file mode 0600 from the start; its folder too
    /// when `createFolder`, as for the default store) where none exists, sets WAL and migrates the schema;
    /// `read` opens the file read-only.
    /// - Parameters:
    ///   - busyTimeout: milliseconds a writer waits for another writer's lock (``StoreError/isBusy``).
    ///   - clock: the time written into journal entries, rules and ledger rows.
    /// - Throws: ``StoreRefusal/refused(_:)`` for a file garden does not own or a newer schema, before
    ///   anything is written; ``StoreFailure/cannotCreate(_:)`` when the file cannot be created (a missing
    ///   or read-only folder), ``StoreFailure/io(_:)`` for a store or folder that is read-only
    ///   (``StoreWriteCheck``); ``StoreError`` for SQLite failures.
    public init(path: String, access: Access = .write, busyTimeout: Int32 = 10_000, clock: WallClock = .system, createFolder: Bool = true) throws {
        if access == .write {
            if let failure = StoreWriteCheck.observe(path).failure(path, createFolder: createFolder) { throw failure }
            // Made only where nothing is (or an empty file), never under another database's companion name.
            try OutputTarget.refuseCompanionName(path, what: "a store", unlessFilled: true)
            if !FileManager.default.fileExists(atPath: path) { try Self.createFile(path) } else { Self.ownerOnlyIfEmpty(path) }
        }
        db = try Database(path: path, readOnly: access == .read, busyTimeout: busyTimeout)
        self.path = path
        self.clock = clock
        let opened = try StoreOwnership.check(db)
        if access == .write {
            try db.executeWaiting("PRAGMA journal_mode=WAL")
            try db.execute("PRAGMA synchronous=NORMAL")
            try Migrations.migrate(db)
            // What the file holds now: migrated to this garden's schema.
            state = try StoreOwnership.check(db)
        } else {
            state = opened
        }
    }

    /// Whether the file held a garden store when it was opened (`empty`: no tables yet).
    let state: StoreOwnership.State

    /// Whether the store's schema is this garden's own (every migration run), so a reader may query
    /// any table without migrating it first.
    public var isCurrent: Bool {
        if case .garden(let version) = state { return version >= Migrations.all.count }
        return false
    }

    /// Opens the store only if its file exists and holds a store (`resolve` without `--record`,
    /// `explain`, `undo`, listings): nil means garden as shipped. Never creates anything.
    public static func openIfPresent(path: String, access: Access = .read, busyTimeout: Int32 = 10_000, clock: WallClock = .system) throws -> Store? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        if access == .read {
            let store = try Store(path: path, access: .read, busyTimeout: busyTimeout, clock: clock)
            return store.state == .empty ? nil : store
        }
        // One connection to the file at a time in this process: the read-only look is closed before the writer opens.
        // Opening the writer opens and closes the file (``ownerOnlyIfEmpty(_:)``, the file checks), and on POSIX
        // closing any descriptor of a file drops every lock the process holds on it, SQLite's included
        // (sqlite.org/howtocorrupt.html, 2.2): with the look still open, two writers of two processes could both hold
        // the write lock, and a change reported done was lost (hostile10 F8-F10).
        guard try holdsAStore(path, busyTimeout: busyTimeout, clock: clock) else { return nil }
        return try Store(path: path, access: .write, busyTimeout: busyTimeout, clock: clock)
    }

    /// Whether the file at `path` holds a store (tables, not an empty file), read through a connection that is closed
    /// when this returns.
    private static func holdsAStore(_ path: String, busyTimeout: Int32, clock: WallClock) throws -> Bool {
        try Store(path: path, access: .read, busyTimeout: busyTimeout, clock: clock).state != .empty
    }

    /// Makes the folder and an empty file readable by its owner only (a ledger is financial data), so
    /// the database is never readable by others, not even for a moment.
    static func createFile(_ path: String) throws {
        let folder = FilePath.folder(of: path)
        if !folder.isEmpty { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd >= 0 { close(fd); return }
        if errno == EEXIST { ownerOnlyIfEmpty(path); return }
        throw StoreFailure.io("cannot create the store: \(String(cString: strerror(errno))): \(path)")
    }

    /// A symbolic link to nothing yet (its target made now, 0600) or an empty file becomes the store, so it is the
    /// owner's only too, as a store made where nothing was; a file with content, a folder or a device is left as it is.
    /// A file with content is never opened here: it may be a store this process already has a connection to, and on
    /// POSIX closing any descriptor of a file drops every lock the process holds on it, SQLite's included
    /// (sqlite.org/howtocorrupt.html, 2.2; hostile10 F8-F10: corrections and rules reported done, then lost).
    static func ownerOnlyIfEmpty(_ path: String) {
        var seen = stat()
        if stat(path, &seen) == 0, seen.st_size != 0 || (seen.st_mode & S_IFMT) != S_IFREG { return }
        let fd = open(path, O_RDONLY | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, info.st_size == 0, (info.st_mode & S_IFMT) == S_IFREG { _ = fchmod(fd, 0o600) }
    }

    /// The store clock's current time as stored (ISO 8601, UTC).
    func now() -> String { clock.timestamp() }

    // MARK: ledger

    /// Upserts rows by `row_id`; a row whose raw line, resolution, merchant identity and rule are
    /// unchanged is left alone (an identity keyed anew by a newer garden is taken when the row is
    /// recorded again).
    /// Returns how many rows were inserted or changed.
    ///
    /// A batch resolved from a snapshot of the learned state never overwrites a correction made after
    /// the snapshot: when the state changed since `generation` (``learnedGeneration()``), the rows
    /// with a manual override now, or resolved from one, are re-resolved by `reresolve` inside the
    /// write transaction before they are written.
    @discardableResult
    public func record(_ rows: [LedgerRow], generation: String? = nil, reresolve: (([LedgerRow]) throws -> [LedgerRow])? = nil) throws -> Int {
        try recordRows(rows, generation: generation, reresolve: reresolve).changed
    }

    /// What one write of ``record(_:generation:reresolve:)`` did (`resolve --record`'s closing line).
    public struct RecordOutcome: Sendable, Equatable {
        /// Rows new to the ledger.
        public var new = 0
        /// Rows recorded before whose columns changed.
        public var updated = 0
        /// Rows recorded before exactly as given (a line of the write naming a row again counts once).
        public var unchanged = 0
        /// Rows of the write flagged for review, as recorded: written or left unchanged (a line read again that adds
        /// nothing to the flagged row it is counts too).
        public var flagged = 0
        /// Account keys of the write taken for an account recorded before (``Store/attachAccounts(_:)``).
        public var attachments: [AccountAttachment] = []
        /// Each account name lines of the write gave that the store records under another name: the account the rows
        /// went to (a CSV twin's default name, its rows recorded in the OFX's account), for the closing line's counts.
        public var accountNames: [String: String] = [:]
        /// Lines of the write whose row the user corrected by hand (`garden row correct`): kept as corrected.
        public var keptCorrected = 0
        /// Lines of the write whose row the user deleted (`garden row delete`): not recorded again.
        public var keptDeleted = 0
        /// Rows of the write recorded apart from a row they may be, where the evidence cannot decide (``Store/RowDoubt``):
        /// flagged for review, and named in the closing lines.
        public var doubts: [RowDoubt] = []

        public init() {}

        /// Inserted or changed.
        public var changed: Int { new + updated }

        public static func += (a: inout RecordOutcome, b: RecordOutcome) {
            a.new += b.new
            a.updated += b.updated
            a.unchanged += b.unchanged
            a.flagged += b.flagged
            a.attachments += b.attachments
            a.accountNames.merge(b.accountNames) { _, later in later }
            a.keptCorrected += b.keptCorrected
            a.keptDeleted += b.keptDeleted
            a.doubts += b.doubts
        }
    }

    /// ``record(_:generation:reresolve:)``, saying how many rows were new, updated, unchanged and flagged.
    public func recordRows(_ rows: [LedgerRow], generation: String? = nil, reresolve: (([LedgerRow]) throws -> [LedgerRow])? = nil) throws -> RecordOutcome {
        let statement = try ledgerStatements.prepare(Self.upsertSQL)
        let stamp = now()
        return try db.transaction {
            var rows = rows
            let kept = try reconcile(&rows)           // one bank line, one row (Store+LineIdentity)
            let renamed = try nameAccounts(&rows, identities: kept.identities)   // each account by its identity, under its one name (Store+Accounts)
            rows = Self.lastOfEach(rows)
            // A line the user corrected or deleted by hand, recorded again from a later export that overlaps: kept as
            // the user left it (the file's line is the line they settled), never written over nor brought back.
            let edited = try editedRows(rows)
            if !edited.isEmpty {
                rows.removeAll { edited[$0.rowID] != nil }
            }
            // A recorded row read again in a thinner rendering keeps what its recorded input knows (Store+RecordedInput).
            try keepRecordedInput(&rows, reresolve)
            if let generation, let reresolve, try learnedGeneration() != generation { try refreshOverridden(&rows, reresolve) }
            var doubts = kept.doubts
            let settlements = try settle(&rows, doubts: &doubts)      // posted rows take their pending twin's place (Store+Settlement)
            try keepDoubts(&rows)                    // a line read again keeps what could not be decided (Store+RowDoubts)
            let newRows = try db.prepare("SELECT COALESCE(MAX(rowid), 0) FROM ledger")
            _ = try newRows.step()
            let lastRowID = newRows.int(0)
            newRows.reset()
            // The time recorded, once for the whole write (`ledger_batch`).
            try db.prepare("INSERT INTO ledger_batch(recorded_at) VALUES (?1)").bind(.text(stamp)).run()
            let batch = db.lastInsertRowID
            var outcome = RecordOutcome()
            for row in rows {
                // A row's fingerprint names the state its resolution was made under, whatever the state is now.
                let flagged = try Self.runLedgerColumns(statement, row) {
                    try $0.bindInteger(Int32(LedgerColumns.names.count + 1), batch)
                    try $0.bindInteger(Int32(LedgerColumns.names.count + 2), row.resolvedUnder)
                }
                outcome.updated += db.changes
                if flagged { outcome.flagged += 1 }
            }
            try noteSettlements(rows, settlements)
            // The rows inserted now (rowids past the largest before) join the full-text index at once.
            try db.prepare("INSERT INTO ledger_fts(rowid, folded) SELECT rowid, folded FROM ledger WHERE rowid > ?1").bind(.integer(lastRowID)).run()
            let inserted = try db.prepare("SELECT COUNT(*) FROM ledger WHERE rowid > ?1").bind(.integer(lastRowID))
            _ = try inserted.step()
            outcome.new = Int(inserted.int(0))
            outcome.updated -= outcome.new
            outcome.unchanged = rows.count - outcome.new - outcome.updated + kept.kept
            outcome.flagged += kept.flagged
            outcome.attachments = kept.attachments
            outcome.accountNames = renamed
            outcome.keptCorrected = edited.values.filter { $0 == .corrected }.count
            outcome.keptDeleted = edited.values.filter { $0 == .deleted }.count
            if !doubts.isEmpty {
                let written = Set(rows.map(\.rowID))
                outcome.doubts = doubts.filter { written.contains($0.rowID) }
            }
            return outcome
        }
    }

    /// The last row of each row id, in the order of those last rows. A batch that names one row twice (two
    /// lines with the same `id` and another text, overlapping exports where the bank changed a description)
    /// ends as writing its lines one by one would, and no row is inserted and then updated in one write:
    /// the full-text index receives a write's new rows at its end, so an update of a row inserted in the
    /// same write would remove an index entry that is not there yet (SQLite: "database disk image is malformed").
    static func lastOfEach(_ rows: [LedgerRow]) -> [LedgerRow] {
        var seen = Set<String>()
        seen.reserveCapacity(rows.count)
        var repeated = false
        for row in rows.reversed() where !seen.insert(row.rowID).inserted { repeated = true }
        guard repeated else { return rows }
        seen.removeAll(keepingCapacity: true)
        return rows.reversed().filter { seen.insert($0.rowID).inserted }.reversed()
    }

    /// Re-resolves the rows that have a manual override now or were resolved from one.
    private func refreshOverridden(_ rows: inout [LedgerRow], _ reresolve: ([LedgerRow]) throws -> [LedgerRow]) throws {
        let lookup = try db.prepare("SELECT 1 FROM overrides WHERE row_id = ?1")
        var indices: [Int] = []
        for (index, row) in rows.enumerated() {
            try lookup.bind(.text(row.rowID))
            if try lookup.step() || row.source == "manual_override" { indices.append(index) }
            lookup.reset()
        }
        guard !indices.isEmpty else { return }
        let fresh = Dictionary(try reresolve(indices.map { rows[$0] }).map { ($0.rowID, $0) }, uniquingKeysWith: { a, _ in a })
        for index in indices { if let row = fresh[rows[index].rowID] { rows[index] = row } }
    }

    /// Changes whenever the learned state may have changed (a journaled teach, rules change or undo,
    /// an identity added): compared by writers that resolved from an earlier snapshot.
    public func learnedGeneration() throws -> String {
        let statement = try db.prepare("SELECT (SELECT COALESCE(MAX(id), 0) FROM journal), (SELECT COUNT(*) FROM journal WHERE undone = 1), "
            + "(SELECT COALESCE(MAX(id), 0) FROM me)")
        defer { statement.reset() }
        _ = try statement.step()
        return "\(statement.int(0)).\(statement.int(1)).\(statement.int(2))"
    }

    package static func value(_ text: String?) -> Statement.Value { text.map { .text($0) } ?? .null }

    /// The recorded row with `id`, or the row `id` is another id of: the pending row a posted row of that id
    /// took the place of, or a row recorded under another id (`row_aliases`: a pending row settled by a posted
    /// row recorded before it; the same bank line read from another file). The row's ``LedgerRow/rowID`` is the
    /// ledger's: a command changing the row uses it, not `id`.
    public func ledgerRow(id: String) throws -> LedgerRow? {
        let statement = try ledgerStatements.prepare("SELECT \(ledgerColumns) FROM ledger WHERE row_id = ?1")
        try statement.bind(.text(id))
        defer { statement.reset() }
        if try statement.step() { return ledgerRow(statement) }
        statement.reset()
        // A store of an older schema, read as it is, has no settlements nor aliases.
        guard let target = ((try? settledRow(postedID: id)) ?? nil) ?? ((try? aliasedRow(id)) ?? nil), target != id else { return nil }
        return try ledgerRow(id: target)
    }

    /// Every recorded row's id, in `row_id` order (for "did you mean" on an id the ledger does not hold).
    public func ledgerRowIDs() throws -> [String] {
        let statement = try db.prepare("SELECT row_id FROM ledger ORDER BY row_id")
        var ids: [String] = []
        while try statement.step() { ids.append(statement.text(0) ?? "") }
        return ids
    }

    public func ledgerCount() throws -> Int {
        let statement = try db.prepare("SELECT COUNT(*) FROM ledger")
        _ = try statement.step()
        return Int(statement.int(0))
    }

    /// Visits ledger rows in `row_id` order: all of them, those on or after `since`, or those whose
    /// folded descriptor contains every word of `words` (found through the full-text index).
    public func forEachLedgerRow(since: String? = nil, containing words: [String]? = nil, _ body: (LedgerRow) throws -> Void) throws {
        var sql = "SELECT \(ledgerColumns) FROM ledger"
        var values: [Statement.Value] = []
        var conditions: [String] = []
        if let words, !words.isEmpty {
            // Each word a quoted FTS5 string; a trailing * asks for a prefix ("uber"*).
            let query = words.map { word -> String in
                let prefix = word.hasSuffix("*")
                let bare = word.replacingOccurrences(of: "\"", with: "").replacingOccurrences(of: "*", with: "")
                return "\"" + bare + "\"" + (prefix ? "*" : "")
            }.joined(separator: " ")
            conditions.append("rowid IN (SELECT rowid FROM ledger_fts WHERE ledger_fts MATCH ?\(values.count + 1))")
            values.append(.text(query))
        }
        if let since {
            conditions.append("date >= ?\(values.count + 1)")
            values.append(.text(since))
        }
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql += " ORDER BY row_id"
        let statement = try db.prepare(sql)
        try statement.bind(values)
        while try statement.step() { try body(ledgerRow(statement)) }
    }

    /// Folds the write-ahead log back into the database after a large write (`resolve --record`,
    /// `recategorize`), so the next command does not pay for it; never waits for readers.
    public func checkpoint() { db.checkpoint() }

    /// Rows counted per user rule that decided them.
    public func ruleHits() throws -> [String: Int] {
        let statement = try db.prepare("SELECT rule, COUNT(*) FROM ledger WHERE rule IS NOT NULL GROUP BY rule")
        var hits: [String: Int] = [:]
        while try statement.step() { hits[statement.text(0) ?? ""] = Int(statement.int(1)) }
        return hits
    }
}
