import GardenFoundation
import GardenCatalog
import GardenAnalysis
import GardenEngine
import GardenStore
import GardenCommandKit
import GardenLedger

/// `garden export --format hledger`: an hledger journal (hledger manual, "Journal"). Each row is one
/// transaction dated the row's date, the payee the merchant and the note the descriptor (`payee | note`),
/// status `*` (cleared) or `!` (pending) when garden flags it for review, the row id and the review flag
/// as tags (`; row_id:nu-1, review:no`); two postings: the category's account (``ExportAccounts``) and
/// the holder's account, with exact amounts in the currency as commodity (`32.93 BRL`). Account and
/// commodity directives come first, so `hledger check` (and its strict checks) pass. A row without a date
/// or an amount (or with one beyond ``Money/largestMagnitude``) cannot be a transaction: it is left out and named on stderr.
enum ExportJournal {
    static func header(accounts: [String], commodities: [(code: String, digits: Int)]) -> String {
        var out = "; garden export: the ledger as an hledger journal\ndecimal-mark .\n\n"
        for (code, digits) in commodities {
            // hledger wants a decimal mark in every commodity directive, even with no decimals (`1000. JPY`).
            out += "commodity 1000." + String(repeating: "0", count: digits) + " \(code)\n"
        }
        out += "\n"
        for account in accounts { out += "account \(account)\n" }
        return out + "\n"
    }

    /// The account's spelling: components joined by `:`, each without a `:` (→ `-`), a `;` (→ `,`), control
    /// characters or two spaces in a row (which end an account name in a posting), runs of dashes as one (so
    /// ``ExportAccounts/names(_:spell:)`` can tell a spelling from a kept-apart one), `unknown` for a
    /// component left empty.
    static func account(_ parts: [String]) -> String {
        parts.map { part -> String in
            let spaced = String(String.UnicodeScalarView(part.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
            var name = spaced.replacingOccurrences(of: ":", with: "-").replacingOccurrences(of: ";", with: ",")
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
            while name.contains("--") { name = name.replacingOccurrences(of: "--", with: "-") }
            return name.isEmpty ? "unknown" : name
        }.joined(separator: ":")
    }

    /// The transaction of one row (nil without a date or amount), posting to the accounts `names` gives
    /// (``ExportAccounts/names(_:spell:)``). The payee and note are masked (``ScrubbingOutput/mask(_:)``)
    /// field by field; the amounts and accounts never are.
    static func transaction(_ entry: LedgerEntry, names: [[String]: String]) -> String? {
        guard let date = entry.date, let amount = entry.input.amount, amount.magnitude <= Money.largestMagnitude.magnitude,
              let text = entry.input.decimalAmount else { return nil }
        let r = entry.resolution
        let payee = clean(ScrubbingOutput.mask(r.merchant ?? entry.input.description)).replacingOccurrences(of: "|", with: "/")
        let note = clean(ScrubbingOutput.mask(entry.input.description))
        var out = "\(date) \(r.review ? "!" : "*") \(payee) | \(note)  ; row_id:\(tagValue(entry.rowID)), review:\(r.review ? "yes" : "no")\n"
        let negated = LedgerInput(amount: -amount, currency: entry.input.currency, minorDigits: entry.input.minorDigits)
        out += "    \(names[ExportAccounts.category(entry)] ?? account(ExportAccounts.category(entry)))  \(negated.decimalAmount ?? "0") \(entry.input.currency)\n"
        out += "    \(names[ExportAccounts.asset(entry)] ?? account(ExportAccounts.asset(entry)))  \(text) \(entry.input.currency)\n"
        return out + "\n"
    }

    /// A text on one line without `;` (which would start a comment).
    static func clean(_ text: String) -> String {
        text.split(whereSeparator: { $0.isNewline }).joined(separator: " ").replacingOccurrences(of: ";", with: ",")
    }

    /// A tag value: up to a comma (which ends it), on one line.
    static func tagValue(_ text: String) -> String {
        clean(text).replacingOccurrences(of: ",", with: "%2C")
    }
}
