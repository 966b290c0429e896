/// Where a piece of evidence came from: a data file and line (`Brands/br-pharmacy.tsv:12`), or a
/// rule id for taught rules.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    public var description: String { line > 0 ? "\(file):\(line)" : file }
}
