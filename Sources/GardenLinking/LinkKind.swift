/// What relation a link states between ledger rows (garden design §6 linking, §8 transfers, §9 installments).
public enum LinkKind: String, Sendable, CaseIterable, Codable {
    /// Both sides of a move between the holder's own accounts (or a withdrawal to cash): out of spending.
    case transferPair = "transfer_pair"
    /// A merchant's credit (estorno) against an earlier purchase: lowers the purchase's net cost.
    case refund
    /// An IOF line against the foreign purchase it taxes: adds to the purchase's net cost.
    case fee
    /// A Pix from a person splitting an expense (racha): suggested; accepted, lowers the net cost.
    case reimbursement
    /// The parcels of one card purchase.
    case installmentPlan = "installment_plan"
    /// Payments to one counterparty at a steady period and amount.
    case recurring

    /// Reads a kind as written on the command line: `transfer_pair`, `transferPair`, `installment-plan`…
    public init?(loose text: String) {
        let key = text.lowercased().replacingOccurrences(of: "-", with: "").replacingOccurrences(of: "_", with: "")
        guard let kind = Self.allCases.first(where: { $0.rawValue.replacingOccurrences(of: "_", with: "") == key }) else { return nil }
        self = kind
    }

    /// Whether a row may be the secondary side of at most one link of the exclusive kinds (a credit refunds
    /// one purchase, an IOF line taxes one purchase, a transfer side has one partner).
    public var isExclusive: Bool {
        switch self {
        case .transferPair, .refund, .fee, .reimbursement: return true
        case .installmentPlan, .recurring: return false
        }
    }
}
