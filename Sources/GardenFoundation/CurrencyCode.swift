import CTextFold

/// An ISO 4217 currency code ("BRL", "USD") with the number of minor-unit digits ICU gives for it.
///
/// Minor units come from ICU's currency data (`ucurr_getDefaultFractionDigits`): 2 for BRL and USD,
/// 0 for JPY, 3 for KWD. Codes ICU does not know are rejected by ``init(_:)``.
public struct CurrencyCode: Hashable, Sendable, CustomStringConvertible {
    /// The upper-case three-letter code.
    public let code: String
    /// Digits after the decimal point in the currency's minor unit (centavos: 2).
    public let fractionDigits: Int

    /// Brazilian real, the default currency of a row without `currency`.
    public static let brl = CurrencyCode(trusted: "BRL", fractionDigits: 2)
    /// United States dollar.
    public static let usd = CurrencyCode(trusted: "USD", fractionDigits: 2)

    private init(trusted code: String, fractionDigits: Int) {
        self.code = code
        self.fractionDigits = fractionDigits
    }

    /// Validates `text` as an ISO 4217 code (three ASCII letters, any case, known to ICU).
    /// Returns nil for anything else.
    public init?(_ text: String) {
        // The codes nearly every row carries, told without upper-casing the text (which makes a String).
        if text == "BRL" { self = .brl; return }
        if text == "USD" { self = .usd; return }
        let upper = text.uppercased()
        if upper == "BRL" { self = .brl; return }
        if upper == "USD" { self = .usd; return }
        let bytes = Array(upper.utf8)
        guard bytes.count == 3, bytes.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }) else { return nil }
        let digits = bytes.withUnsafeBufferPointer { garden_currency_fraction_digits($0.baseAddress!) }
        guard digits >= 0 else { return nil }
        self.init(trusted: upper, fractionDigits: Int(digits))
    }

    public var description: String { code }
}
