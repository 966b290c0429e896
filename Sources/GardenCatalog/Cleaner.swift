import GardenFoundation

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
        /// A bank operation word (`Rules/operations.tsv`: DEB, PIX, CHAVE, TIT COMPE EFETIVADO): removed only in
        /// the run of such words at the head of the line, however they combine.
        case operation
        /// A field label of a fixed layout (`Rules/ach_labels.tsv`: NACHA `SEC:`, `TRACE#:`): the label and its
        /// value, up to the next label, are removed.
        case label
        /// The label whose value names the counterparty (NACHA `ORIG CO NAME:`): the label goes, the value stays.
        case nameLabel = "name_label"
    }

    public var phrase: String
    public var effect: Effect
    public var method: PaymentMethod?
    public var direction: Direction?
    /// Only when the phrase starts the descriptor.
    public var anchored: Bool
    /// An operation word that only continues a run (`INTERNET` after `TITULO OUTRO BCO`), never starts one.
    public var continuesRun = false
    /// An operation word only in a run at the head of the line that a spaced dash closes
    /// (`ELECTRONIC DEPOSIT - ACME PAYROLL`, `EXTERNAL WITHDRAWAL - …`): elsewhere it may be a name's word.
    public var beforeDashOnly = false
    public var source: SourceLocation

    /// A field label (``Effect/label`` or ``Effect/nameLabel``), read by position rather than stripped.
    @inlinable public var isLabel: Bool { effect == .label || effect == .nameLabel }
}
