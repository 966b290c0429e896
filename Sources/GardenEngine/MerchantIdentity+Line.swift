import GardenFoundation
import GardenCatalog

extension MerchantIdentity {
    /// The bank-statement line an identity was stated from (``Proposal/identity`` of a line rule: the bank-line
    /// resolver's), so that what a correction of the row teaches (``CorrectionScope``) reads what the deciding evidence
    /// said instead of matching the line again.
    public struct StatedLine: Sendable, Hashable {
        /// Whose line it is.
        public enum Owner: Sendable, Hashable {
            /// The account's bank's own business (its card bill, a fee, interest, a cash or fee line under a generic
            /// payee: `line:cash.withdrawal@atm@<bank>`): `line:…@<bank>`, or the payee the line names, which then took
            /// the identity (`Pagamento Fatura de Gás - COMPANHIA ULTRAGAZ`).
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

extension MerchantIdentity {
    /// The same identity with the account's bank in its key (``perAccount``): a bank line's bank, after the payee it
    /// names if any (`line:cash.withdrawal@atm@br_itau`); unchanged when the row names no account. Computed only when
    /// the pipeline needs the row's identity (``of(_:stated:brand:person:)``), not for every row a line rule matches.
    public func scopedToAccount(_ context: ResolutionContext) -> MerchantIdentity {
        guard perAccount, case .bankLine(let category, let bank, let wording) = basis else { return self }
        var copy = self
        copy.perAccount = false
        guard let scope = Self.accountBank(context) else { return copy }
        copy.basis = .bankLine(category: category, bank: bank.map { $0 + "@" + scope } ?? scope, wording: wording)
        return copy
    }

    /// Whose line of its own a row of the account is (issue 37: bank lines learned by kind, per bank): the account's bank
    /// (its catalog bank brand id, `br_itau` for "Conta Itaú"), else the account itself, `account:` and 8 letters a–p (the
    /// hex digits) of the FNV-1a of its letters and digits (an account named "checking" at one bank and "Visa" at another
    /// are two banks; the hash shows nothing of an account number, and letters are never masked as one where garden
    /// prints a key, ``GardenFoundation/PersonalNumberScanner``); nil when the row names no account. Never a sequence
    /// number nor a date: the same key every month.
    public static func accountBank(_ context: ResolutionContext) -> String? {
        guard let account = context.transaction.account else { return nil }
        if let bank = context.engine.bankBrand(account: account)?.id { return bank }
        let folded = TextFold.lettersAndDigits(account)
        guard !folded.isEmpty else { return nil }
        var hash = FNV1a()
        hash.combine(folded)
        return "account:" + String(String.UnicodeScalarView(hash.hex.prefix(8).unicodeScalars.map { scalar in
            let value = scalar.value >= 0x61 ? scalar.value - 0x61 + 10 : scalar.value - 0x30
            return Unicode.Scalar(0x61 + value)!
        }))
    }
}
