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
        // Read through a buffer pointer (an addressor): an array's getter or a closure over its elements copies each
        // ~270-byte proposal to read one Bool.
        let last: Int? = proposals.withUnsafeBufferPointer { buffer in
            for index in buffer.indices.reversed() where buffer[index]?.decisive == true { return index }
            return nil
        }
        guard let decisive = last else { return }
        for index in 0..<decisive where proposals.withUnsafeBufferPointer({ $0[index]?.basis == .learnedFromCorrections }) {
            proposals[index] = nil
        }
    }
}
