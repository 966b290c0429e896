extension MerchantIdentity {
    /// The bank-statement line an identity was stated from (``Proposal/identity`` of a line rule: the bank-line
    /// resolver's), so that what a correction of the row teaches (``CorrectionScope``) reads what the deciding evidence
    /// said instead of matching the line again.
    public struct StatedLine: Sendable, Hashable {
        /// Whose line it is.
        public enum Owner: Sendable, Hashable {
            /// The account's bank's own business (its card bill, a fee, interest): `line:…@<bank>`, or the payee the
            /// line names, which then took the identity (`Pagamento Fatura de Gás - COMPANHIA ULTRAGAZ`).
            case bank
            /// A line type with a fixed payee (IOF, Receita Federal, an acquirer's settlement): every such line is
            /// that payee's, whatever else it prints.
            case payee
            /// A tax or a cash move with no payee (`line:transfer.cash`).
            case nobody
        }

        /// The line rule's category (`transfer.card_payment`, `taxes.iof`).
        public let category: String
        public let owner: Owner

        public init(category: String, owner: Owner) {
            self.category = category
            self.owner = owner
        }
    }

    /// The same identity, stated from `line`.
    public func stated(from line: StatedLine) -> MerchantIdentity {
        var copy = self
        copy.line = line
        return copy
    }
}
