/// What an unwrap-stage proposal says about the payment wrapper before the merchant: the intermediary the
/// payment went through (a processor, wallet or channel; nil for a marketplace, which is the merchant) and
/// a marketplace's seller. A reference, so that every other proposal carries only an empty pointer.
public final class PaymentWrapper: Sendable, Hashable {
    public let intermediary: String?
    public let seller: String?

    public init(intermediary: String?, seller: String?) {
        self.intermediary = intermediary
        self.seller = seller
    }

    public static func == (a: PaymentWrapper, b: PaymentWrapper) -> Bool { a.intermediary == b.intermediary && a.seller == b.seller }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(intermediary)
        hasher.combine(seller)
    }
}
