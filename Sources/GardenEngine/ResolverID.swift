/// A resolver's stable id: what the output's `source` fields, traces, `explain` and `eval` print
/// (`brand_catalog`, `mcc`). One type, so ids are compared as ids and never as loose strings.
///
/// The engine names no id: its decision reads what a proposal rests on (``ProposalBasis``). The built-in
/// resolvers' ids, for code that reads stored sources, are constants in GardenResolvers.
public struct ResolverID: Hashable, Sendable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The id as printed: lower case, words joined by `_`.
    public let name: String

    public init(_ name: String) { self.name = name }
    public init(stringLiteral name: String) { self.name = name }

    public var description: String { name }

    public static func < (a: ResolverID, b: ResolverID) -> Bool { a.name < b.name }
}
