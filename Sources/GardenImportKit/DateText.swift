import Foundation
import GardenFoundation

/// Reads the dates bank files print as the local calendar date `YYYY-MM-DD`, never shifting zones.
///
/// OFX: the first 8 digits of `DTPOSTED` (`20261006000000[-3:BRT]` is 2026-10-06: the suffix names the
/// bank's own zone). CSV: `YYYY-MM-DD` (or an ISO date-time), `YYYYMMDD…` (OFX-style), and day/month
/// orders with `/`, `-` or `.` and 2- or 4-digit years (two-digit ones by the POSIX pivot,
/// ``century(ofTwoDigitYear:)``), in the order the file uses (``Order``).
public enum DateText {
    /// The order of day and month in a file's `nn/nn/yyyy` dates.
    public enum Order: String, Sendable { case dayMonth = "dmy", monthDay = "mdy" }

    /// An OFX date-time's calendar date, or nil when its first 8 characters are not a valid date.
    public static func ofx(_ text: String) -> String? {
        let digits = Array(text.utf8.prefix(8))
        guard digits.count == 8, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        let value = digits.map { Int($0 - 48) }
        let year = value[0...3].reduce(0) { $0 * 10 + $1 }
        return valid(year, value[4] * 10 + value[5], value[6] * 10 + value[7])
    }

    /// A CSV date in `order` (used only for `nn/nn/yyyy` shapes), or nil.
    public static func csv(_ text: String, order: Order) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.utf8.count >= 10, let iso = CalendarDate.localDate(String(trimmed.prefix(10))) {
            return iso                                            // YYYY-MM-DD, or the date of an ISO date-time
        }
        let digits = trimmed.utf8.prefix(while: { $0 >= 48 && $0 <= 57 }).count
        if digits == 8 || digits == 14 { return ofx(trimmed) }   // YYYYMMDD[HHMMSS[.XXX][zone]]
        guard let (a, b, year) = parts(trimmed) else { return nil }
        return order == .dayMonth ? valid(year, b, a) : valid(year, a, b)
    }

    /// The order a column's dates must be in: day-month when a first part exceeds 12, month-day when a
    /// second part does, nil when every date reads both ways (the dialect's default then applies).
    public static func order<S: Sequence<String>>(of values: S) -> Order? {
        for value in values {
            guard let (a, b, _) = parts(value.trimmingCharacters(in: .whitespaces)) else { continue }
            if a > 12 && b <= 12 { return .dayMonth }
            if b > 12 && a <= 12 { return .monthDay }
        }
        return nil
    }

    /// `nn/nn/yy(yy)` with `/`, `-` or `.`; a 2-digit year by ``century(ofTwoDigitYear:)``. A time after a
    /// space is ignored.
    static func parts(_ text: String) -> (Int, Int, Int)? {
        guard let (a, b, y, digits) = pieces(text) else { return nil }
        return (a, b, digits == 2 ? century(ofTwoDigitYear: y) : y)
    }

    /// The two-digit year a CSV date is written with (`31/12/99`: 99), or nil for a four-digit year or
    /// another shape; `garden import` says once per file how such years were read.
    public static func twoDigitYear(_ text: String) -> Int? {
        guard let (_, _, y, digits) = pieces(text.trimmingCharacters(in: .whitespaces)), digits == 2 else { return nil }
        return y
    }

    /// The full year of a two-digit one, by the POSIX rule (`strptime` `%y`, XSI): 69–99 are 1969–1999,
    /// 00–68 are 2000–2068. A fixed pivot rather than one moving with the clock, so a file reads the same
    /// every year.
    public static func century(ofTwoDigitYear y: Int) -> Int { y >= 69 ? 1900 + y : 2000 + y }

    /// The pivot rule as ``century(ofTwoDigitYear:)`` applies it, for messages.
    public static let twoDigitYearRule = "two-digit years by the POSIX rule: 69–99 are 1969–1999, 00–68 are 2000–2068"

    private static func pieces(_ text: String) -> (Int, Int, Int, Int)? {
        let datePart = text.split(separator: " ", maxSplits: 1).first.map(String.init) ?? text
        let pieces = datePart.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "/" || $0 == "-" || $0 == "." })
        guard pieces.count == 3, pieces[0].count <= 2, pieces[1].count <= 2, pieces[2].count == 4 || pieces[2].count == 2,
              let a = Int(pieces[0]), let b = Int(pieces[1]), let y = Int(pieces[2]) else { return nil }
        return (a, b, y, pieces[2].count)
    }

    static func valid(_ year: Int, _ month: Int, _ day: Int) -> String? {
        guard year >= 1900, year <= 2200, (1...12).contains(month), day >= 1, day <= CalendarDate.daysInMonth(year, month) else { return nil }
        let m = month < 10 ? "0\(month)" : "\(month)", d = day < 10 ? "0\(day)" : "\(day)"
        return "\(year)-\(m)-\(d)"
    }
}
