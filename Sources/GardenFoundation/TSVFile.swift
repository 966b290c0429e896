/// Reads garden's line-oriented data files: UTF-8, one record per line, TAB-separated columns,
/// `#` comment lines and blank lines ignored.
public struct TSVFile: Sendable {
    /// One data line: its 1-based line number and its columns.
    public struct Record: Sendable {
        public var line: Int
        public var columns: [String]
        public let file: String

        package init(line: Int, columns: [String], file: String) {
            self.line = line
            self.columns = columns
            self.file = file
        }

        /// Column `index`, with "-" and "" read as nil.
        public func optional(_ index: Int) -> String? {
            guard index < columns.count else { return nil }
            let value = columns[index]
            return value.isEmpty || value == "-" ? nil : value
        }

        /// An error at this record (column given 1-based as a column number in the TSV sense).
        public func error(_ message: String, column: Int = 1) -> DataError {
            DataError(file: file, line: line, column: column, message)
        }
    }

    /// The file's name relative to the data directory ("Rules/mcc.tsv").
    public let name: String
    public let records: [Record]

    /// A file of records already read (a knowledge section's, read back from the image).
    package init(name: String, records: [Record]) {
        self.name = name
        self.records = records
    }

    /// Parses `text`; every record must have at least `minimumColumns` columns. Works on UTF-8 bytes
    /// (TAB and LF are ASCII, so splitting never cuts a character).
    /// - Throws: ``DataError`` naming the first short record.
    public init(name: String, text: String, minimumColumns: Int) throws(DataError) {
        self.name = name
        var records: [Record] = []
        var lineNumber = 0
        let bytes = Array(text.utf8)
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            lineNumber += 1
            var lineEnd = end
            if lineEnd > start, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            defer { start = end + 1 }
            if lineEnd == start || bytes[start] == UInt8(ascii: "#") { if end >= bytes.count { break } else { continue } }
            var columns: [String] = []
            var tabs = 0
            for k in start..<lineEnd where bytes[k] == 0x09 { tabs += 1 }
            columns.reserveCapacity(tabs + 1)   // one allocation a line, not one per doubling
            var cell = start
            for k in start...lineEnd where k == lineEnd || bytes[k] == 0x09 {
                var a = cell, b = k
                while a < b, bytes[a] == 0x20 { a += 1 }
                while b > a, bytes[b - 1] == 0x20 { b -= 1 }
                columns.append(String(decoding: bytes[a..<b], as: UTF8.self))
                cell = k + 1
            }
            guard columns.count >= minimumColumns else {
                throw DataError(file: name, line: lineNumber, "expected \(minimumColumns) TAB-separated columns, found \(columns.count)")
            }
            records.append(Record(line: lineNumber, columns: columns, file: name))
            if end >= bytes.count { break }
        }
        self.records = records
    }
}
