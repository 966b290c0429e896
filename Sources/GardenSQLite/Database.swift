import CSQLite
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One SQLite connection: foreign keys on, a busy timeout so readers and writers can share the file,
/// and typed errors thrown where a call fails. Opening never writes: the journal mode and the schema
/// are the business of ``Store``, after it has checked that the file is garden's.
public final class Database {
    package let handle: OpaquePointer
    public let path: String
    public let readOnly: Bool
    /// Opened immutable: SQLite reads the file as it is, with no lock, journal, WAL or shared memory.
    public let isImmutable: Bool
    /// How long a writer waits for the write lock before it gives up, in milliseconds.
    public let busyTimeout: Int32
    /// How many transactions of ``transaction(_:)`` were rolled back (what a cache of rows written
    /// inside one compares, ``LedgerShapes``).
    private(set) var rollbacks = 0
    /// Whether a transaction is open on this connection.
    package var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Opens the database at `path`: read-only (never creating anything, not even the WAL's `-shm`
    /// file when the folder is read-only), or read-write creating the file when missing. `immutable`
    /// always opens it read-only through `file:PATH?immutable=1` (SQLite's "immutable" parameter: no lock,
    /// nothing written or created beside it; the file must not change while it is open).
    /// - Parameter busyTimeout: milliseconds a statement retries while another connection holds a lock.
    /// - Throws: ``StoreError`` when the file cannot be opened; ``StoreRefusal/refused(_:)`` when it is
    ///   not an SQLite database or is a folder.
    public init(path: String, readOnly: Bool = false, immutable: Bool = false, busyTimeout: Int32 = 10_000) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw StoreRefusal.refused("\(path) is a folder, not a database file; name the file (e.g. \(path)/garden.db)")
        }
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            // /dev/null, a pipe: SQLite would read it as an empty database and fail on the first write.
            throw StoreRefusal.refused("\(path) is not a regular file (a device, a pipe or a socket); garden leaves it untouched: "
                + "give the path of a database file (garden creates it where none exists)")
        }
        var db: OpaquePointer?
        var flags = readOnly || immutable ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        var name = path
        if immutable || (readOnly && Self.needsImmutable(path)) {
            // A WAL database in a folder we cannot write: no -shm can be made, and no writer can be
            // running (it would need the -wal file), so the file is read as immutable.
            name = "file:" + Self.uriEscaped(path) + "?immutable=1"
            flags |= SQLITE_OPEN_URI
        }
        let code = sqlite3_open_v2(name, &db, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(db)
            throw StoreError(resultCode: code, message: "\(message): \(path)")
        }
        handle = db
        self.path = path
        self.readOnly = readOnly || immutable
        isImmutable = name != path
        self.busyTimeout = busyTimeout
        sqlite3_busy_timeout(db, busyTimeout)
        // Keep more pages cached (no memory map: mapping a large ledger costs a short command more in
        // page faults and unmapping than the reads it saves, as measured on teach).
        do {
            try execute("PRAGMA cache_size=-32000")
            try execute("PRAGMA foreign_keys=ON")
        } catch {
            if error.resultCode & 0xFF == SQLITE_CORRUPT { throw StoreRefusal.refused(StoreError.damaged(path, error.message)) }
            guard error.resultCode == SQLITE_NOTADB else { throw error }
            throw StoreRefusal.refused("\(path) is not an SQLite database; garden leaves it untouched")
        }
    }

    deinit { sqlite3_close_v2(handle) }

    /// A read-only open of a file whose folder we cannot write, with neither `-shm` nor a non-empty
    /// `-wal` beside it (nothing to recover, and no writer can be running without them).
    package static func needsImmutable(_ path: String) -> Bool {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        return needsImmutable(folderWritable: access(folder, W_OK) == 0, sharedMemoryExists: access(path + "-shm", F_OK) == 0,
                              logBytes: (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0)
    }

    package static func needsImmutable(folderWritable: Bool, sharedMemoryExists: Bool, logBytes: Int) -> Bool {
        !folderWritable && !sharedMemoryExists && logBytes == 0
    }

    /// `path` with the characters a URI reserves percent-encoded.
    package static func uriEscaped(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            if byte == UInt8(ascii: "%") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") || byte < 0x21 || byte >= 0x7F {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(2)
            } else {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return out
    }

    package func error(_ code: Int32, _ sql: String?) -> StoreError {
        StoreError(resultCode: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql, path: path, busyTimeout: busyTimeout)
    }

    /// Runs one or more statements without results.
    public func execute(_ sql: String) throws(StoreError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        if code != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? "error"
            sqlite3_free(message)
            throw StoreError(resultCode: code, message: text, sql: sql, path: path, busyTimeout: busyTimeout)
        }
    }

    /// Prepares a statement.
    public func prepare(_ sql: String) throws(StoreError) -> Statement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else { throw error(code, sql) }
        return Statement(statement, database: self, sql: sql)
    }

    /// Runs `body` inside one transaction (BEGIN IMMEDIATE: the write lock is taken at once, waiting up
    /// to the busy timeout for another writer), committing on success and rolling back on any error.
    /// - Throws: a ``StoreError`` whose ``StoreError/isBusy`` is true when the lock never came.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try begin()
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            rollbacks += 1
            throw error
        }
    }

    /// Runs `body` reading one consistent snapshot (a deferred transaction, or the transaction already
    /// open on this connection).
    public func reading<T>(_ body: () throws -> T) throws -> T {
        guard sqlite3_get_autocommit(handle) != 0 else { return try body() }
        try execute("BEGIN")
        defer { try? execute("COMMIT") }
        return try body()
    }

    /// BEGIN IMMEDIATE, retried until the busy timeout has passed (see ``executeWaiting(_:)``).
    package func begin() throws(StoreError) {
        try executeWaiting("BEGIN IMMEDIATE")
    }

    /// Runs `sql`, retrying it every 20 ms while SQLite answers SQLITE_BUSY, until the busy timeout has
    /// passed. SQLite's busy handler covers most waits, but a few lock states return SQLITE_BUSY at once
    /// without calling it: BEGIN IMMEDIATE while another connection recovers the WAL, and
    /// `PRAGMA journal_mode=WAL` while another connection is creating the same new database (two
    /// `resolve --record` runs starting on a store that does not exist yet).
    /// - Throws: the last ``StoreError`` when it is not a busy error or the timeout has passed.
    public func executeWaiting(_ sql: String) throws(StoreError) {
        let deadline = Self.milliseconds() + Int64(busyTimeout)
        while true {
            do {
                try execute(sql)
                return
            } catch {
                guard error.isBusy, Self.milliseconds() < deadline else { throw error }
                usleep(20_000)
            }
        }
    }

    package static func milliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }

    /// Checkpoints the WAL without waiting for readers: what they still read stays in the log.
    public func checkpoint() {
        sqlite3_busy_timeout(handle, 0)
        try? execute("PRAGMA wal_checkpoint(TRUNCATE)")
        sqlite3_busy_timeout(handle, busyTimeout)
    }

    /// Rows changed by the last statement.
    public var changes: Int { Int(sqlite3_changes(handle)) }
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// The SQLite library version.
    public static var version: String { String(cString: sqlite3_libversion()) }
}

extension String {
    package func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
