/// Prepared statements kept by SQL text, for loops that run the same few statements many times (a link
/// run's partner queries and link writes): each is parsed once. Binding resets a statement for reuse.
public final class StatementCache {
    package let db: Database
    private var statements: [String: Statement] = [:]

    public init(_ db: Database) { self.db = db }

    /// The statement for `sql`, prepared on first use.
    public func prepare(_ sql: String) throws(StoreError) -> Statement {
        if let statement = statements[sql] { return statement }
        let statement = try db.prepare(sql)
        statements[sql] = statement
        return statement
    }
}
