extension MerchantIdentity {
    /// Whether `word` holds a number character in any script (a scalar with a Unicode numeric type: `7`, `٣`, `½`):
    /// numbers are no name. An ASCII word is read as bytes (among ASCII scalars only `0`–`9` have a numeric type),
    /// so the common word costs no property lookup a scalar.
    static func holdsNumber(_ word: String) -> Bool {
        var ascii = true
        for byte in word.utf8 {
            if byte >= 0x80 { ascii = false; break }
            if byte >= 0x30 && byte <= 0x39 { return true }
        }
        return !ascii && word.unicodeScalars.contains { $0.properties.numericType != nil }
    }
}
