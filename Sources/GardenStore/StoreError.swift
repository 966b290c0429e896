import CSQLite

/// A failed SQLite call: the result code, SQLite's message and the SQL being run.
public struct StoreError: Error, CustomStringConvertible, Sendable {
    public var resultCode: Int32
    public var message: String
    public var sql: String?

    public init(resultCode: Int32, message: String, sql: String? = nil) {
        self.resultCode = resultCode
        self.message = message
        self.sql = sql
    }

    public var description: String {
        var text = "SQLite error \(resultCode): \(message)"
        if let sql { text += " (while running: \(sql.prefix(120)))" }
        return text
    }
}
