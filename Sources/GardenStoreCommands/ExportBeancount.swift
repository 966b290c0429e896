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

    /// The account's spelling in beancount's alphabet (beancount's `ACC_COMP_NAME_RE`: a component is an
    /// uppercase letter or a digit, then letters of any script, digits and dashes): each component in NFC,
    /// letters and digits kept (`Itaú`, `Сбербанк`), every run of other characters one dash, no dash at either
    /// end; the first letter uppercased, or `X-` before it when it has no uppercase (`X-中国银行`); `Unknown`
    /// for a component left empty. Keys whose spellings meet are kept apart by ``ExportAccounts/names(_:spell:)``.
    static func account(_ parts: [String]) -> String {
        parts.map { part -> String in
            var name = ""
            for scalar in part.precomposedStringWithCanonicalMapping.unicodeScalars {
                if isLetterOrDigit(scalar) {
                    name.unicodeScalars.append(scalar)
                } else if !name.isEmpty, name.unicodeScalars.last != "-" {
                    name.unicodeScalars.append("-")
                }
            }
            while name.unicodeScalars.last == "-" { name.unicodeScalars.removeLast() }
            guard let first = name.first else { return "Unknown" }
            let upper = String(first).uppercased()
            if let head = upper.unicodeScalars.first, isUppercaseOrDigit(head), upper.unicodeScalars.allSatisfy(isLetterOrDigit) {
                return upper + name.dropFirst()
            }
            return "X-" + name
        }.joined(separator: ":")
    }

    /// A letter of any script or a decimal digit (what a component holds besides dashes).
    static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber: true
        default: false
        }
    }

    /// What may begin a component: an uppercase letter or a decimal digit.
    static func isUppercaseOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .uppercaseLetter || scalar.properties.generalCategory == .decimalNumber
    }

    /// The transaction of one row (nil without a date or amount), posting to the accounts `names` gives; the
    /// payee and narration masked field by field (``ScrubbingOutput/mask(_:)``), never the amounts or accounts.
    static func transaction(_ entry: LedgerEntry, names: [[String]: String]) -> String? {
        guard let date = entry.date, let amount = entry.input.amount, amount.magnitude <= Money.largestMagnitude.magnitude,
              let text = entry.input.decimalAmount else { return nil }
        let r = entry.resolution
        let payee = ScrubbingOutput.mask(r.merchant ?? entry.input.description), narration = ScrubbingOutput.mask(entry.input.description)
        var out = "\(date) \(r.review ? "!" : "*") \(quoted(payee)) \(quoted(narration))\n"
        out += "  row_id: \(quoted(entry.rowID))\n  review: \(r.review ? "TRUE" : "FALSE")\n"
        let negated = LedgerInput(amount: -amount, currency: entry.input.currency, minorDigits: entry.input.minorDigits)
        out += "  \(names[ExportAccounts.category(entry)] ?? account(ExportAccounts.category(entry)))  \(negated.decimalAmount ?? "0") \(entry.input.currency)\n"
        out += "  \(names[ExportAccounts.asset(entry)] ?? account(ExportAccounts.asset(entry)))  \(text) \(entry.input.currency)\n"
        return out + "\n"
    }

    /// A beancount string: quotes and backslashes escaped, on one line.
    static func quoted(_ text: String) -> String {
        "\"" + text.split(whereSeparator: { $0.isNewline }).joined(separator: " ").replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
