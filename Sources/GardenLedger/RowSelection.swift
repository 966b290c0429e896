/// Which recorded rows a command reads, by date: all of them, a month (`--month YYYY-MM`), or the rows
/// dated on or after a day (`--since YYYY-MM-DD`); both together select the month's rows from that day.
/// Shared by `garden review`, `garden export` and `garden budgets`. Rows without a date are selected
/// only when no date bound is given.
public struct RowSelection: Sendable, Equatable {
    /// The first day selected (`YYYY-MM-DD`, inclusive).
    public var from: String?
    /// The first day no longer selected (`YYYY-MM-DD`, exclusive).
    public var before: String?

    public init(from: String? = nil, before: String? = nil) {
        self.from = from
        self.before = before
    }

    /// Every row.
    public static let all = RowSelection()

    /// The rows of `month` (`YYYY-MM`), from `since` when it falls in that month or later; nil when the
    /// texts are not a month with a month 01 to 12 or a date `YYYY-MM-DD`.
    public init?(month: String?, since: String?) {
        var from: String?, before: String?
        if let month {
            guard let (year, number) = Self.month(month) else { return nil }
            from = month + "-01"
            before = number == 12 ? Self.pad(year + 1, 4) + "-01-01" : Self.pad(year, 4) + "-" + Self.pad(number + 1, 2) + "-01"
        }
        if let since {
            guard Self.isDate(since) else { return nil }
            if from.map({ since > $0 }) ?? true { from = since }
        }
        self.init(from: from, before: before)
    }

    /// Whether a row dated `date` is selected.
    public func contains(_ date: String?) -> Bool {
        guard let date else { return from == nil && before == nil }
        if let from, date < from { return false }
        if let before, date >= before { return false }
        return true
    }

    /// `YYYY-MM` as numbers; nil for anything else.
    static func month(_ text: String) -> (Int, Int)? {
        let bytes = Array(text.utf8)
        guard bytes.count == 7, bytes[4] == UInt8(ascii: "-"), bytes.enumerated().allSatisfy({ $0.offset == 4 || ($0.element >= 48 && $0.element <= 57) }),
              let year = Int(text.prefix(4)), let month = Int(text.suffix(2)), (1...12).contains(month) else { return nil }
        return (year, month)
    }

    /// Whether `text` is a calendar date `YYYY-MM-DD` (the day checked against its month).
    static func isDate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[7] == UInt8(ascii: "-"), bytes[8...].allSatisfy({ $0 >= 48 && $0 <= 57 }),
              let (year, month) = self.month(String(text.prefix(7))), let day = Int(text.suffix(2)) else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
