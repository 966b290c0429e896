/// A resolver's stable id: what the output's `source` fields, traces, `explain` and `eval` print
/// (`brand_catalog`, `mcc`). One type, so ids are compared as ids and never as loose strings.
///
/// The few ids Core's decision policies name (who set a category by hand, whose merchant a bank line
/// decides) are constants here; every resolver's description uses its constant or a literal.
public struct ResolverID: Hashable, Sendable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The id as printed: lower case, words joined by `_`.
    public let name: String

    public init(_ name: String) { self.name = name }
    public init(stringLiteral name: String) { self.name = name }

    public var description: String { name }

    public static func < (a: ResolverID, b: ResolverID) -> Bool { a.name < b.name }

    /// The user's correction of one row (`teach`).
    public static let manualOverride: ResolverID = "manual_override"
    /// The user's rules (`garden rules`, `--rules FILE`).
    public static let userRule: ResolverID = "user_rule"
    /// The bank's own line types (`Rules/bank_lines.tsv`).
    public static let bankLine: ResolverID = "bank_line"
    /// The brand catalog (`Brands/*.tsv`).
    public static let brandCatalog: ResolverID = "brand_catalog"
    /// Processor, wallet, channel and marketplace prefixes (`Rules/processors.tsv`).
    public static let processorPrefix: ResolverID = "processor_prefix"
}
