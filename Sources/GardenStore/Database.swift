import CSQLite

/// One SQLite connection: WAL journal, foreign keys on, a busy timeout so readers and a writer can share
/// the file, and typed errors thrown where a call fails.
public final class Database {
    let handle: OpaquePointer
    public let path: String
    /// Opened with `immutable`: SQLite reads the file as it is, with no lock, journal, WAL or shared memory.
    public let isImmutable: Bool

    /// Opens (creating when needed) the database at `path`. `immutable` opens it read-only through the URI
    /// `file:PATH?immutable=1` (SQLite's "immutable" parameter): nothing is ever written or created beside it,
    /// so it works on a read-only file system, and the file must not change while it is open.
    /// - Throws: ``StoreError`` when the file cannot be opened or configured.
    public init(path: String, readOnly: Bool = false, immutable: Bool = false) throws(StoreError) {
        var db: OpaquePointer?
        let flags = readOnly || immutable ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let name = immutable ? Self.immutableURI(path) : path
        let code = sqlite3_open_v2(name, &db, flags | SQLITE_OPEN_NOMUTEX | (immutable ? SQLITE_OPEN_URI : 0), nil)
        guard code == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(db)
            throw StoreError(resultCode: code, message: "\(message): \(path)")
        }
        handle = db
        self.path = path
        isImmutable = immutable
        sqlite3_busy_timeout(db, 5_000)
        if !readOnly && !immutable {
            try execute("PRAGMA journal_mode=WAL")
            try execute("PRAGMA synchronous=NORMAL")
        }
        // Keep more pages cached (no memory map: mapping a large ledger costs a short command more in
        // page faults and unmapping than the reads it saves, as measured on teach).
        try execute("PRAGMA cache_size=-32000")
        try execute("PRAGMA foreign_keys=ON")
    }

    deinit { sqlite3_close_v2(handle) }

    /// `file:` URI of `path` with `immutable=1`; `%`, `?` and `#` in the path are percent-encoded (RFC 3986, as
    /// SQLite's URI filenames require).
    static func immutableURI(_ path: String) -> String {
        var encoded = ""
        for character in path {
            switch character {
            case "%": encoded += "%25"
            case "?": encoded += "%3F"
            case "#": encoded += "%23"
            default: encoded.append(character)
            }
        }
        return "file:" + encoded + "?immutable=1"
    }

    func error(_ code: Int32, _ sql: String?) -> StoreError {
        StoreError(resultCode: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }

    /// Runs one or more statements without results.
    public func execute(_ sql: String) throws(StoreError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        if code != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? "error"
            sqlite3_free(message)
            throw StoreError(resultCode: code, message: text, sql: sql)
        }
    }

    /// Prepares a statement.
    public func prepare(_ sql: String) throws(StoreError) -> Statement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else { throw error(code, sql) }
        return Statement(statement, database: self, sql: sql)
    }

    /// Runs `body` inside one transaction (BEGIN IMMEDIATE: the write lock is taken at once), committing
    /// on success and rolling back on any error.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Rows changed by the last statement.
    public var changes: Int { Int(sqlite3_changes(handle)) }
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// The SQLite library version.
    public static var version: String { String(cString: sqlite3_libversion()) }
}
