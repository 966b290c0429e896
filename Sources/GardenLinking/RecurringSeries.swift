/// A recurring series (§9 contas a pagar): one counterparty paid at a steady period with a steady amount.
/// Amounts are positive minor units.
public struct RecurringSeries: Sendable, Equatable, Codable {
    /// The period between payments.
    public enum Period: String, Sendable, Codable {
        case weekly, monthly, yearly

        /// Days between two occurrences that still count as this period.
        var days: ClosedRange<Int> {
            switch self {
            case .weekly: return 6...8
            case .monthly: return 26...35
            case .yearly: return 350...380
            }
        }

        /// The next date after `day` (a ``CivilDay`` number).
        func next(after day: Int) -> Int {
            switch self {
            case .weekly: return day + 7
            case .monthly: return CivilDay.adding(months: 1, to: day)
            case .yearly: return CivilDay.adding(months: 12, to: day)
            }
        }
    }

    public var period: Period
    /// The median amount of the occurrences.
    public var typicalAmount: Int64
    /// The latest occurrence's amount.
    public var lastAmount: Int64
    /// The next expected date, `YYYY-MM-DD`.
    public var nextExpected: String
    public var currency: String
    public var counterparty: String
    /// Set when the latest amount differs from the previous occurrence by more than 5 %: the change in
    /// basis points (820 = +8.2 %) and the sentence shown ("Aluguel went up 8 %: R$ 2.300,00 → R$ 2.484,00").
    public var changeBasisPoints: Int?
    public var change: String?
}
