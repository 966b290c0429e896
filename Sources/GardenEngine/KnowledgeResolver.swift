import GardenCatalog

/// A resolver that owns pattern data (``PatternKnowledge``): its knowledge's files are read with the
/// catalog (``Precedence/knowledge(of:)``), its patterns go into the one automaton, and it reads its
/// matches typed with ``ResolutionContext/matches(of:)``. Nothing else in garden names it: its file,
/// its data file and its line in the precedence are the whole of it.
public protocol KnowledgeResolver: Resolver {
    associatedtype Knowledge: PatternKnowledge
}

extension KnowledgeResolver {
    /// The knowledge type, as the precedence lists it.
    static var declaredKnowledge: any PatternKnowledge.Type { Knowledge.self }
}

extension ResolutionContext {
    /// The matches of `resolver`'s declared knowledge on this row, in the order the automaton found them,
    /// each with its entry and its record's file and line.
    public func matches<R: KnowledgeResolver>(of resolver: R.Type) -> [KnowledgeHit<R.Knowledge>] {
        engine.knowledge.hits(of: R.Knowledge.self, in: descriptor.knowledgeMatches)
    }
}

extension Precedence {
    /// The knowledge the resolvers of a precedence declare, in its order: what a ``Catalog`` is built with
    /// (`Catalog(data:…, knowledge:)`).
    public static func knowledge(of resolvers: [any Resolver]) -> [any PatternKnowledge.Type] {
        resolvers.compactMap { (type(of: $0) as? any KnowledgeResolver.Type)?.declaredKnowledge }
    }

    /// Faults of declared knowledge: a section not named by its resolver's id, or missing from `knowledge`
    /// (a catalog's ``EngineViews/knowledge``).
    public static func knowledgeProblems(_ resolvers: [any Resolver], knowledge: KnowledgeSections?) -> [String] {
        var problems: [String] = []
        for resolver in resolvers {
            guard let kind = (type(of: resolver) as? any KnowledgeResolver.Type)?.declaredKnowledge else { continue }
            if kind.section != resolver.id.name {
                problems.append("resolver \(resolver.id)'s knowledge is filed as \"\(kind.section)\", not under its id")
            }
            if let knowledge, !knowledge.ids.contains(kind.section) {
                problems.append("resolver \(resolver.id)'s knowledge is not in the catalog (build it with Precedence.knowledge(of:))")
            }
        }
        return problems
    }
}
