import GardenFoundation

/// One resolver's proposal for a row: a category with a confidence in [0, 1], optionally merchant
/// evidence, a flow, a budget, a review request, and the evidence behind it.
public struct Proposal: Sendable, Hashable {
    /// A category id of the taxonomy; nil when the resolver only gives merchant evidence.
    public var category: String?
    public var confidence: Confidence
    public var merchant: MerchantCandidate?
    /// The flow the evidence implies (a reversal is `refund`), when it says one.
    public var flow: Flow?
    /// A budget id set by a rule or override.
    public var budget: String?
    /// A rule's explicit `review` / `no-review`.
    public var review: Bool?
    /// Why this proposal asks for a person to look (ambiguous brand, MP* without a document...).
    public var reviewReason: String?
    public var evidence: Evidence
    /// The payment wrapper's intermediary and seller (an unwrap-stage proposal gives them).
    public var wrapper: PaymentWrapper?

    public init(category: String?, confidence: Confidence, merchant: MerchantCandidate? = nil, flow: Flow? = nil,
                budget: String? = nil, review: Bool? = nil, reviewReason: String? = nil, evidence: Evidence,
                wrapper: PaymentWrapper? = nil) {
        self.wrapper = wrapper
        self.category = category
        self.confidence = confidence
        self.merchant = merchant
        self.flow = flow
        self.budget = budget
        self.review = review
        self.reviewReason = reviewReason
        self.evidence = evidence
    }
}
