/// Where a piece of evidence came from: a data file and line (`Brands/br-pharmacy.tsv:12`), or a
/// rule id for taught rules.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int
    /// `file:line`, made once (evidence quotes it on every row).
    public let description: String

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
        description = line > 0 ? "\(file):\(line)" : file
    }

    /// A location whose `description` was made before (read back from a compiled catalog image).
    package init(file: String, line: Int, description: String) {
        self.file = file
        self.line = line
        self.description = description
    }
}
