import Foundation

/// The folded words of every literal pattern, and each pair of adjacent words in them, built on first use:
/// only a descriptor with a U+FFFD replacement character needs them (``TextRepair``), so a cold start does
/// not pay for them.
public final class PatternWords: @unchecked Sendable {
    private let patterns: [[UInt8]]
    private let lock = NSLock()
    private var built: Set<String>?

    init(patterns: [[UInt8]]) { self.patterns = patterns }

    /// The words and word pairs (folded, space-separated).
    public var set: Set<String> {
        lock.lock()
        defer { lock.unlock() }
        if let built { return built }
        var words: Set<String> = []
        for pattern in patterns {
            let parts = pattern.split(separator: 0x20).map { String(decoding: $0, as: UTF8.self) }
            for (k, word) in parts.enumerated() where word.count >= 2 {
                words.insert(word)
                if k + 1 < parts.count { words.insert(word + " " + parts[k + 1]) }
            }
        }
        built = words
        return words
    }
}
