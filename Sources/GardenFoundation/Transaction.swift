/// One bank transaction as garden reads it, whatever shape it arrived in (canonical row, Pluggy
/// Transaction, Open Finance Brasil account or credit-card transaction).
///
/// Everything is optional but a text to resolve: a descriptor or a counterparty.
public struct Transaction: Sendable {
    /// Which input shape a line was read as (detected per line).
    public enum Format: String, Sendable {
        case canonical
        case pluggy
        case openFinanceAccount = "open_finance_account"
        case openFinanceCard = "open_finance_card"
    }

    public var format: Format = .canonical
    /// The row's `id` as written: a JSON string's text or a number's literal.
    public var id: String?
    /// The local calendar date, `YYYY-MM-DD`.
    public var date: String?
    /// The descriptor as printed by the bank (the input's `description` field).
    public var descriptorText: String = ""
    /// A second text (OFX MEMO, Pluggy `descriptionRaw`), when it differs from the descriptor.
    public var memo: String?
    /// The exact amount, signed (negative = money out) when the input gives a sign.
    public var amount: Money?
    /// Digits beyond the currency's minor units were rounded away (half to even).
    public var amountRounded = false
    public var currency: CurrencyCode = .brl
    /// The holder's account or bank ("Nubank").
    public var account: String?
    /// The account's identity (``AccountKey``), when the line states one (`account_key`); nil: ``account`` is it.
    public var accountKey: String?
    /// The name the user gave the account for this line (`account_label`, `import --account`): a later name renames it.
    public var accountLabel: String?
    /// The account's kind as the file states it (`account_type`).
    public var accountType: AccountType?
    /// Merchant category code (ISO 18245), 0...9999.
    public var mcc: Int?
    /// The counterparty's CNPJ or CPF as given (any punctuation).
    public var counterpartyDocument: String?
    /// The counterparty's name as given.
    public var counterpartyName: String?
    /// CNAE activity code, digits only ("4789004").
    public var cnae: String?
    public var paymentMethod: PaymentMethod?
    /// Boleto digitable line or barcode, digits only.
    public var barcode: String?
    /// A provider's category: id ("05070000", "FOOD_AND_DRINK_GROCERIES") and/or name.
    public var providerCategoryID: String?
    public var providerCategoryName: String?
    /// Direction stated by the input (sign of `amount`, `type`, `creditDebitType`); nil when unknown.
    public var direction: Direction?
    /// Installment stated by structured fields (Open Finance `chargeIdentificator`/`chargeNumber`,
    /// Pluggy `creditCardMetadata`).
    public var installment: Installment?
    /// The bank's operation type, upper-case (Open Finance `type` or card `transactionType`, Pluggy
    /// `operationType`), e.g. `PIX`, `TARIFA_SERVICOS_AVULSOS`, `ESTORNO`.
    public var operationType: String?
    /// A provider's merchant enrichment name (Pluggy `merchant.name`), if any.
    public var merchantName: String?
    /// Whether the row has posted, or is pending or scheduled (``PostingStatus``).
    public var status: PostingStatus = .posted
    /// The amount in the currency it was charged in, when `amount` is the account's (a US$ 20.00
    /// subscription on a card kept in reais: `amount` R$ 110,52 from Pluggy's `amountInAccountCurrency`,
    /// `originalAmount` US$ 20.00); canonical `original_amount` and `original_currency`.
    public var originalAmount: Money?

    /// Which occurrence of identical rows without an `id` this is in its input (1 for the first): the
    /// n-th identical row is a different purchase, so it gets a different ``Pipeline/rowID(_:)``.
    public var occurrence = 1
    /// The row's identity when already known (a recorded row re-resolved from the ledger).
    public var knownRowID: String?

    public init() {}

    /// The text used to resolve: the descriptor, else the counterparty's name.
    public var resolvableText: String {
        descriptorText.isEmpty ? (counterpartyName ?? "") : descriptorText
    }
}
