import GardenCatalog

extension MerchantIdentity {
    /// The prefixes of the stored keys (``key``): ``MerchantKeyText/prefixes``.
    public static var keyPrefixes: [String] { MerchantKeyText.prefixes }

    /// Whether `text` has the shape of a stored key (``MerchantKeyText/isKey(_:)``).
    public static func isKey(_ text: String) -> Bool { MerchantKeyText.isKey(text) }

    /// Whether the identity is a bank's line (its type, and the bank for its own business).
    public var isBankLine: Bool {
        if case .bankLine = basis { return true }
        return false
    }
}
