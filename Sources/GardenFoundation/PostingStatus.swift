/// Whether a transaction has posted: a pending card authorisation or transfer (Pluggy `status: PENDING`,
/// Open Finance `TRANSACAO_PROCESSANDO`) and a scheduled one (Open Finance `LANCAMENTO_FUTURO`) are not in
/// the account yet; their posted row, when it arrives, takes their place in the ledger instead of being
/// counted again. Written as the canonical `status` field (`pending`, `scheduled`; absent is posted).
/// Sources: Pluggy SDK `transaction.ts` (`TransactionStatus`), Open Finance Brasil accounts 2.4.2
/// `EnumCompletedAuthorisedPaymentIndicator`.
public enum PostingStatus: String, Sendable, CaseIterable {
    case posted, pending, scheduled

    /// Whether the row still waits for its posted twin.
    public var isUnsettled: Bool { self != .posted }

    /// The status a canonical `status` text names (`pending`, `PENDING`, `scheduled`, `posted`), or nil.
    public init?(text: String) {
        switch text.lowercased() {
        case "posted": self = .posted
        case "pending": self = .pending
        case "scheduled": self = .scheduled
        default: return nil
        }
    }
}
