import GardenFoundation
import GardenCatalog
import GardenCommandKit
import GardenLedger
import GardenStore

/// Which recorded rows `garden rows` lists and `garden export` writes, beyond the month (`--month`,
/// `--since`): the account, a category with its children, the merchant, a text in the description or memo,
/// an amount range (the amount's magnitude, in the row's currency: `--amount 50..100`), and the flag for
/// review. Every text is compared case-, accent- and punctuation-insensitively (``TextFold``). A row must
/// match every filter given.
package struct RowFilter: Sendable {
    /// The options, for the commands that take them.
    package static let options = [
        CommandOption("--account", "NAME", "rows of this account (as garden accounts lists them)"),
        CommandOption("--category", "ID", "rows of this category or its children (an id or a name: food, Mercado)"),
        CommandOption("--merchant", "TEXT", "rows whose merchant's name holds TEXT"),
        CommandOption("--text", "TEXT", "rows whose description or memo holds TEXT"),
        CommandOption("--amount", "A..B", "rows whose amount, either sign, is from A to B (50..100, 50.., ..100)"),
        CommandOption("--flagged", nil, "rows flagged for review only"),
    ]

    var account: String?
    var category: String?
    var merchant: String?
    var text: String?
    /// The bounds in hundredths of a unit (two fraction digits), inclusive.
    var low: Int64?
    var high: Int64?
    var flagged = false

    /// Whether any filter is set.
    package var isEmpty: Bool { account == nil && category == nil && merchant == nil && text == nil && low == nil && high == nil && !flagged }

    /// The filters given in `options`; `catalog` reads a category's name as its id. A category nobody has, or
    /// an amount range that is not one, is an error naming the option. `store` finds the account `--account` names as
    /// the user types it (``Store/accountName(typed:)``: the full number of an account kept masked); `language` names
    /// the categories a mistyped one suggests.
    package init(_ options: CommandLineOptions, store: Store? = nil, language: Language = .english, catalog: () throws -> Catalog) throws {
        account = try options.value("--account").map { typed in TextFold.fold(try store?.accountName(typed: typed) ?? typed) }
        category = try options.value("--category").map { try CommandSupport.category($0, try catalog(), language) }
        merchant = options.value("--merchant").map(TextFold.fold)
        text = options.value("--text").map(TextFold.fold)
        flagged = options.flag("--flagged")
        if let range = options.value("--amount") {
            let parts = range.components(separatedBy: "..")
            guard parts.count == 2 else { throw CommandLineOptions.UsageError(description: "--amount needs A..B (50..100, 50.., ..100), got \"\(range)\"") }
            low = try parts[0].isEmpty ? nil : Self.hundredths(parts[0], language)
            high = try parts[1].isEmpty ? nil : Self.hundredths(parts[1], language)
            if low == nil && high == nil { throw CommandLineOptions.UsageError(description: "--amount needs a bound, got \"\(range)\"") }
        }
    }

    /// A bound as hundredths, exactly, read by the one reader of typed amounts (``TypedAmount``) in the run's convention:
    /// under Portuguese `1.000,00` and `1.000` are one thousand, under English `1,000.00` (newuser36 item 7: they were
    /// refused, while `row correct --amount` took `1.234,56`); more than two decimals, a negative bound or a text that is
    /// no amount is a usage error naming the option, in the run's language.
    static func hundredths(_ text: String, _ language: Language = .english) throws -> Int64 {
        let money: Money
        do throws(TypedAmount.Refusal) {
            money = try TypedAmount.parse(text, option: "--amount", currency: TypedAmount.runCurrency(language), language: language)
        } catch {
            throw CommandLineOptions.UsageError(description: error.message)
        }
        guard money.minorUnits >= 0 else {
            throw CommandLineOptions.UsageError(description: Phrasebook(language)("--amount bounds are magnitudes (50..100 holds for either sign), got \"\(text)\"",
                                                                                  "os limites de --amount são magnitudes (50..100 vale para os dois sinais), veio \"\(text)\""))
        }
        return money.minorUnits
    }

    /// Whether `entry` passes every filter.
    package func matches(_ entry: LedgerEntry) -> Bool {
        if flagged && !entry.resolution.review { return false }
        if let account, TextFold.fold(entry.input.account ?? "") != account { return false }
        if let category, entry.resolution.category != category, !entry.resolution.category.hasPrefix(category + ".") { return false }
        if let merchant, !TextFold.fold(entry.resolution.merchant ?? "").contains(merchant) { return false }
        if let text, !TextFold.fold(entry.input.description + " " + (entry.input.memo ?? "")).contains(text) { return false }
        if low != nil || high != nil {
            guard let amount = entry.input.amount else { return false }
            // |amount| × 100 against bound × 10^digits, in integers: no rounding.
            let scale = (0..<entry.input.minorDigits).reduce(Int64(1)) { value, _ in value &* 10 }
            let (left, o1) = Int64(clamping: amount.magnitude).multipliedReportingOverflow(by: 100)
            if o1 { return high == nil }
            if let low { let (bound, o) = low.multipliedReportingOverflow(by: scale); if !o, left < bound { return false } }
            if let high { let (bound, o) = high.multipliedReportingOverflow(by: scale); if !o, left > bound { return false } }
        }
        return true
    }
}
