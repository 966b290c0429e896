/// The text form of a stored merchant identity key (`name:padariadoze`, `brand:uber`, `cnpj:18033552`,
/// `line:fees.bank@br_itau`), as user rules name it (`if identity name:padariadoze …`) before any identity exists.
public enum MerchantKeyText {
    /// The prefixes of the stored keys: a name's words, a catalog brand, a CNPJ root, a bank's line.
    public static let prefixes = ["name:", "brand:", "cnpj:", "line:"]

    /// Whether `text` has the shape of a stored key: a known prefix, then at least one character, no spaces.
    public static func isKey(_ text: String) -> Bool {
        guard let prefix = prefixes.first(where: text.hasPrefix) else { return false }
        return text.count > prefix.count && !text.contains(where: \.isWhitespace)
    }
}
