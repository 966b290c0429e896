/// A Brazilian company registry number (Cadastro Nacional da Pessoa Jurídica): 14 characters, root (8)
/// + establishment order (4) + two mod-11 check digits.
///
/// Since July 2026 root and order may hold upper-case letters (IN RFB nº 2.229/2024): each character
/// counts as its ASCII code minus 48 ('0'…'9' → 0…9, 'A' → 17 … 'Z' → 42); check digits stay numeric.
/// DV1 uses weights 5 4 3 2 9 8 7 6 5 4 3 2 over the first 12 values, DV2 weights 6 5 4 3 2 9 8 7 6 5
/// 4 3 2 over those and DV1; each DV is 0 when `sum % 11 < 2`, else `11 − sum % 11`.
public struct CNPJ: Hashable, Sendable, CustomStringConvertible {
    /// The 14 unformatted characters, upper case.
    public let value: String

    /// Accepts any punctuation (`12.ABC.345/01DE-35`, `12ABC34501DE35`); lower-case letters are read as
    /// upper case. Nil unless the check digits hold and the number is not all zeros.
    public init?(_ text: String) {
        var chars: [UInt8] = []
        chars.reserveCapacity(14)
        for byte in text.utf8 {
            switch byte {
            case 0x30...0x39, 0x41...0x5A: chars.append(byte)
            case 0x61...0x7A: chars.append(byte - 32)
            case UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: " "): continue
            default: return nil
            }
            if chars.count > 14 { return nil }
        }
        guard chars.count == 14, Self.isValid(chars) else { return nil }
        value = String(decoding: chars, as: UTF8.self)
        var f: [UInt8] = []
        f.reserveCapacity(18)
        for (index, char) in chars.enumerated() {
            switch index {
            case 2, 5: f.append(UInt8(ascii: "."))
            case 8: f.append(UInt8(ascii: "/"))
            case 12: f.append(UInt8(ascii: "-"))
            default: break
            }
            f.append(char)
        }
        formatted = String(decoding: f, as: UTF8.self)
    }

    /// Whether 14 upper-case ASCII characters (bytes) form a valid CNPJ: check digits hold, not all zeros.
    public static func isValid(_ c: [UInt8]) -> Bool {
        guard c.count == 14, c[12] >= 0x30, c[12] <= 0x39, c[13] >= 0x30, c[13] <= 0x39 else { return false }
        guard !c.allSatisfy({ $0 == 0x30 }) else { return false }
        let values = c.map { Int($0) - 48 }
        let dv1 = checkDigit(values[0..<12], weights: [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])
        guard values[12] == dv1 else { return false }
        let dv2 = checkDigit(values[0..<13], weights: [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])
        return values[13] == dv2
    }

    static func checkDigit(_ values: ArraySlice<Int>, weights: [Int]) -> Int {
        var sum = 0
        for (value, weight) in zip(values, weights) { sum += value * weight }
        let r = sum % 11
        return r < 2 ? 0 : 11 - r
    }

    /// The root (raiz), first 8 characters: the company, shared by all its establishments.
    public var root: String { String(value.prefix(8)) }

    /// `XX.XXX.XXX/XXXX-DD`.
    public let formatted: String

    public var description: String { formatted }
}
