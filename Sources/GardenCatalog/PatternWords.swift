import Foundation
import GardenFoundation
import GardenImage

/// The folded words of every brand and keyword pattern, and each pair of adjacent words in them ("sul",
/// "sul america"): a cut word that is a whole pattern word is not completed, and a U+FFFD is filled in only
/// to make one of them. Computed when the catalog is compiled and kept in its image (``CompiledCatalog``) as
/// a table read in place, so neither a cold start nor the first cut word decodes every brand.
public final class PatternWords: @unchecked Sendable {
    /// The words and word pairs, folded, space-separated.
    let table: ImageStringTable
    private let lock = NSLock()
    private var built: Set<String>?

    init(table: ImageStringTable) {
        self.table = table
    }

    /// The sorted, unique words and adjacent word pairs (of two or more characters) of `brands`' patterns
    /// and `keywords`' patterns, a leading `^` and trailing `*` left out.
    static func words(brands: [Brand], keywords: [LineRule]) -> [String] {
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
        return words.sorted()
    }

    /// Whether `word` (folded) is one of the words or pairs: looked up in the image, no set built.
    public func contains(_ word: String) -> Bool { table.contains(word) }

    /// The words and word pairs as a set, built on first use (only a descriptor with a U+FFFD needs it).
    public var set: Set<String> {
        lock.lock()
        defer { lock.unlock() }
        if let built { return built }
        let words = Set(table.keys)
        built = words
        return words
    }
}
