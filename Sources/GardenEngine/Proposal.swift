import GardenFoundation

/// One resolver's proposal for a row: a category with a confidence in [0, 1], optionally merchant
/// evidence, a flow, a budget, a review request, the evidence behind it, and the facts the decision reads: what
/// it rests on (``basis``), whether it is ``decisive``, and the merchant identity its evidence establishes
/// (``identity``).
public struct Proposal: Sendable, Hashable {
    /// A category id of the taxonomy; nil when the resolver only gives merchant evidence.
    public var category: String?
    public var confidence: Confidence
    /// What the proposal rests on (``ProposalBasis``).
    public var basis: ProposalBasis
    /// Whether the evidence settles the category by itself, so that a guess a model of the user's corrections
    /// makes earlier in the precedence gives way to it (``Precedence/withdrawYielding(_:)``): a trade head noun.
    public var decisive: Bool
    public var merchant: MerchantCandidate?
    /// The merchant identity the evidence itself establishes, which the identity step takes before any brand or
    /// name (``MerchantIdentity/of(_:stated:brand:person:)``): a bank's own line is its line type, and the bank
    /// for its own business.
    public var identity: MerchantIdentity?
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

    public init(category: String?, confidence: Confidence, basis: ProposalBasis, decisive: Bool = false,
                merchant: MerchantCandidate? = nil, identity: MerchantIdentity? = nil, flow: Flow? = nil,
                budget: String? = nil, review: Bool? = nil, reviewReason: String? = nil, evidence: Evidence,
                wrapper: PaymentWrapper? = nil) {
        self.basis = basis
        self.decisive = decisive
        self.wrapper = wrapper
        self.category = category
        self.confidence = confidence
        self.merchant = merchant
        self.identity = identity
        self.flow = flow
        self.budget = budget
        self.review = review
        self.reviewReason = reviewReason
        self.evidence = evidence
    }
}
