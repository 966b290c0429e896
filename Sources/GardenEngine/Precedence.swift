/// Checks a precedence (the ordered resolver list a ``Pipeline`` consults) when it is built: ids are
/// unique, stages never go backwards (``ResolverDescription/Stage``: override → memory → unwrap →
/// match → learn → fallback), and a family's members stand together, of one stage, asked at one time
/// (``ResolverDescription/family``: the pipeline asks them as one slot). Within a stage the list's order is the
/// precedence. What former ids mean (``ResolverDescription/formerly``) is read beside the resolvers, not here: the
/// engine compares no ids (`ResolverIDs` in GardenResolvers).
public enum Precedence {
    /// What is wrong with `resolvers` as a precedence, one sentence per fault; empty when it is sound.
    public static func problems(_ resolvers: [any Resolver]) -> [String] {
        var problems: [String] = []
        var seen: Set<ResolverID> = []
        var previous: ResolverDescription?
        var previousReadsIdentity = false
        var closedFamilies: Set<ResolverID> = []
        for resolver in resolvers {
            let description = type(of: resolver).description
            if !seen.insert(description.id).inserted { problems.append("resolver \(description.id) is listed twice") }
            if let previous, description.stage < previous.stage {
                problems.append("resolver \(description.id) (stage \(description.stage)) comes after \(previous.id) (stage \(previous.stage)): stages run override → memory → unwrap → match → learn → fallback")
            }
            if let previous, let family = previous.family, family != description.family { closedFamilies.insert(family) }
            problems += familyProblems(description, after: previous, closed: closedFamilies)
            if let family = description.family, previous?.family == family, type(of: resolver).readsIdentity != previousReadsIdentity {
                problems.append("resolver \(description.id) of family \(family) reads the merchant identity otherwise than \(previous!.id): a family is asked at once")
            }
            previousReadsIdentity = type(of: resolver).readsIdentity
            previous = description
        }
        return problems + knowledgeProblems(resolvers, knowledge: nil)
    }

    /// The faults of `description` as a family member after `previous` in the list, given the families already
    /// `closed` (a run of their members ended).
    static func familyProblems(_ description: ResolverDescription, after previous: ResolverDescription?, closed: Set<ResolverID>) -> [String] {
        guard let family = description.family else { return [] }
        var problems: [String] = []
        if closed.contains(family) { problems.append("resolver \(description.id) of family \(family) is apart from the family's other members") }
        if let previous, previous.family == family, previous.stage != description.stage {
            problems.append("resolver \(description.id) of family \(family) is of stage \(description.stage), \(previous.id) of \(previous.stage): a family is one stage")
        }
        return problems
    }
}
