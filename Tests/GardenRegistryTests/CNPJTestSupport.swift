/// Check digits for made-up CNPJs in tests (IN RFB nº 2.229/2024: characters as ASCII − 48, mod 11).
enum CNPJTestSupport {
    /// The 14-character CNPJ completing a 12-character root + order.
    static func complete(_ base: String) -> String {
        func dv(_ chars: [Int], _ weights: [Int]) -> Int {
            let r = zip(chars, weights).map { $0 * $1 }.reduce(0, +) % 11
            return r < 2 ? 0 : 11 - r
        }
        var values = base.unicodeScalars.map { Int($0.value) - 48 }
        values.append(dv(values, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]))
        values.append(dv(values, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]))
        return base + "\(values[12])\(values[13])"
    }
}
