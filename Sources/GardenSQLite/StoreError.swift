import CSQLite
import GardenFoundation

/// A failed SQLite call: the result code, the message and the SQL being run. Failures that are not
/// SQLite's are ``StoreFailure`` (and ``StoreRefusal`` for a file garden will not open).
public struct StoreError: Error, CustomStringConvertible, Sendable {
    public var resultCode: Int32
    public var message: String
    public var sql: String?
    /// The store's path, for the busy message.
    public var path: String?
    /// The busy timeout that ran out (milliseconds), for the busy message.
    public var busyTimeout: Int32 = 0

    public init(resultCode: Int32, message: String, sql: String? = nil, path: String? = nil, busyTimeout: Int32 = 0) {
        self.resultCode = resultCode
        self.message = message
        self.sql = sql
        self.path = path
        self.busyTimeout = busyTimeout
    }

    /// Another connection held the lock for longer than the busy timeout.
    public var isBusy: Bool { resultCode & 0xFF == SQLITE_BUSY || resultCode & 0xFF == SQLITE_LOCKED }

    /// A write refused because the database, its folder or its file system is read-only (SQLITE_READONLY
    /// and its extended codes).
    public var isReadOnly: Bool { resultCode & 0xFF == SQLITE_READONLY }

    /// The file is damaged or not a database at all (SQLITE_CORRUPT, SQLITE_NOTADB): a store cut short by a
    /// copy or a full disk, or another file given as the store.
    public var isDamaged: Bool { resultCode & 0xFF == SQLITE_CORRUPT || resultCode & 0xFF == SQLITE_NOTADB }

    /// What to say about a damaged file at `path`.
    package static func damaged(_ path: String, _ message: String) -> String {
        "\(path) is damaged (SQLite: \(message)): cut short by a copy or a full disk, or not a garden store at all; garden "
            + "leaves it untouched: restore it from a backup, or move it away (garden then starts a new store there)"
    }

    public var description: String {
        if isBusy {
            let seconds = Double(busyTimeout) / 1000
            return "the store \(path ?? "") is busy: another garden held its lock for more than \(seconds) s; "
                + "try again, or wait longer with GARDEN_BUSY_TIMEOUT=SECONDS"
        }
        if isReadOnly {
            let store = path ?? "the store"
            return "the store \(store) cannot be written (SQLite: \(message)): the file, its folder or the file system is read-only; "
                + "make them writable, or run only commands that read (resolve without --record, explain, rules list, links, budgets)"
        }
        if isDamaged, let path { return Self.damaged(path, message) }
        var text = "SQLite error \(resultCode): \(message)"
        if let sql { text += " (while running: \(sql.prefix(120)))" }
        return text
    }
}

extension StoreError: GardenFailure {
    /// 75 for a store locked past the busy timeout, 78 for a damaged one (a file garden will not use), else 74.
    public var exitCode: Int32 { isBusy ? Exit.busy : isDamaged ? Exit.config : Exit.ioError }
}
