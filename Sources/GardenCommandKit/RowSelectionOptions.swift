import GardenStore
import GardenLedger

extension CommandOption.Group {
    /// Which recorded rows a command reads (``RowSelection``): `garden review`, `garden export`.
    package static let selection = [
        CommandOption("--month", "YYYY-MM", "only the rows of this month"),
        CommandOption("--since", "YYYY-MM-DD", "only the rows dated this day or later"),
    ]
}

extension CommandSupport {
    /// The rows `--month` and `--since` select (every row without them); a month or date that is not one
    /// is a usage error (64) naming the option.
    package static func selection(_ options: CommandLineOptions) throws -> RowSelection {
        let month = options.value("--month"), since = options.value("--since")
        if let month, RowSelection(month: month, since: nil) == nil {
            throw CommandLineOptions.UsageError(description: "--month must be YYYY-MM with the month 01 to 12 (e.g. 2026-10), got \"\(month)\"")
        }
        guard let selection = RowSelection(month: month, since: since) else {
            throw CommandLineOptions.UsageError(description: "--since needs a date YYYY-MM-DD, got \"\(since ?? "")\"")
        }
        return selection
    }

    /// `--limit N` (N ≥ 0; 0: no limit), else `default`.
    package static func limit(_ options: CommandLineOptions, default value: Int) throws -> Int {
        guard let text = options.value("--limit") else { return value }
        guard let limit = Int(text), limit >= 0 else { throw CommandLineOptions.UsageError(description: "--limit needs a whole number from 0 (0: all), got \"\(text)\"") }
        return limit
    }
}
