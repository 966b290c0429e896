import GardenFoundation

/// Installment plans (§9): parcels of one card purchase (`PARC 03/10`, Pluggy `installmentNumber`/
/// `totalInstallments`, Open Finance `chargeNumber`/`chargeIdentificator`) grouped by account, merchant,
/// purchase date and parcel count, then split into purchases (``split(_:)``): two plans bought the same day at one
/// store are told apart by their parcel amount, and, when that is equal too, by their parcels of the same number
/// (two parcels 2/3 are two plans). The plan knows the parcels paid and remaining, the remaining amount,
/// and the parcels missing between recorded ones (with the month each was due). Applied: a plan changes
/// no amount, only when parcels are counted (`garden budgets --installments at-purchase`).
public struct InstallmentPlanMatcher: Sendable {
    public init() {}

    public func links(_ pool: LinkPool, _ state: inout LinkState) -> [Link] {
        var groups: [String: [LinkFacts]] = [:]
        for row in pool.rows { if let key = row.planKey { groups[key, default: []].append(row) } }
        var found: [Link] = []
        let plans = groups.sorted(by: { $0.key < $1.key }).filter { pool.touchesExamined($0.value.map(\.rowID)) }
            .flatMap { Self.split($0.value, key: $0.key) }
        for (key, parcels) in plans {
            let ordered = parcels.sorted { ($0.installmentNumber ?? 0, $0.rowID) < ($1.installmentNumber ?? 0, $1.rowID) }
            let plan = Self.plan(ordered)
            let recorded = plan.recorded.map(String.init).joined(separator: ", ")
            // What is known (ledger6 item 3): the latest parcel a statement showed, and how many parcels the ledger holds
            // (which), never "paid (recorded: 10)" for one recorded parcel 10, which read as ten parcels recorded.
            var evidence = ["parcel \(plan.paid) of \(plan.count) seen; parcels recorded: \(plan.recorded.count) (\(recorded)), of one purchase on \(plan.purchaseDate) at \(ordered[0].partyName ?? ordered[0].party ?? "one merchant")"
                            + (ordered[0].account.map { " (account \($0))" } ?? " (no account on the rows)") + "; \(plan.remaining) remaining, \(Money.display(plan.remainingAmount, currency: plan.currency))"]
            for missing in plan.missing { evidence.append("parcel \(missing.number)/\(plan.count) missing (expected in \(missing.month))") }
            found.append(Link(kind: .installmentPlan, status: .applied, rows: ordered.map(\.rowID), confidence: Confidence(perMille: 950),
                              evidence: evidence, plan: plan, key: "installment_plan:" + key))
        }
        return found
    }

    /// The purchases among parcels of one account, merchant, purchase date and count, each with its link key.
    /// A parcel after the first belongs to the plan of its amount that has no parcel of its number yet; a first
    /// parcel, to the plan whose parcels it is within the rounding of (a first parcel carries the cents the
    /// division left, fewer than the count: R$ 100,01 + 100 + 100), else the nearest amount; a parcel no plan takes
    /// starts one. One plan keeps the group's key; further ones add their parcel amount and order (`|5000#2`).
    static func split(_ parcels: [LinkFacts], key: String) -> [(key: String, parcels: [LinkFacts])] {
        var plans: [(amount: Int64, numbers: Set<Int>, parcels: [LinkFacts])] = []
        let later = parcels.filter { ($0.installmentNumber ?? 0) != 1 }.sorted { ($0.installmentNumber ?? 0, $0.rowID) < ($1.installmentNumber ?? 0, $1.rowID) }
        for parcel in later {
            let number = parcel.installmentNumber ?? 0
            if let index = plans.firstIndex(where: { $0.amount == parcel.magnitude && !$0.numbers.contains(number) }) {
                plans[index].numbers.insert(number)
                plans[index].parcels.append(parcel)
            } else {
                plans.append((parcel.magnitude, [number], [parcel]))
            }
        }
        let rounding = Int64(max(0, (parcels.first?.installmentTotal ?? 1) - 1))
        for parcel in parcels.filter({ $0.installmentNumber == 1 }).sorted(by: { ($0.magnitude, $0.rowID) < ($1.magnitude, $1.rowID) }) {
            let open = plans.indices.filter { !plans[$0].numbers.contains(1) && (0...rounding).contains(parcel.magnitude - plans[$0].amount) }
            if let index = open.min(by: { (parcel.magnitude - plans[$0].amount, $0) < (parcel.magnitude - plans[$1].amount, $1) }) {
                plans[index].numbers.insert(1)
                plans[index].parcels.append(parcel)
            } else {
                plans.append((parcel.magnitude, [1], [parcel]))
            }
        }
        guard plans.count > 1 else { return [(key, parcels)] }
        var seen: [Int64: Int] = [:]
        return plans.enumerated().map { index, plan in
            seen[plan.amount, default: 0] += 1
            return (index == 0 ? key : key + "|\(plan.amount)#\(seen[plan.amount]!)", plan.parcels)
        }
    }

    /// The plan of parcels sorted by number.
    static func plan(_ parcels: [LinkFacts]) -> InstallmentPlan {
        let first = parcels[0]
        let last = parcels[parcels.count - 1]
        let count = first.installmentTotal ?? parcels.count
        let numbers = Array(Set(parcels.compactMap(\.installmentNumber))).sorted()
        let anchor = CivilDay.number(first.purchaseDate ?? first.date) ?? first.day
        var missing: [InstallmentPlan.Missing] = []
        if let low = numbers.first, let high = numbers.last {
            for number in low...high where !numbers.contains(number) {
                missing.append(.init(number: number, month: CivilDay.month(CivilDay.adding(months: number - 1, to: anchor))))
            }
        }
        let paid = numbers.last ?? 0
        let total = parcels.compactMap(\.planTotal).first ?? Self.total(parcels, count: count, parcelAmount: last.magnitude)
        return InstallmentPlan(purchaseDate: first.purchaseDate ?? first.date, count: count, recorded: numbers, parcelAmount: last.magnitude,
                               totalAmount: total, remaining: max(0, count - paid), remainingAmount: Money.multiplying(last.magnitude, Int64(max(0, count - paid))) ?? Int64.max,
                               missing: missing, currency: first.currency)
    }

    /// A plan's total when the input gives none: each recorded parcel as charged (the first often carries the
    /// rounding cent, R$ 300,01 as 100,01 + 100 + 100), each parcel not recorded at `parcelAmount` (the last
    /// recorded one's). Saturates at `Int64.max` rather than trapping.
    static func total(_ parcels: [LinkFacts], count: Int, parcelAmount: Int64) -> Int64 {
        var charged: [Int: Int64] = [:]
        for parcel in parcels { if let number = parcel.installmentNumber, charged[number] == nil { charged[number] = parcel.magnitude } }
        var total: Int64 = 0
        var overflow = false
        func add(_ value: Int64) {
            let (sum, over) = total.addingReportingOverflow(value)
            (total, overflow) = (sum, overflow || over)
        }
        for number in charged.keys.sorted() { add(charged[number]!) }
        let (rest, over) = parcelAmount.multipliedReportingOverflow(by: Int64(max(0, count - charged.count)))
        if over { return Int64.max }
        add(rest)
        return overflow ? Int64.max : total
    }
}
