import GardenFoundation

/// A payment wrapper printed before the real merchant (`Rules/processors.tsv`): an acquirer or
/// payment facilitator (`PAG*`, `SQ *`, `TST*`), a wallet (`PAYPAL *`, `PICPAY*`), an ordering channel
/// (`IFD*`, `DOORDASH*`) or a marketplace (`SHOPEE *`, whose suffix is the seller).
public struct Processor: Sendable, Hashable {
    /// What the wrapper is to the row.
    public enum Role: String, Sendable, Hashable {
        /// Carries the payment; the merchant follows and the wrapper becomes `intermediary`.
        case processor
        /// A wallet or P2P app; like a processor.
        case wallet
        /// An ordering channel: `intermediary`, and it sets the category.
        case channel
        /// A marketplace: it is the merchant; what follows is the `seller`.
        case marketplace
    }

    public var id: String
    public var name: String
    public var role: Role
    /// Category a channel or marketplace sets; nil for plain processors.
    public var category: String?
    /// MP* without a document: a purchase or a wallet top-up; flagged for review.
    public var ambiguous: Bool
    /// Flag `online`: the wrapper takes only payments made online (a payment gateway, a cross-border or online-store
    /// platform, a merchant of record for software), so the merchant after it sells online (issue 35: `online` from an
    /// online processor).
    public var online: Bool = false
    /// Flag `government`: the wrapper takes payments only for public bodies (a government payment processor: Link2Gov,
    /// NIC's state portals), so the payee after it is a public body (issue 35: `government` from the processor).
    public var government: Bool = false
    public var cnpjRoots: [String]
    /// The prefixes as printed ("IFD*", "PG *", "STONE").
    public var prefixes: [String]
    public var source: SourceLocation

    /// Whether the wrapper, printed with no merchant after it, is itself the merchant: a wallet billing for
    /// its own store (`APPLE.COM/BILL`, the App Store), which `Rules/processors.tsv` gives a category of its own.
    public var billsForItself: Bool { role == .wallet && category != nil }
}
