/// Bank boilerplate that is not the merchant (`Rules/boilerplate.tsv`): "Compra no débito -",
/// "Pix enviado:", "PURCHASE AUTHORIZED ON", with what it tells about the line.
public struct Cleaner: Sendable, Hashable {
    /// What to do with the words matched.
    public enum Effect: String, Sendable, Hashable {
        /// Remove the phrase.
        case strip
        /// Remove the phrase and everything after it (bank and account details).
        case cut
        /// Remove the phrase; the line is a reversal of what follows (estorno, "Crédito de").
        case refund
        /// Like ``cut``, only in a transfer line (Zelle's "for <memo>").
        case cutInTransfer = "cut_transfer"
    }

    public var phrase: String
    public var effect: Effect
    public var method: PaymentMethod?
    public var direction: Direction?
    /// Only when the phrase starts the descriptor.
    public var anchored: Bool
    public var source: SourceLocation
}
