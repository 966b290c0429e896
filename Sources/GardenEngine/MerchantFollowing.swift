/// Which remembered merchant a printed form is one merchant with: the user's merges and splits (`garden merchants`),
/// and names alike enough (``MerchantSimilarity``) to a remembered one. Built once per learned-state snapshot over the
/// remembered names, indexed by their words with one word left out, so a row's lookup costs one probe a word.
public struct MerchantFollowing: Sendable {
    /// Why a key follows another.
    public enum Reason: Sendable, Hashable {
        /// `garden merchants merge`.
        case merged(origin: String)
        /// Its name is this alike (per mille) to the remembered one.
        case similar(perMille: Int)
    }

    /// Keys the user merged into another (key → the identity it follows, who set it).
    public private(set) var merges: [String: (target: String, origin: String)] = [:]
    /// Keys the user split: they never follow a similar name.
    public private(set) var splits: [String: String] = [:]
    private var remembered: Set<String> = []
    /// Remembered names by their words with one left out ("mega \u{1}"), each with its key and words.
    private var byPattern: [String: [(key: String, words: [String])]] = [:]

    public init() {}

    /// `remembered`: the keys memory holds; `words`: the words of remembered names (`name:megamate` → mega, mate);
    /// `merges`: key → (target, origin); `splits`: key → origin.
    public init(remembered: some Sequence<String>, words: [String: [String]], merges: [String: (target: String, origin: String)], splits: [String: String]) {
        self.merges = merges
        self.splits = splits
        for key in remembered { insert(key, words: words[key]) }
    }

    private mutating func insert(_ key: String, words: [String]?) {
        guard remembered.insert(key).inserted, let words, !words.isEmpty, words.joined() == key.dropFirst(5), key.hasPrefix("name:") else { return }
        for pattern in Self.patterns(words) { byPattern[pattern, default: []].append((key, words)) }
    }

    /// The words with each one left out in turn.
    static func patterns(_ words: [String]) -> [String] {
        words.indices.map { index in words.enumerated().map { $0.offset == index ? "\u{1}" : $0.element }.joined(separator: " ") }
    }

    /// Whether nothing can follow anything (no merge, no remembered name).
    public var isEmpty: Bool { merges.isEmpty && byPattern.isEmpty }

    /// The same, with `key` (of these words) remembered too: what a correction about to be stored under it makes follow it.
    public func remembering(_ key: String, words: [String]?) -> MerchantFollowing {
        var copy = self
        copy.insert(key, words: words)
        return copy
    }

    /// The identity `key` (a printed form's own key, of these `words` for a name) is one merchant with, and why: the
    /// user's merge (followed through further merges), else the one remembered name alike enough — never for a key that
    /// is remembered itself, that the user split, or that two remembered names are equally alike to.
    public func following(_ key: String, words: [String]?) -> (key: String, reason: Reason)? {
        if let merge = merges[key] {
            var target = merge.target
            var seen: Set<String> = [key]
            while let next = merges[target]?.target, seen.insert(target).inserted { target = next }
            return target == key ? nil : (target, .merged(origin: merge.origin))
        }
        guard splits[key] == nil, !remembered.contains(key), let words, !byPattern.isEmpty else { return nil }
        var best: (key: String, score: Int)?
        var tied = false
        for pattern in Self.patterns(words) {
            for candidate in byPattern[pattern] ?? [] {
                guard let score = MerchantSimilarity.alike(words, candidate.words), candidate.key != best?.key else { continue }
                if best == nil || score > best!.score { best = (candidate.key, score); tied = false } else if score == best!.score { tied = true }
            }
        }
        guard let best, !tied else { return nil }
        return (best.key, .similar(perMille: best.score))
    }
}
