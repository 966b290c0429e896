import CSQLite

/// A prepared statement: bind by 1-based index, step, read columns; reset to reuse.
public final class Statement {
    package let handle: OpaquePointer
    package unowned let database: Database
    package let sql: String

    package init(_ handle: OpaquePointer, database: Database, sql: String) {
        self.handle = handle
        self.database = database
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// A bindable value.
    public enum Value: Equatable, Sendable {
        case null
        case integer(Int64)
        case text(String)
        case blob([UInt8])
    }

    @discardableResult
    public func bind(_ values: Value...) throws(StoreError) -> Statement {
        try bind(values)
    }

    @discardableResult
    public func bind(_ values: [Value]) throws(StoreError) -> Statement {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(handle, index)
            case .integer(let v): code = sqlite3_bind_int64(handle, index, v)
            case .text(let s):
                code = s.utf8CString.withUnsafeBufferPointer { buffer in
                    garden_sqlite3_bind_text_transient(handle, index, buffer.baseAddress, Int32(buffer.count - 1))
                }
            case .blob(let bytes):
                code = bytes.withUnsafeBytes { garden_sqlite3_bind_blob_transient(handle, index, $0.baseAddress, Int32($0.count)) }
            }
            guard code == SQLITE_OK else { throw database.error(code, sql) }
        }
        return self
    }

    /// Binds UTF-8 text straight from a buffer (copied by SQLite), or NULL when `bytes` is empty: the bulk
    /// importer's path, with no `String` made per field.
    public func bindText(_ index: Int32, _ bytes: UnsafeBufferPointer<UInt8>) throws(StoreError) {
        let code = bytes.isEmpty ? sqlite3_bind_null(handle, index)
            : bytes.withMemoryRebound(to: CChar.self) { garden_sqlite3_bind_text_transient(handle, index, $0.baseAddress, Int32($0.count)) }
        guard code == SQLITE_OK else { throw database.error(code, sql) }
    }

    /// Binds an integer, or NULL when `value` is nil.
    public func bindInteger(_ index: Int32, _ value: Int64?) throws(StoreError) {
        let code = value.map { sqlite3_bind_int64(handle, index, $0) } ?? sqlite3_bind_null(handle, index)
        guard code == SQLITE_OK else { throw database.error(code, sql) }
    }

    /// Runs a statement whose parameters were bound one by one, then resets it for the next row.
    public func runBound() throws(StoreError) {
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        guard code == SQLITE_DONE || code == SQLITE_ROW else { throw database.error(code, sql) }
    }

    /// Steps once: true when a row is available.
    public func step() throws(StoreError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.error(code, sql)
        }
    }

    /// Runs to completion, ignoring rows.
    public func run() throws(StoreError) {
        while try step() {}
        sqlite3_reset(handle)
    }

    public func text(_ column: Int32) -> String? {
        guard sqlite3_column_type(handle, column) != SQLITE_NULL, let pointer = sqlite3_column_text(handle, column) else { return nil }
        return String(cString: pointer)
    }

    /// Columns in the result.
    /// A BLOB column's bytes, lent to `body` (nil for any other type).
    package func withBlob<T>(_ column: Int32, _ body: (UnsafeRawBufferPointer) -> T?) -> T? {
        guard sqlite3_column_type(handle, column) == SQLITE_BLOB else { return nil }
        let pointer = sqlite3_column_blob(handle, column)
        return body(UnsafeRawBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(handle, column))))
    }

    /// A BLOB column's bytes (nil for any other type).
    package func blob(_ column: Int32) -> [UInt8]? { withBlob(column) { Array($0) } }

    public var columnCount: Int32 { sqlite3_column_count(handle) }

    /// The name of a result column (its `AS` name).
    public func columnName(_ column: Int32) -> String { sqlite3_column_name(handle, column).map { String(cString: $0) } ?? "" }

    public func int(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    /// Every row, mapped.
    public func all<T>(_ map: (Statement) throws -> T) throws -> [T] {
        var out: [T] = []
        while try step() { out.append(try map(self)) }
        sqlite3_reset(handle)
        return out
    }

    public func reset() { sqlite3_reset(handle) }
}
