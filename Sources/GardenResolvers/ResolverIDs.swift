import GardenEngine

/// What a resolver id stored by an earlier garden names now (issue 34, SwiftLint's `deprecatedAliases`): a resolver
/// split into several lists the id it was stored under among its former ids (``ResolverDescription/formerly``), so a
/// ledger row, a review floor or a user's text that names `bank_line` names its five successors too. Stored ids are
/// never rewritten: every place that compares a stored `source` with today's asks ``same(stored:now:in:)`` —
/// `explain --id` (its comparison with the ledger) and `recategorize` (its change test).
public enum ResolverIDs {
    /// The resolvers of `resolvers` a stored id names: the one with that id and every one that lists it among its
    /// former ids, in precedence order (`bank_line` → operation_type, public_service, bank_line, public_body, transfer).
    public static func successors(of stored: ResolverID, in resolvers: [any Resolver] = BuiltInResolvers.all) -> [ResolverID] {
        resolvers.map { type(of: $0).description }.filter { $0.id == stored || $0.formerly.contains(stored) }.map(\.id)
    }

    /// Whether a `source` stored by an earlier garden (`stored`) and one printed now (`now`, a resolver's
    /// ``ResolverDescription/printedID``) name the same resolver: equal, or `now` is printed by a successor of `stored`.
    public static func same(stored: String, now: String, in resolvers: [any Resolver] = BuiltInResolvers.all) -> Bool {
        if stored == now { return true }
        let successors = Set(successors(of: ResolverID(stored), in: resolvers))
        return resolvers.contains { resolver in
            let description = type(of: resolver).description
            return description.printedID.name == now && successors.contains(description.id)
        }
    }

    /// What is wrong with the former ids and families of `resolvers`, one sentence per fault: a former id that names
    /// another resolver of the list (other than the family the resolver was split from), and a member of a family whose
    /// id is not the family's that does not list the family among its former ids (a stored row of the family would not
    /// name it). Empty when they are sound.
    public static func problems(_ resolvers: [any Resolver]) -> [String] {
        let descriptions = resolvers.map { type(of: $0).description }
        let live = Set(descriptions.map(\.id))
        var problems: [String] = []
        for description in descriptions {
            for former in description.formerly.sorted() where live.contains(former) && former != description.family {
                problems.append("resolver \(description.id) was formerly \(former), which is another resolver of the precedence")
            }
            if let family = description.family, family != description.id, !description.formerly.contains(family) {
                problems.append("resolver \(description.id) of family \(family) does not list \(family) among its former ids")
            }
        }
        return problems
    }
}
