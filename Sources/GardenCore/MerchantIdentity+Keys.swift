extension MerchantIdentity {
    /// The prefixes of the stored keys (``key``): a name's words, a catalog brand, a CNPJ root, a bank's line.
    public static let keyPrefixes = ["name:", "brand:", "cnpj:", "line:"]

    /// Whether `text` has the shape of a stored key (`name:padariadoze`, `line:fees.bank@br_itau`): a known prefix,
    /// then at least one character, no spaces.
    public static func isKey(_ text: String) -> Bool {
        guard let prefix = keyPrefixes.first(where: text.hasPrefix) else { return false }
        return text.count > prefix.count && !text.contains(where: \.isWhitespace)
    }

    /// Whether the identity is a bank's line (its type, and the bank for its own business).
    public var isBankLine: Bool {
        if case .bankLine = basis { return true }
        return false
    }
}
