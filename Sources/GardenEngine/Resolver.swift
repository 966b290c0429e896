import GardenCatalog

/// A resolver plugin: given the analyzed row, it proposes a category (and merchant evidence) with a
/// confidence, or nothing.
///
/// Resolvers run in one ordered list, the precedence (`BuiltInResolvers.all`, in ``ResolverDescription/Stage``
/// order, checked by ``Precedence``); the first proposal whose
/// confidence reaches the acceptance threshold wins, and every proposal is kept for the trace.
///
/// ## Implementing
/// A resolver is a small value type with a static ``ResolverDescription`` whose examples are tests:
/// ```swift
/// struct MCCResolver: Resolver {
///     static let description = ResolverDescription(id: "mcc", stage: .match,
///         summary: "MCC → category (Rules/mcc.tsv)",
///         examples: [.init(#"{"description":"X","mcc":"5812"}"#, category: "food.restaurants")])
///     var mcc: MCCMap?
///     func taking(_ catalog: Catalog) -> Self { var bound = self; bound.mcc = catalog.mcc; return bound }
///     func propose(_ context: ResolutionContext) -> Proposal? {
///         guard let code = context.transaction.mcc, let hit = mcc?[code] else { return nil }
///         return Proposal(category: hit.category, confidence: Confidence(perMille: 800), basis: .statedCode,
///                         evidence: Evidence(matched: "mcc \(code)", location: hit.source.description))
///     }
/// }
/// ```
/// `propose` must be pure (no I/O, no shared mutable state): rows are resolved on several threads.
///
/// A resolver takes the views of the knowledge it reads once, when a ``Pipeline`` is built (``taking(_:)``), and
/// reads them, never the catalog, for each row; one not yet taken (`MCCResolver()`) has no knowledge and proposes nothing.
public protocol Resolver: Sendable {
    /// Id, stage, summary and examples.
    static var description: ResolverDescription { get }
    /// This resolver holding the views of its own knowledge, taken from `catalog` once when a ``Pipeline`` is built
    /// (never for a row). The default, for a resolver that reads no shipped knowledge (or still reads it through
    /// ``ResolutionContext/catalog``), is the resolver itself.
    func taking(_ catalog: Catalog) -> Self
    /// The proposal for a row, or nil when the resolver has no evidence.
    func propose(_ context: ResolutionContext) -> Proposal?
    /// Whether the resolver reads ``ResolutionContext/identity``: it then proposes after the others, once
    /// the merchant identity is known (its place in the precedence does not change).
    static var readsIdentity: Bool { get }
}

extension Resolver {
    public static var readsIdentity: Bool { false }

    public func taking(_ catalog: Catalog) -> Self { self }

    /// The resolver's id.
    public var id: ResolverID { Self.description.id }
}
