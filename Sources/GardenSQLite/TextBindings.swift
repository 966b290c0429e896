import CSQLite

/// The texts of one run of a statement gathered in one buffer and bound straight from it (SQLite reads them during
/// the step: no copy and no allocation a text, where binding each as transient copies it): what a loop writing many
/// rows of many text columns binds (the ledger's 26 a row).
public struct TextBindings {
    private var bytes: [UInt8] = []
    /// Per text: its parameter index, its start in ``bytes`` and its length (−1: NULL).
    private var spans: [(index: Int32, start: Int32, count: Int32)] = []

    /// Room for `texts` texts of `bytes` bytes in all before growing.
    public init(texts: Int, bytes: Int) {
        self.bytes.reserveCapacity(bytes)
        spans.reserveCapacity(texts)
    }

    /// Adds `text` as parameter `index` (NULL for nil; an empty text stays empty).
    public mutating func append(_ index: Int32, _ text: String?) {
        guard var text else {
            spans.append((index, 0, -1))
            return
        }
        let start = Int32(bytes.count)
        text.withUTF8 { bytes.append(contentsOf: $0) }
        spans.append((index, start, Int32(bytes.count) - start))
    }

    /// Binds the texts to `statement`, runs `body` (which binds the rest and steps), then clears every binding, so
    /// nothing of the statement points into the buffer once it is gone.
    public func run<T>(_ statement: Statement, _ body: () throws -> T) throws -> T {
        try bytes.withUnsafeBufferPointer { buffer in
            defer { sqlite3_clear_bindings(statement.handle) }
            for span in spans {
                let code: Int32
                if span.count < 0 {
                    code = sqlite3_bind_null(statement.handle, span.index)
                } else if span.count == 0 || buffer.baseAddress == nil {
                    code = garden_sqlite3_bind_text_transient(statement.handle, span.index, "", 0)
                } else {
                    // SQLITE_STATIC (a null destructor): the buffer outlives the step, which is inside this call.
                    code = UnsafeRawPointer(buffer.baseAddress! + Int(span.start)).withMemoryRebound(to: CChar.self, capacity: Int(span.count)) {
                        sqlite3_bind_text(statement.handle, span.index, $0, span.count, nil)
                    }
                }
                guard code == SQLITE_OK else { throw statement.database.error(code, statement.sql) }
            }
            return try body()
        }
    }
}
