/// The category ids garden's own decisions name (the rest come from data files only). Each must be in
/// `Rules/taxonomy.tsv`: ``Taxonomy`` checks ``required`` when it loads, so a renamed category is a
/// data error at start-up (`Rules/taxonomy.tsv:1: the taxonomy must define …`), never a silent miss.
public enum CategoryID {
    /// Every row without a proposal.
    public static let uncategorized = "uncategorized"
    /// Money in that nothing explains (``FlowPolicy``), or from a company.
    public static let unexplainedIncome = "income.other"
    /// A salary line (a transfer line naming it is no person).
    public static let salary = "income.salary"
    /// A payment to a public body.
    public static let government = "taxes.government"
    /// A transfer to a person.
    public static let transferToPerson = "transfer.person"
    /// A transfer between the holder's own accounts.
    public static let transferToSelf = "transfer.own"
    /// Paying a card bill.
    public static let cardPayment = "transfer.card_payment"
    /// A transfer whose other side the line does not say (an issued credit transfer that prints no payee).
    public static let transferOther = "transfer.other"
    /// An online marketplace (Amazon, Mercado Livre, Shopee) whatever was bought there.
    public static let marketplace = "shopping.marketplace"
    /// The categories of a financial institution acting as itself (merchant kind `bank`): its fees and interest
    /// (the `fees` group), a card bill, a loan repayment, an investment application or redemption, interest earned
    /// and rewards. Source: ISO 20022 Bank Transaction Codes (domains LDAS loans and deposits, SECU securities;
    /// sub-families BKFE fees, INTR interest, CHRG charges) and FEBRABAN CNAB 240's statement categories
    /// (102 encargos, 105 tarifas, 106 aplicação, 107 empréstimo, 206 resgate, 211 dividendos).
    public static let financialInstitutionOwn = ["fees", cardPayment, "transfer.loan_payment", "transfer.investment",
                                                 "income.interest", "income.cashback"]
    /// The groups whose rows are transfers, cash moves and income (``FlowPolicy/flow(of:)``).
    public static let transferGroup = "transfer"
    public static let cashGroup = "cash"
    public static let incomeGroup = "income"
    /// Sales and services the holder was paid for, an acquirer's or a collecting bank's settlement among them
    /// (``MerchantChoice``'s kind: the collector is a chain).
    public static let sales = "income.sales"
    /// Insurance, sold by insurers (``MerchantChoice``'s kind: a chain).
    public static let insuranceGroup = "insurance"
    /// Subscriptions (software, streaming), sold online (``MerchantChoice``'s kind).
    public static let subscriptionsGroup = "subscriptions"

    /// The ids a taxonomy must define.
    public static let required = [uncategorized, unexplainedIncome, salary, government, transferToPerson, transferToSelf, cardPayment,
                                  transferOther, marketplace, transferGroup, cashGroup, incomeGroup] + financialInstitutionOwn
}
