import GardenFoundation
import GardenCatalog
import GardenLinking
import GardenStore
import GardenLedger

/// Everything the month's page shows (``ReportPage``), gathered by `garden report` from the same
/// reports `garden budgets` prints (``BudgetPlan``, ``BudgetReport``) and the links `garden links`
/// prints, so every number on the page is one of theirs.
public struct MonthPage: Sendable {
    /// An installment plan still being paid: its merchant and the plan as linking found it.
    public struct Plan: Sendable, Equatable {
        public var name: String
        public var plan: InstallmentPlan
        /// The date the next parcel is due (the purchase date plus one month per parcel paid).
        public var nextDue: String

        public init(name: String, plan: InstallmentPlan, nextDue: String) {
            self.name = name
            self.plan = plan
            self.nextDue = nextDue
        }
    }

    /// A recurring series and its occurrences (date and positive minor units), oldest first.
    public struct Series: Sendable, Equatable {
        public var series: RecurringSeries
        /// `out` or `in`.
        public var direction: String
        public var occurrences: [Occurrence]

        public struct Occurrence: Sendable, Equatable {
            public var date: String
            public var amount: Int64

            public init(date: String, amount: Int64) {
                self.date = date
                self.amount = amount
            }
        }

        public init(series: RecurringSeries, direction: String, occurrences: [Occurrence]) {
            self.series = series
            self.direction = direction
            self.occurrences = occurrences
        }
    }

    public var language: Language
    /// The month: its budgets, limits, totals, commitments and sobra.
    public var plan: BudgetPlan
    /// The cycles charted, oldest first, the month last.
    public var months: [BudgetReport]
    /// The three cycles before the month, oldest first: what "normal" is measured on.
    public var baseline: [BudgetReport]
    public var taxonomy: Taxonomy
    /// Installment plans with parcels left.
    public var plans: [Plan]
    /// Recurring series not lapsed.
    public var series: [Series]
    /// The month's review groups, largest first; nil leaves the section out.
    public var review: ReviewQueue?
    /// The store path given to `garden report` (`--db`), written into the teach commands.
    public var database: String?
    /// How many merchants "Who was paid" lists.
    public var merchantLimit = 12
    /// How many review groups "To review" lists.
    public var reviewLimit = 10
    /// The day the page was made (`YYYY-MM-DD`).
    public var today: String
    /// The garden version that made it.
    public var version: String

    public init(language: Language, plan: BudgetPlan, months: [BudgetReport], baseline: [BudgetReport], taxonomy: Taxonomy, plans: [Plan],
                series: [Series], review: ReviewQueue?, database: String?, today: String, version: String) {
        self.language = language
        self.plan = plan
        self.months = months
        self.baseline = baseline
        self.taxonomy = taxonomy
        self.plans = plans
        self.series = series
        self.review = review
        self.database = database
        self.today = today
        self.version = version
    }

    /// The currency most of the month's spending is in: the one charts and insights are drawn in.
    public var currency: String {
        let report = plan.report
        let spent = Dictionary(report.lines.map { ($0.currency, $0.netCost) }, uniquingKeysWith: { Money.saturating($0, $1) })
        return spent.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? report.income.first?.currency ?? "BRL"
    }

    /// Whether a cycle's report shows the ledger had rows in it (spending, income or transfers).
    static func hasData(_ report: BudgetReport) -> Bool {
        !report.lines.isEmpty || !report.income.isEmpty || !report.transfers.isEmpty
    }
}
