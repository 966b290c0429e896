import Foundation

/// Where the store reads the time it writes into journal entries, rules, ledger rows and the registry's
/// import log: the system clock in garden, a fixed instant in tests (golden output must not depend on
/// the clock). Timestamps are ISO 8601 in UTC to the second (`2026-09-15T12:00:00Z`).
public struct WallClock: Sendable {
    /// The current instant.
    public let now: @Sendable () -> Date

    public init(_ now: @escaping @Sendable () -> Date) { self.now = now }

    /// The machine's clock.
    public static let system = WallClock { Date() }

    /// A clock stopped at `instant`.
    public static func fixed(_ instant: Date) -> WallClock { WallClock { instant } }

    /// The current time as stored and shown: ISO 8601, UTC, whole seconds.
    public func timestamp() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: now())
    }
}
