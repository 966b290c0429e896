import GardenFoundation

extension BudgetReport {
    /// The sums a ``BudgetReport`` is built from, per budget, category and merchant (each keyed with its
    /// currency) and per currency of income, with the rows left out because a sum would not fit.
    struct Totals {
        var budgets: [String: Line] = [:]
        var categories: [String: CategoryLine] = [:]
        var merchants: [String: MerchantLine] = [:]
        var income: [String: Income] = [:]
        var transfers: [String: TransferLine] = [:]
        var overflowed: [String] = []
        /// Net cost per budget line and merchant (a merchant's share of a budget).
        var shares: [String: [String: (name: String, cost: Int64)]] = [:]

        /// What a row costs: minus its amount plus what its links add; nil when that does not fit.
        static func cost(_ amount: Int64, _ adjustment: Int64 = 0) -> Int64? {
            Money.adding(amount, adjustment).flatMap { Money.multiplying($0, -1) }
        }

        /// Adds a row's cost to its budget, category and merchant, or to none of them when a sum would not fit.
        mutating func add(_ row: LinkFacts, _ cost: Int64?) {
            let budgetKey = (row.budget ?? "-") + "|" + row.currency
            let categoryKey = row.category + "|" + row.currency
            let party = row.party ?? row.partyName.map { "name:" + $0 } ?? "-"
            let merchantKey = party + "|" + row.currency
            var line = budgets[budgetKey] ?? Line(budget: row.budget, name: row.budgetName ?? "Fora do planejamento", currency: row.currency, netCost: 0, rows: 0)
            var category = categories[categoryKey] ?? CategoryLine(category: row.category, currency: row.currency, netCost: 0, rows: 0)
            var merchant = merchants[merchantKey]
                ?? MerchantLine(key: party, name: row.partyName ?? "-", kind: row.merchantKind, intermediary: nil, currency: row.currency, netCost: 0, rows: 0)
            guard let cost, let budgetSum = Money.adding(line.netCost, cost), let categorySum = Money.adding(category.netCost, cost),
                  let merchantSum = Money.adding(merchant.netCost, cost) else { overflowed.append(row.rowID); return }
            line.netCost = budgetSum
            line.rows += 1
            budgets[budgetKey] = line
            category.netCost = categorySum
            category.rows += 1
            categories[categoryKey] = category
            merchant.netCost = merchantSum
            merchant.rows += 1
            let share = shares[budgetKey]?[party]
            shares[budgetKey, default: [:]][party] = (share?.name ?? merchant.name, Money.saturating(share?.cost ?? 0, cost))
            if merchant.intermediary == nil { merchant.intermediary = row.intermediary }
            merchants[merchantKey] = merchant
        }

        /// Adds a transfer row to the money sent or received of its kind and currency, or lists it when the
        /// sum would not fit.
        mutating func move(_ row: LinkFacts, _ kind: TransferLine.Kind) {
            let key = kind.rawValue + "|" + row.currency
            var line = transfers[key] ?? TransferLine(kind: kind, currency: row.currency, sent: 0, received: 0, rows: 0)
            if row.amount < 0 {
                guard let magnitude = Money.multiplying(row.amount, -1), let sum = Money.adding(line.sent, magnitude) else { overflowed.append(row.rowID); return }
                line.sent = sum
            } else {
                guard let sum = Money.adding(line.received, row.amount) else { overflowed.append(row.rowID); return }
                line.received = sum
            }
            line.rows += 1
            transfers[key] = line
        }

        /// Adds an income row to its currency's income (money out under an income category lowers it), or
        /// lists it when the sum would not fit.
        mutating func receive(_ row: LinkFacts) {
            var received = income[row.currency] ?? Income(currency: row.currency, amount: 0, rows: 0)
            guard let sum = Money.adding(received.amount, row.amount) else { overflowed.append(row.rowID); return }
            received.amount = sum
            received.rows += 1
            income[row.currency] = received
        }

        /// The budget lines, each with its largest merchant, by budget id ("Fora do planejamento" last), then currency.
        func lines() -> [Line] {
            var budgets = budgets
            for (key, parties) in shares {
                let top = parties.max { a, b in a.value.cost != b.value.cost ? a.value.cost < b.value.cost : a.key > b.key }
                budgets[key]?.topMerchant = top?.value.name
                budgets[key]?.topMerchantCost = top?.value.cost ?? 0
                budgets[key]?.merchants = parties.count
            }
            return budgets.values.sorted { ($0.budget ?? "~", $0.currency) < ($1.budget ?? "~", $1.currency) }
        }
    }
}
