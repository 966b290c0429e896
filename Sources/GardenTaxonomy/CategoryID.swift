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
    /// An online marketplace (Amazon, Mercado Livre, Shopee) whatever was bought there.
    public static let marketplace = "shopping.marketplace"
    /// The groups whose rows are transfers, cash moves and income (``FlowPolicy/flow(of:)``).
    public static let transferGroup = "transfer"
    public static let cashGroup = "cash"
    public static let incomeGroup = "income"

    /// The ids a taxonomy must define.
    public static let required = [uncategorized, unexplainedIncome, salary, government, transferToPerson, transferToSelf, cardPayment,
                                  marketplace, transferGroup, cashGroup, incomeGroup]
}
