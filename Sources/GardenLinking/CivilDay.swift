import GardenFoundation

/// Calendar arithmetic on `YYYY-MM-DD` dates as day numbers (days since 1970-01-01, proleptic
/// Gregorian; H. Hinnant's `days_from_civil` algorithm), for the windows links are found in.
public enum CivilDay {
    /// The day number of `YYYY-MM-DD`, nil when the text is not such a date.
    public static func number(_ date: String) -> Int? {
        var text = date
        return text.withUTF8 { b -> Int? in
            guard b.count >= 10, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-") else { return nil }
            func digits(_ range: Range<Int>) -> Int? {
                var value = 0
                for i in range {
                    guard b[i] >= 48, b[i] <= 57 else { return nil }
                    value = value * 10 + Int(b[i] - 48)
                }
                return value
            }
            guard let y = digits(0..<4), let m = digits(5..<7), let d = digits(8..<10), (1...12).contains(m), (1...31).contains(d) else { return nil }
            return number(year: y, month: m, day: d)
        }
    }

    /// The day number of a year, month (1–12) and day.
    public static func number(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The `YYYY-MM-DD` text of a day number.
    public static func text(_ number: Int) -> String {
        let (y, m, d) = civil(number)
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return padded(y, 4) + "-" + padded(m, 2) + "-" + padded(d, 2)
    }

    /// Year, month and day of a day number.
    public static func civil(_ number: Int) -> (year: Int, month: Int, day: Int) {
        let z = number + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The same day of the month `months` months later (earlier when negative), clamped to the month's
    /// last day (Jan 31 + 1 month = Feb 28).
    public static func adding(months: Int, to number: Int) -> Int {
        let (y, m, d) = civil(number)
        let index = y * 12 + (m - 1) + months
        let year = index >= 0 ? index / 12 : (index - 11) / 12
        let month = index - year * 12 + 1
        return Self.number(year: year, month: month, day: min(d, CalendarDate.daysInMonth(year, month)))
    }

    /// `YYYY-MM` of a day number.
    public static func month(_ number: Int) -> String { String(text(number).prefix(7)) }
}
