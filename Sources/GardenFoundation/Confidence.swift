/// A confidence in [0, 1], held as an integer number of thousandths so that comparisons are exact and
/// golden outputs never depend on floating-point formatting.
public struct Confidence: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// Thousandths, 0...1000.
    public let perMille: Int

    /// Clamps `perMille` into 0...1000.
    public init(perMille: Int) { self.perMille = max(0, min(1000, perMille)) }

    /// Parses "0.85", "1", "0.5" (at most three decimals); nil for anything else or outside [0, 1].
    public init?(_ text: String) {
        // Read as bytes: the data files hold thousands of these, parsed at every start-up.
        var perMille: Int?
        var text = text
        text.withUTF8 { bytes in
            guard let first = bytes.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return }
            let whole = Int(first - UInt8(ascii: "0"))
            var thousandths = 0
            if bytes.count > 1 {
                let fraction = bytes.dropFirst(2)
                guard bytes[1] == UInt8(ascii: "."), !fraction.isEmpty, fraction.count <= 3,
                      fraction.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return }
                let value = fraction.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
                thousandths = value * [100, 10, 1][fraction.count - 1]
            }
            perMille = whole * 1000 + thousandths
        }
        guard let perMille, perMille <= 1000 else { return nil }
        self.perMille = perMille
    }

    public static let zero = Confidence(perMille: 0)
    public static let certain = Confidence(perMille: 1000)

    public static func < (lhs: Confidence, rhs: Confidence) -> Bool { lhs.perMille < rhs.perMille }

    /// Decimal text with no trailing zeros but at least one decimal: "0.9", "0.85", "1.0", "0.0".
    public var description: String { Self.texts[perMille] }

    /// The 1,001 texts, made once.
    private static let texts: [String] = (0...1000).map { Confidence.text($0) }

    private static func text(_ perMille: Int) -> String {
        let whole = perMille / 1000
        var fraction = String(perMille % 1000)
        while fraction.count < 3 { fraction = "0" + fraction }
        while fraction.count > 1 && fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction)"
    }
}
