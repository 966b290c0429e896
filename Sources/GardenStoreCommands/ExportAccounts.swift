import GardenStore
import GardenCommandKit
import GardenLedger

/// The accounts a recorded row posts to in a journal (hledger, beancount), as name components: the row's
/// account under `assets`, and its category under the root its flow names — `expenses` (spending and its
/// refunds: `food.groceries` → `expenses:food:groceries`), `income` (`income.salary` → `income:salary`) or
/// `equity:transfers` (`transfer.own` → `equity:transfers:own`); a row garden could not categorise goes to
/// `expenses:uncategorized` or, money in, `income:uncategorized`.
enum ExportAccounts {
    /// The holder's account the money moved in or out of (`assets:Nubank`; `assets:unknown` when the row names none).
    static func asset(_ entry: LedgerEntry) -> [String] {
        ["assets", entry.input.account.flatMap { $0.isEmpty ? nil : $0 } ?? "unknown"]
    }

    /// The account of the row's category.
    static func category(_ entry: LedgerEntry) -> [String] {
        let category = entry.resolution.category
        var parts = category.split(separator: ".").map(String.init)
        switch entry.resolution.flow {
        case "income":
            if parts.first == "income" { parts.removeFirst() }
            return ["income"] + (parts.isEmpty ? ["other"] : parts)
        case "transfer":
            if parts.first == "transfer" { parts.removeFirst() }
            return ["equity", "transfers"] + (parts.isEmpty ? ["other"] : parts)
        default:
            if category == "uncategorized", entry.resolution.direction == "in" || (entry.input.amount ?? 0) > 0 { return ["income", "uncategorized"] }
            return ["expenses"] + parts
        }
    }
}
