import Foundation

/// Splits a merchant name a processor printed glued into its words ("Pag*Farmaciassaopaulo" names
/// "Farmacias Sao Paulo", "Pag*Luciaferreiramota" "Lucia Ferreira Mota"), from the common Portuguese and
/// English words of `Rules/name_words.tsv` (wordfreq, with their Zipf frequency). Parsed on first use:
/// only a row with a long glued name needs it, so a cold start does not pay for it.
///
/// A name is split only into three or more known words of three or more letters (or DE, DA, DO), more than four
/// letters on average
/// (fewest words first, then the most frequent): a coined name of two words ("Brewland", "Shellbox") is left
/// as printed.
public final class GluedNameSplitter: @unchecked Sendable {
    /// Letters a glued name must have before a split is tried.
    public static let minimumLength = 12
    private static let minimumWords = 3
    private static let shortestWord = 3, longestWord = 20
    /// Two-letter connectors of Portuguese names ("AUTOPECASDOVALE": AUTO PECAS DO VALE), scored as common words.
    private static let connectors: [String: Int] = ["de": 60, "da": 60, "do": 60]

    private let text: String
    private let lock = NSLock()
    private var parsed: [String: Int]?

    /// `text`: the contents of `Rules/name_words.tsv` (word TAB Zipf per line, `#` comments).
    init(text: String) {
        self.text = text
    }

    /// The words of `word` (folded letters) as a split name, or nil when it is not three or more known words.
    public func split(_ word: String) -> [String]? {
        let letters = Array(word.utf8)
        guard letters.count >= Self.minimumLength, letters.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return nil }
        let words = vocabulary
        // best[i]: the fewest words (then the highest total frequency, in tenths) covering letters[..<i].
        var best: [(count: Int, score: Int, from: Int)?] = Array(repeating: nil, count: letters.count + 1)
        best[0] = (0, 0, 0)
        for end in 2...letters.count {
            for start in max(0, end - Self.longestWord)...(end - 2) {
                let piece = String(decoding: letters[start..<end], as: UTF8.self)
                guard let before = best[start], let zipf = end - start >= Self.shortestWord ? words[piece] : Self.connectors[piece] else { continue }
                let candidate = (count: before.count + 1, score: before.score + zipf, from: start)
                if let current = best[end], current.count < candidate.count || current.count == candidate.count && current.score >= candidate.score { continue }
                best[end] = candidate
            }
        }
        guard let last = best[letters.count], last.count >= Self.minimumWords else { return nil }
        var pieces: [String] = []
        var end = letters.count
        while end > 0, let step = best[end] {
            pieces.append(String(decoding: letters[step.from..<end], as: UTF8.self))
            end = step.from
        }
        // Short pieces are a guess ("MARIACHOCOLA" is not MARI ACHO COLA): the words other than connectors
        // average more than 4 letters.
        let named = pieces.filter { Self.connectors[$0] == nil }
        guard named.reduce(0, { $0 + $1.count }) > 4 * named.count else { return nil }
        return pieces.reversed()
    }

    private var vocabulary: [String: Int] {
        lock.lock()
        defer { lock.unlock() }
        if let parsed { return parsed }
        var words: [String: Int] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let columns = line.split(separator: "\t")
            guard columns.count >= 2, let zipf = Double(columns[1]) else { continue }
            words[String(columns[0])] = Int((zipf * 10).rounded())
        }
        parsed = words
        return words
    }
}
