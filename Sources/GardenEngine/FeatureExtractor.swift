import GardenFoundation

/// The features the naive-Bayes model learns from: the cleaned descriptor's words (`w:padaria`),
/// character 3-grams of words of 6+ letters for glued names (`g:pad`), the direction (`d:out`), the
/// amount's order of magnitude (`a:2` for 100–999 minor units... see ``amountBucket(_:)``) and the MCC.
public enum FeatureExtractor {
    public static func features(_ context: ResolutionContext) -> [String] {
        features(foldedName: context.descriptor.foldedName, direction: context.direction,
                 amount: context.transaction.amount, mcc: context.transaction.mcc)
    }

    public static func features(foldedName: String, direction: Direction?, amount: Money?, mcc: Int?) -> [String] {
        var out: [String] = []
        for word in foldedName.split(separator: " ") {
            out.append("w:\(word)")
            let scalars = Array(word.unicodeScalars)
            if scalars.count >= 6 {
                for i in 0...(scalars.count - 3) {
                    out.append("g:" + String(String.UnicodeScalarView(scalars[i..<(i + 3)])))
                }
            }
        }
        if let direction { out.append("d:\(direction.rawValue)") }
        if let amount { out.append("a:\(amountBucket(amount))") }
        if let mcc { out.append("m:\(mcc)") }
        return out
    }

    /// Decimal order of magnitude of the absolute amount in whole currency units: 0 for < 10, 1 for
    /// 10–99, 2 for 100–999, and so on.
    public static func amountBucket(_ money: Money) -> Int {
        var units = money.minorUnits.magnitude
        for _ in 0..<money.currency.fractionDigits { units /= 10 }
        var bucket = 0
        while units >= 10 { units /= 10; bucket += 1 }
        return bucket
    }
}
