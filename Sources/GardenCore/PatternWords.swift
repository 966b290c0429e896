import Foundation

/// The folded words of every brand and keyword pattern, and each pair of adjacent words in them, built on
/// first use: only a descriptor with a U+FFFD replacement character, or a match completing a cut word, needs
/// them, so a cold start does not pay for them.
public final class PatternWords: @unchecked Sendable {
    private let brands: BrandTable
    private let keywords: [LineRule]
    private let lock = NSLock()
    private var built: Set<String>?

    init(brands: BrandTable, keywords: [LineRule]) {
        self.brands = brands
        self.keywords = keywords
    }

    /// The words and word pairs (folded, space-separated).
    public var set: Set<String> {
        lock.lock()
        defer { lock.unlock() }
        if let built { return built }
        var words: Set<String> = []
        func add(_ pattern: String) {
            var text = pattern
            if text.hasPrefix("^") { text.removeFirst() }
            if text.hasSuffix("*") { text.removeLast() }
            let parts = TokenizedText(text).folded.split(separator: 0x20).map { String(decoding: $0, as: UTF8.self) }
            for (k, word) in parts.enumerated() where word.count >= 2 {
                words.insert(word)
                if k + 1 < parts.count { words.insert(word + " " + parts[k + 1]) }
            }
        }
        for brand in brands { brand.patterns.forEach(add) }
        for rule in keywords { add(rule.pattern) }
        built = words
        return words
    }
}
