import Foundation
import GardenFoundation
import GardenCatalog

/// An amount a person typed on the command line — `budgets set --limit`, `rows --amount`/`export --amount` bounds,
/// `row correct --amount` — read by one reader in the run's convention (issue 36, newuser36 item 7): under Portuguese
/// `1.200`, `1.200,00` and `R$ 1.200` are one thousand two hundred; under English `1,200.00` and `1200` are. The text is
/// read by ``Money/parseTyped(_:currency:runConvention:)`` (digit grouping as the currency writes it, and a text the
/// currency's convention reads otherwise than the run's is ambiguous and refused, never read one way silently), after
/// a currency sign (`R$`, `$`) and spaces are dropped. Never rounded: more decimals than the currency has is refused.
package enum TypedAmount {
    /// Why a typed text is no amount, said in the run's language; the caller throws it with its exit code.
    package struct Refusal: Error {
        package var message: String
    }

    /// The grouping and decimal marks the run writes numbers with: Portuguese `1.234,56`, English `1,234.56`.
    package static func convention(_ language: Language) -> (decimal: Character, group: Character) {
        language == .portuguese ? (",", ".") : (".", ",")
    }

    /// The currency whose convention is the run's, for an amount that has none of its own (`rows --amount`, whose
    /// bounds hold for rows of every currency): BRL under Portuguese, USD under English (both of two minor digits).
    package static func runCurrency(_ language: Language) -> CurrencyCode {
        CurrencyCode(language == .portuguese ? "BRL" : "USD")!
    }

    /// `text`, typed for `option`, as an amount in `currency` read in `language`'s convention.
    /// - Throws: ``Refusal`` naming the option and the text: not an amount (a letter, `abc`, `1.200,0O`), a grouping that
    ///   reads two ways or is malformed (`1,200` in BRL under English), beyond ``Money/largest(in:)``, or more decimals
    ///   than the currency has.
    package static func parse(_ text: String, option: String, currency: CurrencyCode, language: Language) throws(Refusal) -> Money {
        let w = Phrasebook(language)
        var cleaned = text.replacingOccurrences(of: "R$", with: "").replacingOccurrences(of: "US$", with: "").replacingOccurrences(of: "$", with: "")
        cleaned = cleaned.trimmingCharacters(in: .whitespaces)
        let example = w("1,234.56 or 1234", "1.234,56 ou 1234")
        let parsed: Money.Parsed
        do throws(Money.ParseError) {
            parsed = try Money.parseTyped(cleaned, currency: currency, runConvention: convention(language))
        } catch .outOfRange {
            throw Refusal(message: w("\(option) \"\(text)\" is out of range: garden reads amounts up to \(Money.largest(in: currency)) \(currency.code)",
                                     "\(option) \"\(text)\" está fora do alcance: garden lê valores até \(Money.largest(in: currency)) \(currency.code)"))
        } catch {
            // Digits and marks only: a grouping that reads two ways or is malformed; anything else is no number at all.
            let numeric = !cleaned.isEmpty && cleaned.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "," || $0 == "-" || $0 == "+") }
            throw Refusal(message: numeric
                ? w("\(option) \"\(text)\" reads two ways or its digit grouping is malformed: write it as \(example)",
                    "\(option) \"\(text)\" se lê de dois jeitos ou tem os grupos de dígitos malformados: escreva como \(example)")
                : w("\(option) \"\(text)\" is not an amount: write it as \(example)",
                    "\(option) \"\(text)\" não é um valor: escreva como \(example)"))
        }
        guard !parsed.rounded else {
            let digits = currency.fractionDigits
            throw Refusal(message: w("\(option) \"\(text)\" has more decimals than \(currency.code)'s \(digits) decimal\(digits == 1 ? "" : "s"): garden never rounds an amount",
                                     "\(option) \"\(text)\" tem mais casas decimais que as \(digits) de \(currency.code): garden nunca arredonda um valor"))
        }
        return parsed.money
    }
}
