/// Why an input line was rejected. The CLI prints it as `garden: line N: <description>`.
public struct InputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The field at fault (`amount`, `date`, `counterparty.document`), or nil for the line as a whole.
    public var field: String?
    public var message: String

    public init(field: String? = nil, _ message: String) {
        self.field = field
        self.message = message
    }

    public var description: String {
        guard let field else { return message }
        return "field \"\(field)\": \(message)"
    }
}
