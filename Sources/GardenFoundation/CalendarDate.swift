/// Reads the dates rows carry: `YYYY-MM-DD`, or an ISO 8601 date-time whose local date is taken.
///
/// A date-time with an explicit offset (`2026-03-05T19:40:00-03:00`) keeps its own calendar date; one in
/// UTC (`...Z`, as Pluggy and Open Finance send them) is shifted by `utcOffsetMinutes` first (default
/// −180, Brasília time, which has had no daylight saving since 2019).
public enum CalendarDate {
    /// Returns the local `YYYY-MM-DD`, or nil when the text is not a valid date.
    public static func localDate(_ text: String, utcOffsetMinutes: Int = -180) -> String? {
        // Read over the text's own bytes (no array a row); a plain `YYYY-MM-DD` is the text itself.
        var copy = text
        return copy.withUTF8 { b in localDate(b, text, utcOffsetMinutes: utcOffsetMinutes) }
    }

    /// The local date of a Pluggy transaction's `date` (hostile10 F4, hostile9 F3). Pluggy documents the field as an
    /// ISO 8601 date-time in UTC, to be converted to Brasília time (GMT−3) for the Brazilian date
    /// (`../shared/data/pluggy_transaction/FIELDS.md`, from docs.pluggy.ai/docs/transactions); but a bank statement gives
    /// most transactions a date and no time of day, and Pluggy writes such a date as that day at midnight UTC
    /// (`2026-10-06T00:00:00.000Z` for a purchase the bank dates 6 October). Converted, every such row would fall a day
    /// early — a row of 1 October in September. So a value at exactly midnight UTC (`T00:00:00Z`, any zero fraction)
    /// is the date as written; one with a time of day is converted like any UTC date-time (``localDate(_:utcOffsetMinutes:)``).
    /// **Limit**: a transaction Pluggy timestamps at exactly 00:00:00.000 UTC (21:00 in Brasília) is read a day late.
    public static func pluggyLocalDate(_ text: String, utcOffsetMinutes: Int = -180) -> String? {
        var copy = text
        let midnight = copy.withUTF8 { b -> Bool in
            guard b.count >= 17, b[10] == UInt8(ascii: "T"), b[b.count - 1] == UInt8(ascii: "Z") || b[b.count - 1] == UInt8(ascii: "z") else { return false }
            // `00:00`, `00:00:00`, `00:00:00.000…`: nothing but zeros between the `T` and the `Z`, in the date-time's shape.
            let time = b[11..<(b.count - 1)]
            guard time.count >= 5, time.allSatisfy({ $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") }) else { return false }
            return true
        }
        guard midnight, let utc = localDate(text, utcOffsetMinutes: 0) else { return localDate(text, utcOffsetMinutes: utcOffsetMinutes) }
        return utc
    }

    private static func localDate(_ b: UnsafeBufferPointer<UInt8>, _ text: String, utcOffsetMinutes: Int) -> String? {
        guard b.count >= 10, let year = digits(b, 0, 4), b[4] == UInt8(ascii: "-"),
              let month = digits(b, 5, 2), b[7] == UInt8(ascii: "-"), let day = digits(b, 8, 2),
              (1...12).contains(month), year >= 1900, year <= 2200,
              day >= 1, day <= daysInMonth(year, month) else { return nil }
        if b.count == 10 { return text }                      // already YYYY-MM-DD
        guard b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: " "), b.count >= 16,
              let hour = digits(b, 11, 2), b[13] == UInt8(ascii: ":"), let minute = digits(b, 14, 2),
              hour < 24, minute < 60 else { return nil }
        var i = 16
        if i < b.count, b[i] == UInt8(ascii: ":") {
            guard let second = digits(b, i + 1, 2), second <= 60 else { return nil }
            i += 3
            if i < b.count, b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: ",") {
                i += 1
                let start = i
                while i < b.count, b[i] >= 48, b[i] <= 57 { i += 1 }
                guard i > start else { return nil }
            }
        }
        if i == b.count { return format(year, month, day) }           // local time, no zone
        if b[i] == UInt8(ascii: "Z") || b[i] == UInt8(ascii: "z") {
            guard i + 1 == b.count else { return nil }
            let total = hour * 60 + minute + utcOffsetMinutes
            let shift = total < 0 ? -1 : (total >= 1440 ? 1 : 0)
            return shifted(year, month, day, by: shift)
        }
        guard b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-"), let oh = digits(b, i + 1, 2), oh <= 18 else { return nil }
        var rest = i + 3
        if rest < b.count, b[rest] == UInt8(ascii: ":") { rest += 1 }
        guard let om = digits(b, rest, 2), om < 60, rest + 2 == b.count else { return nil }
        return format(year, month, day)
    }

    static func digits(_ b: UnsafeBufferPointer<UInt8>, _ at: Int, _ count: Int) -> Int? {
        guard at + count <= b.count else { return nil }
        var value = 0
        for k in at..<(at + count) {
            guard b[k] >= 48, b[k] <= 57 else { return nil }
            value = value * 10 + Int(b[k] - 48)
        }
        return value
    }

    /// Days in a month of the proleptic Gregorian calendar.
    public static func daysInMonth(_ year: Int, _ month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func shifted(_ year: Int, _ month: Int, _ day: Int, by delta: Int) -> String {
        var (y, m, d) = (year, month, day + delta)
        if d < 1 {
            m -= 1
            if m < 1 { m = 12; y -= 1 }
            d = daysInMonth(y, m)
        } else if d > daysInMonth(y, m) {
            d = 1
            m += 1
            if m > 12 { m = 1; y += 1 }
        }
        return format(y, m, d)
    }

    static func format(_ y: Int, _ m: Int, _ d: Int) -> String {
        func pad(_ v: Int, _ n: Int) -> String { let s = String(v); return String(repeating: "0", count: max(0, n - s.count)) + s }
        return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))"
    }
}
