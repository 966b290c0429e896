/// A problem in a data or rule file, located as `file:line:column` so an editor can jump to it.
public struct DataError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
    /// The file or folder named is not there or cannot be read (a missing input, sysexits 66), rather
    /// than there and wrong (sysexits 78).
    public var isMissing: Bool

    public init(file: String, line: Int, column: Int = 1, _ message: String, missing: Bool = false) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        isMissing = missing
    }

    public var description: String { line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)" }
}
