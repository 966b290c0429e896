import Foundation
import GardenFoundation
import GardenStore
import GardenCommandKit
import GardenLedger

/// The accounts a recorded row posts to in a journal (hledger, beancount), as name components: the row's
/// account under `assets`, and its category under the root its flow names — `expenses` (spending and its
/// refunds: `food.groceries` → `expenses:food:groceries`), `income` (`income.salary` → `income:salary`) or
/// `equity:transfers` (`transfer.own` → `equity:transfers:own`); a row garden could not categorise goes to
/// `expenses:uncategorized` or, money in, `income:uncategorized`.
///
/// The components are the account's key: the row's account exactly as the ledger holds it. A journal spells
/// each key in its own alphabet (``ExportJournal/account(_:)``, ``ExportBeancount/account(_:)``), and
/// ``names(_:spell:)`` keeps two keys apart when their spellings meet (`Itaú` and `Itau` in hledger stay two;
/// `Nubank conta` and `Nubank-conta` in beancount): a journal never merges two accounts.
enum ExportAccounts {
    /// The holder's account the money moved in or out of (`assets:Nubank`). A row that names none has the key
    /// `["assets", ""]`, spelled `assets:unknown` (`Assets:Unknown`): a key of its own, so an account really named
    /// `unknown` is kept apart from it by ``names(_:spell:)`` instead of sharing its postings.
    /// A credit card's account (``AccountType/isLiability``: the type the store holds, `garden accounts type`) is money
    /// owed, posted under `liabilities` (`liabilities:Nubank card CSV`), as hledger's and beancount's account types want.
    static func asset(_ entry: LedgerEntry) -> [String] {
        [entry.input.accountType?.isLiability == true ? "liabilities" : "assets", entry.input.account ?? ""]
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

    /// One name a key, distinct for distinct keys: each key's spelling (`spell`), and where two keys share a
    /// spelling, each of them that spelling with `--` and 8 hex digits of the key's FNV-1a hash (the same in
    /// every export). Spellings never hold `--` themselves (``ExportBeancount/account(_:)`` collapses runs of
    /// dashes; ``ExportJournal/account(_:)`` likewise), so a suffixed name meets no other.
    static func names(_ keys: Set<[String]>, spell: ([String]) -> String) -> [[String]: String] {
        var byName: [String: [[String]]] = [:]
        for key in keys { byName[spell(key), default: []].append(key) }
        var out: [[String]: String] = [:]
        for (name, sharing) in byName {
            for key in sharing { out[key] = sharing.count == 1 ? name : name + "--" + hash(key, digits: 8) }
        }
        // Two hashes alike in 8 digits (about one pair in 4 billion): the whole 16 keep them apart.
        if Set(out.values).count < out.count {
            for (name, sharing) in byName where sharing.count > 1 {
                for key in sharing { out[key] = name + "--" + hash(key, digits: 16) }
            }
        }
        return out
    }

    /// The first `digits` hex digits of the key's FNV-1a hash.
    static func hash(_ key: [String], digits: Int) -> String {
        var fnv = FNV1a()
        for part in key { fnv.combine(part) }
        let hex = String(fnv.value, radix: 16)
        return String((String(repeating: "0", count: 16 - hex.count) + hex).prefix(digits))
    }
}
