import GardenFoundation

/// A budget month as a pay cycle (design notes §7: "Month = pay cycle. The month starts on payday"): the
/// cycle named `YYYY-MM` runs from that month's start day through the day before the next month's
/// (start day 5: 2026-10-05 … 2026-11-04); a month shorter than the start day starts on its last day.
/// Start day 1 is the calendar month.
public struct PayCycle: Sendable, Equatable, Hashable {
    /// `YYYY-MM`: the month the cycle starts in.
    public let month: String
    /// The day of the month cycles start on (1–31).
    public let startDay: Int
    /// ``CivilDay`` numbers of the first and the last day, inclusive.
    public let first: Int
    public let last: Int

    /// The cycle named `month` (`YYYY-MM`); nil when `month` is not such a month or `startDay` not 1–31.
    public init?(month: String, startDay: Int = 1) {
        guard month.utf8.count == 7, (1...31).contains(startDay), let monthStart = CivilDay.number(month + "-01") else { return nil }
        self.init(monthStart: monthStart, startDay: startDay)
    }

    /// The cycle starting in the month of the day number `monthStart`.
    init(monthStart: Int, startDay: Int) {
        let (y, m, _) = CivilDay.civil(monthStart)
        month = CivilDay.month(monthStart)
        self.startDay = startDay
        first = CivilDay.number(year: y, month: m, day: min(startDay, CalendarDate.daysInMonth(y, m)))
        let next = CivilDay.adding(months: 1, to: CivilDay.number(year: y, month: m, day: 1))
        let (ny, nm, _) = CivilDay.civil(next)
        last = CivilDay.number(year: ny, month: nm, day: min(startDay, CalendarDate.daysInMonth(ny, nm))) - 1
    }

    /// A cycle that contains no day (what a text that names no month selects).
    init(empty month: String) {
        self.month = month
        startDay = 1
        first = 1
        last = 0
    }

    /// The cycle that contains the day number `day`.
    public static func containing(_ day: Int, startDay: Int) -> PayCycle {
        let (y, m, _) = CivilDay.civil(day)
        let this = PayCycle(monthStart: CivilDay.number(year: y, month: m, day: 1), startDay: startDay)
        return day >= this.first ? this : this.adding(-1)
    }

    /// The cycle `count` cycles later (earlier when negative).
    public func adding(_ count: Int) -> PayCycle {
        PayCycle(monthStart: CivilDay.adding(months: count, to: CivilDay.number(month + "-01")!), startDay: startDay)
    }

    /// Days in the cycle.
    public var days: Int { last - first + 1 }

    public func contains(_ day: Int) -> Bool { day >= first && day <= last }

    /// `YYYY-MM-DD` of the first and last day.
    public var firstDate: String { CivilDay.text(first) }
    public var lastDate: String { CivilDay.text(last) }
}
