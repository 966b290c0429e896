import GardenFoundation

/// A sum of amounts that does not fit Int64 minor units (over 92 quadrillion cents): reported, never
/// wrapped around. `what` names the sum ("the budget mercado in 2026-10").
public struct MoneyOverflow: Error, Sendable, Equatable, CustomStringConvertible {
    public var what: String

    public init(_ what: String) { self.what = what }

    public var description: String { "the amounts of \(what) add up past what minor units can hold" }

    /// `a + b`, or the error naming `what`.
    public static func sum(_ a: Int64, _ b: Int64, _ what: @autoclosure () -> String) throws(MoneyOverflow) -> Int64 {
        guard let value = Money.adding(a, b) else { throw MoneyOverflow(what()) }
        return value
    }

    /// `a − b`, or the error naming `what`.
    public static func difference(_ a: Int64, _ b: Int64, _ what: @autoclosure () -> String) throws(MoneyOverflow) -> Int64 {
        guard let negated = Money.multiplying(b, -1), let value = Money.adding(a, negated) else { throw MoneyOverflow(what()) }
        return value
    }

    /// `-a`, or the error naming `what` (Int64.min has no negation).
    public static func negated(_ a: Int64, _ what: @autoclosure () -> String) throws(MoneyOverflow) -> Int64 {
        try difference(0, a, what())
    }
}

extension MoneyOverflow: GardenFailure {
    /// Sums past Int64 come from rows no bank prints: bad input, 65.
    public var exitCode: Int32 { Exit.dataError }
}
