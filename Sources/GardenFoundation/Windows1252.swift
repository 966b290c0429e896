/// The Windows-1252 code page, the one Brazilian banks' exports and the Receita's "ISO-8859-1" files are
/// really written in: bytes below 0x80 and from 0xA0 are Latin-1 (the code point of the same value);
/// 0x80–0x9F carry `€`, `‚`, `“`, `–`, `™`… Source: WHATWG Encoding Standard, index-windows-1252. The five
/// bytes it leaves unassigned (0x81, 0x8D, 0x8F, 0x90, 0x9D) read as the C1 control of the same value, as
/// decoders do.
public enum Windows1252 {
    /// Code points of bytes 0x80–0x9F, in byte order.
    static let high: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]

    /// The character a byte stands for.
    public static func scalar(_ byte: UInt8) -> Unicode.Scalar {
        guard (0x80...0x9F).contains(byte) else { return Unicode.Scalar(byte) }
        return Unicode.Scalar(high[Int(byte - 0x80)]) ?? Unicode.Scalar(byte)
    }

    /// Whether a byte is one of the five the code page leaves unassigned.
    public static func isUnassigned(_ byte: UInt8) -> Bool {
        (0x80...0x9F).contains(byte) && high[Int(byte - 0x80)] == UInt32(byte)
    }

    /// The byte that decodes to `scalar`, if any.
    public static func byte(_ scalar: Unicode.Scalar) -> UInt8? {
        let value = scalar.value
        if value < 0x80 || (value >= 0xA0 && value <= 0xFF) { return UInt8(value) }
        if let index = high.firstIndex(of: value) { return UInt8(0x80 + index) }
        return nil
    }
}
