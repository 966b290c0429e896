extension Precedence {
    /// The one rule by which a proposal gives way to another than by its place in the precedence: a guess of the
    /// model learned from the user's corrections (``ProposalBasis/learnedFromCorrections``) is withdrawn when a
    /// proposal later in the precedence is ``Proposal/decisive`` (a trade head noun the data holds). The model
    /// is consulted before the fallback's weak words so that it decides rows they only suggest, but a model
    /// trained on a handful of corrections never overrides what the data states with confidence.
    ///
    /// `proposals` holds one entry per resolver in precedence order; a withdrawn proposal becomes nil (the trace
    /// then shows that resolver without a proposal).
    public static func withdrawYielding(_ proposals: inout [Proposal?]) {
        guard let decisive = proposals.lastIndex(where: { $0?.decisive == true }) else { return }
        for index in proposals.indices[..<decisive] where proposals[index]?.basis == .learnedFromCorrections {
            proposals[index] = nil
        }
    }
}
