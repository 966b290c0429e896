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
///     static let reads: [any KnowledgeRead] = [Shipped.mcc]
///     var mcc: MCCMap?
///     func taking(_ knowledge: KnowledgeViews) -> Self { var bound = self; bound.mcc = knowledge.view(Shipped.mcc); return bound }
///     func propose(_ context: ResolutionContext) -> Proposal? {
///         guard let code = context.transaction.mcc, let hit = mcc?[code] else { return nil }
///         return Proposal(category: hit.category, confidence: Confidence(perMille: 800), basis: .statedCode,
///                         evidence: Evidence(matched: "mcc \(code)", location: hit.source.description))
///     }
/// }
/// ```
/// `propose` must be pure (no I/O, no shared mutable state): rows are resolved on several threads.
///
/// A resolver declares the views of shipped knowledge it reads (``reads``), takes them once, when a ``Pipeline`` is
/// built (``taking(_:)``), and reads them, never the catalog, for each row; one not yet taken (`MCCResolver()`) has no
/// knowledge and proposes nothing. Taking a view it did not declare stops the program.
public protocol Resolver: Sendable {
    /// Id, stage, summary and examples.
    static var description: ResolverDescription { get }
    /// The views of shipped knowledge the resolver reads (``Shipped``); default none.
    static var reads: [any KnowledgeRead] { get }
    /// This resolver holding the views of its knowledge, taken from `knowledge` (the views ``reads`` declares) once
    /// when a ``Pipeline`` is built (never for a row). The default, for a resolver that reads no shipped knowledge,
    /// is the resolver itself.
    func taking(_ knowledge: KnowledgeViews) -> Self
    /// The proposal for a row, or nil when the resolver has no evidence.
    func propose(_ context: ResolutionContext) -> Proposal?
    /// Whether the resolver reads ``ResolutionContext/identity``: it then proposes after the others, once
    /// the merchant identity is known (its place in the precedence does not change).
    static var readsIdentity: Bool { get }
}

extension Resolver {
    public static var readsIdentity: Bool { false }

    public static var reads: [any KnowledgeRead] { [] }

    public func taking(_ knowledge: KnowledgeViews) -> Self { self }

    /// This resolver holding the views it declares (``reads``) of `shipped` (``Catalog/shipped``).
    /// Taking a view it did not declare is a programming error: it stops the program.
    public func taking(_ shipped: ShippedKnowledge) -> Self {
        let views = shipped.views(for: Self.reads, reader: "\(Self.description.id)")
        let bound = taking(views)
        precondition(views.undeclared.isEmpty, "\(views.reader) takes \(views.undeclared) without declaring them (Resolver.reads)")
        return bound
    }

    /// The resolver's id.
    public var id: ResolverID { Self.description.id }
}
