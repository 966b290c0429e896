/// Runs the matchers in their order — the order is the precedence: a transfer side is never a purchase
/// or a credit; an IOF line is claimed before refunds look at credits; a credit refunding a merchant is
/// not a person's racha. Pure: rows in, links out; the store persists them (`garden link`).
public struct Linker: Sendable {
    public init() {}

    /// The links over `pool` that touch at least one examined row, in matcher order.
    public func links(_ pool: LinkPool) -> [Link] {
        var state = LinkState(kept: pool.kept)
        var links: [Link] = []
        links += TransferPairMatcher().links(pool, &state)
        links += InstallmentPlanMatcher().links(pool, &state)
        links += IOFFeeMatcher().links(pool, &state)
        links += RefundMatcher().links(pool, &state)
        links += ReimbursementMatcher().links(pool, &state)
        links += RecurringSeriesMatcher().links(pool, &state)
        return links
    }
}
