import GardenCatalog

extension MerchantIdentity {
    /// The prefixes of the stored keys (``key``): ``MerchantKeyText/prefixes``.
    public static var keyPrefixes: [String] { MerchantKeyText.prefixes }

    /// Whether `text` has the shape of a stored key (``MerchantKeyText/isKey(_:)``).
    public static func isKey(_ text: String) -> Bool { MerchantKeyText.isKey(text) }

    /// A name's words (`name:megamate` → mega, mate), nil for a brand, a document or a bank's line.
    public var nameWords: [String]? {
        if case .name(let words, _) = basis { return words }
        return nil
    }

    /// Whether the identity is a bank's line (its type, and the bank for its own business).
    public var isBankLine: Bool {
        if case .bankLine = basis { return true }
        return false
    }
}
