import GardenFoundation
import GardenCatalog

/// The answer for one row: who was paid, what for, which budget, how sure, whether a person should
/// look, and the trace of every resolver's proposal.
public struct Resolution: Sendable {
    /// The merchant as resolved.
    public struct Merchant: Sendable, Hashable {
        public var name: String?
        public var kind: MerchantKind
        /// Catalog brand id, when a brand matched.
        public var brand: String?
        /// The processor or channel the payment went through (iFood, PagBank, PayPal).
        public var intermediary: String?
        /// The seller behind a marketplace.
        public var seller: String?
        /// Formatted CNPJ or masked CPF of the counterparty.
        public var document: String?
        public var confidence: Confidence
        /// The resolver (or the row's counterparty or descriptor) the merchant came from; the output's
        /// merchant `source`.
        public var origin: MerchantOrigin
    }

    /// One resolver's line in the trace.
    public struct TraceEntry: Sendable {
        public enum Status: String, Sendable {
            case taken
            case belowThreshold = "below_threshold"
            case outranked
            case noProposal = "no_proposal"
        }
        public var resolver: ResolverID
        public var proposal: Proposal?
        public var status: Status
        /// Why it was not taken, in words.
        public var reason: String?
    }

    public var merchant: Merchant
    public var category: String
    public var categoryConfidence: Confidence
    /// The resolver whose proposal gave the category; nil when none did (`uncategorized`).
    public var categoryResolver: ResolverID?
    /// The category's `source` as printed: the deciding resolver's id, or `none`.
    public var categorySourceName: String { categoryResolver?.name ?? "none" }
    public var budget: Budget?
    public var budgetOrigin: BudgetBook.Origin?
    public var review: Bool
    public var reviewReasons: [String]
    public var installment: Installment?
    public var direction: Direction?
    public var flow: Flow
    public var rowID: String
    public var trace: [TraceEntry]
    /// The descriptor's folded name (``Descriptor/foldedName``), printed as `descriptor` by `--explain`.
    public var foldedName: String
    /// The merchant memory key (``MerchantKey``), nil when only a wrapper was left.
    public var merchantKey: String?
    /// The user rule that decided the category, when one did.
    public var ruleID: String?
}
