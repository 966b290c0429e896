/// Checks a precedence (the ordered resolver list a ``Pipeline`` consults) when it is built: ids are
/// unique and stages never go backwards (``ResolverDescription/Stage``: override → memory → unwrap →
/// match → learn → fallback). Within a stage the list's order is the precedence.
public enum Precedence {
    /// What is wrong with `resolvers` as a precedence, one sentence per fault; empty when it is sound.
    public static func problems(_ resolvers: [any Resolver]) -> [String] {
        var problems: [String] = []
        var seen: Set<ResolverID> = []
        var previous: ResolverDescription?
        for resolver in resolvers {
            let description = type(of: resolver).description
            if !seen.insert(description.id).inserted { problems.append("resolver \(description.id) is listed twice") }
            if let previous, description.stage < previous.stage {
                problems.append("resolver \(description.id) (stage \(description.stage)) comes after \(previous.id) (stage \(previous.stage)): stages run override → memory → unwrap → match → learn → fallback")
            }
            previous = description
        }
        return problems + knowledgeProblems(resolvers, knowledge: nil)
    }
}
