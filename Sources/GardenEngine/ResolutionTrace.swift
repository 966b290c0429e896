import GardenFoundation

extension Resolution.TraceEntry {
    /// One trace line per resolver, in precedence order: taken (the category's proposal), below the
    /// threshold, outranked (by an earlier proposal, or merchant evidence only), or no proposal.
    public static func entries(ids: [ResolverID], proposals: [Proposal?], choice: CategoryChoice?, threshold: Confidence) -> [Self] {
        var trace: [Self] = []
        trace.reserveCapacity(ids.count)
        for (index, id) in ids.enumerated() {
            trace.append(entry(id, proposals[index], isWinner: index == choice?.index, choice: choice,
                               winnerID: ids[choice?.index ?? 0], threshold: threshold))
        }
        return trace
    }

    /// The line of resolver `id` for its `proposal`.
    static func entry(_ id: ResolverID, _ proposal: Proposal?, isWinner: Bool, choice: CategoryChoice?, winnerID: ResolverID,
                      threshold: Confidence) -> Self {
        guard let proposal else { return .init(resolver: id, proposal: nil, status: .noProposal, reason: nil) }
        if isWinner {
            return .init(resolver: id, proposal: proposal, status: .taken,
                         reason: choice?.belowThreshold == true ? "most confident, below the threshold" : nil)
        }
        if proposal.category == nil { return .init(resolver: id, proposal: proposal, status: .outranked, reason: "merchant evidence only") }
        if proposal.confidence < threshold {
            return .init(resolver: id, proposal: proposal, status: .belowThreshold,
                         reason: "\(proposal.confidence) is below the threshold \(threshold)")
        }
        return .init(resolver: id, proposal: proposal, status: .outranked, reason: "\(winnerID) comes first in the precedence")
    }
}
