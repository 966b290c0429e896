/// What linking needs to know about one recorded row, read once from its input line and resolution
/// (``LinkFactsReader``) and kept beside the ledger so partners are found through indexes.
///
/// Money is exact: `amount` is signed Int64 minor units of `currency` (negative = money out). A class with
/// constant fields: matchers pass rows around by reference, not by copying a dozen strings each time.
public final class LinkFacts: Sendable {
    /// What kind of line the row is, as far as linking cares (from the resolved category and the
    /// bank's operation type).
    public enum Nature: String, Sendable, Codable {
        case purchase, credit, iof, withdrawal, investment, cardBillPayment = "card_bill_payment"
        case cardBillCredit = "card_bill_credit", transfer, income, other
    }

    public let rowID: String
    /// `YYYY-MM-DD`.
    public let date: String
    /// ``CivilDay`` number of `date`.
    public let day: Int
    /// Signed minor units (negative = money out).
    public let amount: Int64
    /// ISO 4217 code.
    public let currency: String
    /// The holder's account the row is on ("Nubank"), when given.
    public let account: String?
    /// `out`, `in` or nil.
    public let direction: String?
    /// The resolved flow: expense, income, transfer or refund.
    public let flow: String
    public let category: String
    /// The resolved budget id, nil for "Fora do planejamento".
    public let budget: String?
    /// The resolved budget's name.
    public let budgetName: String?
    /// Who the row is with, as one key: `brand:<id>`, `cnpj:<root>`, the merchant key (`desc:<words>`) or
    /// `person:<name>`; nil when nothing names the counterparty.
    public let party: String?
    /// The merchant's name as resolved, for reports.
    public let partyName: String?
    /// The counterparty is a person (merchant kind `person`).
    public let isPerson: Bool
    public let nature: Nature
    /// The payment rail (`payment_method`), lower-case.
    public let rail: String?
    /// The Pix end-to-end id (`E` + ISPB + timestamp + 11 characters).
    public let endToEndID: String?
    /// The counterparty is the holder: their document or account (`garden me`).
    public let counterpartyIsMe: Bool
    /// The parcel of an installment purchase.
    public let installmentNumber: Int?
    public let installmentTotal: Int?
    /// The purchase date of an installment plan (`YYYY-MM-DD`): given by the input, else the parcel's date
    /// moved back one month per earlier parcel.
    public let purchaseDate: String?
    /// The plan's total as given (Pluggy `totalAmount`), minor units, positive.
    public let planTotal: Int64?
    /// Bought in a foreign currency or marked international.
    public let foreign: Bool
    /// The resolved merchant kind (`chain`, `local`, `online`, `government`, `person`...), for reports.
    public let merchantKind: String?
    /// The channel or processor that sold it (iFood, Mercado Pago, PayPal), for reports.
    public let intermediary: String?
    /// The bank of the row's own account, as a catalog bank brand id (`br_nubank` for an account named
    /// "Nubank"), when the account's name says it.
    public let bank: String?
    /// The bank the row names as its other side (a transfer "TED ENVIADA ITAU UNIBANCO" names `br_itau`;
    /// Nubank's Pix line names the receiver's bank), when it names one other than its own.
    public let namedBank: String?
    /// The file's own id of the row (`source_id`: OFX `FITID`, a CSV id column), as printed: Nubank prints an IOF
    /// line under the `FITID` of the purchase it taxes (``IOFFeeMatcher``).
    public let sourceID: String?

    /// Absolute amount in minor units.
    public var magnitude: Int64 { amount.magnitude > UInt64(Int64.max) ? Int64.max : Int64(amount.magnitude) }

    /// The key grouping the parcels of one plan: account, merchant, purchase date and parcel count (§9).
    public var planKey: String? {
        guard let total = installmentTotal, total > 1, let purchaseDate else { return nil }
        return (account ?? "-") + "|" + (party ?? "-") + "|" + purchaseDate + "|" + String(total)
    }

    public init(rowID: String, date: String, day: Int? = nil, amount: Int64, currency: String = "BRL", account: String? = nil, direction: String? = nil,
                flow: String = "expense", category: String = "uncategorized", budget: String? = nil, budgetName: String? = nil,
                party: String? = nil, partyName: String? = nil, isPerson: Bool = false, nature: Nature = .purchase, rail: String? = nil,
                endToEndID: String? = nil, counterpartyIsMe: Bool = false, installmentNumber: Int? = nil, installmentTotal: Int? = nil,
                purchaseDate: String? = nil, planTotal: Int64? = nil, foreign: Bool = false, merchantKind: String? = nil,
                intermediary: String? = nil, bank: String? = nil, namedBank: String? = nil, sourceID: String? = nil) {
        self.rowID = rowID
        self.date = date
        let postedDay = day ?? CivilDay.number(date) ?? 0
        self.day = postedDay
        self.amount = amount
        self.currency = currency
        self.account = account
        self.direction = direction ?? (amount < 0 ? "out" : "in")
        self.flow = flow
        self.category = category
        self.budget = budget
        self.budgetName = budgetName
        self.party = party
        self.partyName = partyName
        self.isPerson = isPerson
        self.nature = nature
        self.rail = rail
        self.endToEndID = endToEndID
        self.counterpartyIsMe = counterpartyIsMe
        self.installmentNumber = installmentNumber
        self.installmentTotal = installmentTotal
        self.purchaseDate = purchaseDate ?? installmentNumber.map { CivilDay.text(CivilDay.adding(months: -($0 - 1), to: postedDay)) }
        self.planTotal = planTotal
        self.foreign = foreign
        self.merchantKind = merchantKind ?? (isPerson ? "person" : nil)
        self.intermediary = intermediary
        self.bank = bank
        self.namedBank = namedBank == bank ? nil : namedBank
        self.sourceID = sourceID
    }
}
