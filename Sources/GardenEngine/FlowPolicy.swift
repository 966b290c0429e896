import GardenFoundation
import GardenCatalog

/// What kind of money movement a row is (``Flow``), and the category money in keeps: money in never
/// keeps a spending category by accident. A refund is reversal wording, a credit on a card, money back
/// from a shop (a brand of the catalog) or from spending the user categorised by hand; money a brand sends
/// by a credit transfer (Pix, TED, DOC, an ACH credit, a wire, Zelle) with no reversal wording is a payment
/// to the holder (a marketplace's or platform's payout, a company paying its supplier): `income.other`; any
/// other money in under a spending category becomes `income.other` and is flagged. Money out never keeps an income
/// category by accident either: unless a person chose it or the line states a reversal, it is left uncategorized and
/// flagged.
public enum FlowPolicy {
    /// The facts the flow depends on.
    public struct Facts: Sendable, Hashable {
        public var direction: Direction?
        /// The category chosen.
        public var category: String
        /// The flow the deciding proposal stated (a rule's reversal), if any.
        public var stated: Flow?
        /// Reversal wording in the descriptor or an `ESTORNO` operation type.
        public var refundSignal: Bool
        /// The category was set by a person (a manual override or a user rule: ``ProposalBasis/isSetByPerson``).
        public var setByHand: Bool
        /// The row is on a credit or debit card (by its payment method, format, wording or account); read for
        /// money in only.
        public var onCard: Bool
        /// The category rests on a brand of the catalog (a shop: ``ProposalBasis/brand``).
        public var fromBrand: Bool
        /// The line states a credit transfer (Pix, TED, DOC, an ACH credit, a wire, Zelle: ``PaymentMethod``), the
        /// rails a payer pushes money on; a card refund comes back on the card's own rail. Read for money in only.
        public var byCreditTransfer: Bool
        /// The merchant's name, for the review reason.
        public var merchantName: String?

        public init(direction: Direction?, category: String, stated: Flow? = nil, refundSignal: Bool = false, setByHand: Bool = false,
                    onCard: Bool = false, fromBrand: Bool = false, byCreditTransfer: Bool = false, merchantName: String? = nil) {
            self.direction = direction
            self.category = category
            self.stated = stated
            self.refundSignal = refundSignal
            self.setByHand = setByHand
            self.onCard = onCard
            self.fromBrand = fromBrand
            self.byCreditTransfer = byCreditTransfer
            self.merchantName = merchantName
        }
    }

    /// The flow, the category it leaves (`income.other` for unexplained money in) and the review reason it raises.
    public struct Outcome: Sendable, Hashable {
        public var flow: Flow
        public var category: String
        public var reviewReason: String?
    }

    /// The category money in that nothing explains becomes.
    public static let unexplainedIncome = CategoryID.unexplainedIncome

    /// Decides the flow from `facts`.
    public static func decide(_ facts: Facts) -> Outcome {
        var flow = facts.stated ?? Self.flow(of: facts.category)
        if facts.refundSignal && facts.direction != .out && flow == .expense { flow = .refund }
        // Money out under an income category that no person chose and no proposal stated as a reversal: every income
        // category names money coming in (the taxonomy's `income` group), so paid out the line is something the
        // evidence did not see (a payroll provider's tax debit under the provider's salary category): left
        // uncategorized and flagged. An income reversal says so (reversal wording: negative income, kept), and a
        // person's choice stands (it counts as negative income in the totals).
        if facts.direction == .out && flow == .income && facts.stated == nil && !facts.setByHand && !facts.refundSignal {
            return Outcome(flow: .expense, category: CategoryID.uncategorized,
                           reviewReason: "money out with an income category (\(facts.category)): left uncategorized")
        }
        guard facts.direction == .in && flow == .expense else { return Outcome(flow: flow, category: facts.category) }
        // Money in under a spending category the user chose (a rule without a direction, a teach) is money
        // back from that spending; on a card it is a refund.
        if facts.setByHand || facts.onCard { return Outcome(flow: .refund, category: facts.category) }
        // A brand pushing money to the holder by a credit transfer, with no reversal wording, pays the holder
        // (iFood, Amazon or Mercado Livre paying a seller, Uber a driver, a company its supplier): income. A refund
        // says so, or comes back on the card.
        if facts.fromBrand && facts.byCreditTransfer && !facts.refundSignal { return Outcome(flow: .income, category: unexplainedIncome) }
        if facts.fromBrand {
            // A shop does not pay its customers: money in from a brand is a refund of what was bought there.
            return Outcome(flow: .refund, category: facts.category,
                           reviewReason: "money in from \(facts.merchantName ?? "a merchant"): recorded as a refund of \(facts.category)")
        }
        return Outcome(flow: .income, category: unexplainedIncome,
                       reviewReason: "money in with a spending category (\(facts.category)): recorded as \(unexplainedIncome)")
    }

    /// Whether `method` is a credit transfer, a rail the payer pushes money on (Pix, TED, DOC, ACH, wire, Zelle).
    public static func isCreditTransfer(_ method: PaymentMethod) -> Bool {
        switch method {
        case .pix, .pixQR, .ted, .doc, .ach, .wire, .zelle: return true
        default: return false
        }
    }

    /// The flow a category implies: transfers and cash moves are `transfer`, income is `income`.
    public static func flow(of category: String) -> Flow {
        if Taxonomy.id(category, isWithin: CategoryID.transferGroup) || Taxonomy.id(category, isWithin: CategoryID.cashGroup) { return .transfer }
        if Taxonomy.id(category, isWithin: CategoryID.incomeGroup) { return .income }
        return .expense
    }
}
