import GardenFoundation
import GardenCatalog
import GardenAnalysis
import GardenEngine
import Foundation
import GardenStore
import GardenCommandKit
import GardenLedger

/// `garden export --format beancount`: a beancount ledger (Beancount Language Syntax). Each row is one
/// transaction with flag `*`, or `!` when garden flags it for review, the merchant as payee and the
/// descriptor as narration, the row id and review flag as metadata, and two postings as in
/// ``ExportJournal``; the accounts are opened on the first row's date. Account names follow beancount's
/// rule (each component a capital letter or digit first, then letters, digits and dashes): `Expenses:Food:Groceries`,
/// `Assets:Itau-cartao`, transfers under `Equity:Transfers`. A row without a date or an amount is left out and
/// named on stderr (as one beyond ``Money/largestMagnitude``).
enum ExportBeancount {
    static func header(accounts: [String], commodities: [String], opened date: String) -> String {
        var out = "; garden export: the ledger as a beancount ledger\n"
        if let first = commodities.first { out += "option \"operating_currency\" \"\(first)\"\n" }
        out += "\n"
        for account in accounts { out += "\(date) open \(account)\n" }
        return out + "\n"
    }

    /// The account's name in beancount's alphabet.
    static func account(_ parts: [String]) -> String {
        parts.map { part -> String in
            let folded = part.folding(options: [.diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
            let name = folded.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber)) }).joined(separator: "-")
            return name.isEmpty ? "Unknown" : name.prefix(1).uppercased() + name.dropFirst()
        }.joined(separator: ":")
    }

    static func transaction(_ entry: LedgerEntry) -> String? {
        guard let date = entry.date, let amount = entry.input.amount, amount.magnitude <= Money.largestMagnitude.magnitude,
              let text = entry.input.decimalAmount else { return nil }
        let r = entry.resolution
        var out = "\(date) \(r.review ? "!" : "*") \(quoted(r.merchant ?? entry.input.description)) \(quoted(entry.input.description))\n"
        out += "  row_id: \(quoted(entry.rowID))\n  review: \(r.review ? "TRUE" : "FALSE")\n"
        let negated = LedgerInput(amount: -amount, currency: entry.input.currency, minorDigits: entry.input.minorDigits)
        out += "  \(account(ExportAccounts.category(entry)))  \(negated.decimalAmount ?? "0") \(entry.input.currency)\n"
        out += "  \(account(ExportAccounts.asset(entry)))  \(text) \(entry.input.currency)\n"
        return out + "\n"
    }

    /// A beancount string: quotes and backslashes escaped, on one line.
    static func quoted(_ text: String) -> String {
        "\"" + text.split(whereSeparator: { $0.isNewline }).joined(separator: " ").replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
