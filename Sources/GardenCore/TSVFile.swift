/// Reads garden's line-oriented data files: UTF-8, one record per line, TAB-separated columns,
/// `#` comment lines and blank lines ignored.
public struct TSVFile: Sendable {
    /// One data line: its 1-based line number and its columns.
    public struct Record: Sendable {
        public var line: Int
        public var columns: [String]
        public let file: String

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

    /// Parses `text`; every record must have at least `minimumColumns` columns.
    /// - Throws: ``DataError`` naming the first short record.
    public init(name: String, text: String, minimumColumns: Int) throws(DataError) {
        self.name = name
        var records: [Record] = []
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = Substring(rawLine)
            if line.hasSuffix("\r") { line = line.dropLast() }
            if line.isEmpty || line.hasPrefix("#") { continue }
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map { String($0).trimmingASCIISpaces() }
            guard columns.count >= minimumColumns else {
                throw DataError(file: name, line: lineNumber, "expected \(minimumColumns) TAB-separated columns, found \(columns.count)")
            }
            records.append(Record(line: lineNumber, columns: columns, file: name))
        }
        self.records = records
    }
}
