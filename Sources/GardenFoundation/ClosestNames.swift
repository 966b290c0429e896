/// The known names closest to one a user typed, for "did you mean" messages on an unknown id (a budget, a row,
/// a rule, an account; categories have their own, group-aware ``Taxonomy`` suggestions).
///
/// A known name the typed text starts (a row id cut short: `line:bb0f`) or that starts it comes first; then names
/// by edit distance (Levenshtein, over folded bytes: case and accents aside), kept only when the distance is at
/// most a third of the longer name (at least 1), so a name that shares nothing is never offered.
public enum ClosestNames {
    /// Up to `limit` names of `known` closest to `typed`, best first; empty when none is close.
    public static func suggestions(for typed: String, among known: [String], limit: Int = 3) -> [String] {
        let wanted = Array(TextFold.fold(typed).utf8)
        guard !wanted.isEmpty else { return [] }
        var scored: [(name: String, score: Int)] = []
        for name in known {
            let folded = Array(TextFold.fold(name).utf8)
            if folded == wanted { continue }
            if folded.starts(with: wanted) || wanted.starts(with: folded) {
                scored.append((name, -1_000 + abs(folded.count - wanted.count)))
                continue
            }
            let bound = max(1, max(folded.count, wanted.count) / 3)
            // Lengths alone already too far apart: no need to compute the distance.
            guard abs(folded.count - wanted.count) <= bound else { continue }
            let distance = editDistance(wanted, folded)
            if distance <= bound { scored.append((name, distance)) }
        }
        return scored.sorted { $0.score != $1.score ? $0.score < $1.score : $0.name < $1.name }.prefix(limit).map(\.name)
    }

    /// `; did you mean "a", "b"?` for the suggestions of `typed` among `known`, or "" when none is close.
    public static func hint(for typed: String, among known: [String], limit: Int = 3) -> String {
        let close = suggestions(for: typed, among: known, limit: limit)
        return close.isEmpty ? "" : "; did you mean " + close.map { "\"\($0)\"" }.joined(separator: ", ") + "?"
    }

    /// The Levenshtein distance between two byte strings (insertions, deletions and substitutions cost 1).
    public static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
