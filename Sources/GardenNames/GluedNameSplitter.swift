import Foundation

/// Splits a merchant name a processor printed glued into its words ("Pag*Farmaciassaopaulo" names
/// "Farmacias Sao Paulo", "Pag*Luciaferreiramota" "Lucia Ferreira Mota"), from the common Portuguese and
/// English words of `Rules/name_words.tsv` (wordfreq, with their Zipf frequency). Parsed on first use:
/// only a row with a long glued name needs it, so a cold start does not pay for it.
///
/// A name is split only into three or more known words of three or more letters (or DE, DA, DO, or a roman
/// numeral last: "POSTOBEIRARIOI" is Posto Beira Rio I), more than four
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
    private var parsed: GluedNameVocabulary?

    /// `text`: the contents of `Rules/name_words.tsv` (word TAB Zipf per line, `#` comments).
    package init(text: String) {
        self.text = text
    }

    /// Roman numerals that may end a business name ("POSTO BEIRA RIO II": the owner's second station), scored
    /// as a word of Zipf 3.0 and only as the last piece ("postobeirarioi": posto beira rio i).
    package static let romanNumerals: [String: Int] = ["i": 30, "ii": 30, "iii": 30, "iv": 30]

    /// Whether `word` (folded) is a roman numeral a split name may end with, shown in capitals.
    public static func isRomanNumeral(_ word: String) -> Bool { romanNumerals[word] != nil }

    /// How common a folded word is: its Zipf frequency in `Rules/name_words.tsv` (log10 per billion words;
    /// "dia" 6.2, "padaria" 4.3), or nil when the list does not have it.
    public func zipf(of word: String) -> Double? {
        var letters = Array(word.utf8)
        return letters.withUnsafeMutableBufferPointer { piece in vocabulary.lookup(UnsafeBufferPointer(piece)).zipf.map { Double($0) / 10 } }
    }

    /// The words of `word` (folded letters) as a split name, or nil when it is not three or more known words.
    public func split(_ word: String) -> [String]? {
        let letters = Array(word.utf8)
        guard letters.count >= Self.minimumLength, letters.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return nil }
        let words = vocabulary
        // best[i]: the fewest words (then the highest total frequency, in tenths) covering letters[..<i].
        var best: [(count: Int, score: Int, from: Int)?] = Array(repeating: nil, count: letters.count + 1)
        best[0] = (0, 0, 0)
        // Start by start (a start's best split is final once every earlier start was tried; for one end, the
        // candidates still come in the order of their starts), extending the piece while some word begins with it.
        letters.withUnsafeBufferPointer { letters in
            for start in 0..<letters.count {
                guard let before = best[start] else { continue }
                for end in (start + 1)...min(letters.count, start + Self.longestWord) {
                    let piece = UnsafeBufferPointer(rebasing: letters[start..<end])
                    var word: Int?, extendable = true
                    if end - start >= Self.shortestWord { (word, extendable) = words.lookup(piece) } else { word = Self.connectorZipf(piece) }
                    let numeral = end == letters.count && start > 0 ? Self.numeralZipf(piece) : nil
                    if let zipf = word ?? numeral {
                        let candidate = (count: before.count + 1, score: before.score + zipf, from: start)
                        let kept = best[end].map { $0.count < candidate.count || $0.count == candidate.count && $0.score >= candidate.score } ?? false
                        if !kept { best[end] = candidate }
                    }
                    if !extendable { break }
                }
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
        // and a final numeral average more than 4 letters.
        let named = pieces.enumerated().filter { k, piece in Self.connectors[piece] == nil && !(k == 0 && Self.isRomanNumeral(piece)) }.map(\.element)
        guard named.reduce(0, { $0 + $1.count }) > 4 * named.count else { return nil }
        return pieces.reversed()
    }

    /// ``connectors``' score of `piece` (lower-case ASCII), read on its bytes.
    private static func connectorZipf(_ piece: UnsafeBufferPointer<UInt8>) -> Int? {
        guard piece.count == 2, piece[0] == UInt8(ascii: "d") else { return nil }
        switch piece[1] {
        case UInt8(ascii: "e"): return connectors["de"]
        case UInt8(ascii: "a"): return connectors["da"]
        case UInt8(ascii: "o"): return connectors["do"]
        default: return nil
        }
    }

    /// ``romanNumerals``' score of `piece` (lower-case ASCII), read on its bytes.
    private static func numeralZipf(_ piece: UnsafeBufferPointer<UInt8>) -> Int? {
        guard piece.count <= 3, piece.allSatisfy({ $0 == UInt8(ascii: "i") || $0 == UInt8(ascii: "v") }) else { return nil }
        return romanNumerals[String(decoding: piece, as: UTF8.self)]
    }

    /// The words of `Rules/name_words.tsv`, parsed on first use.
    package var vocabulary: GluedNameVocabulary {
        lock.lock()
        defer { lock.unlock() }
        if let parsed { return parsed }
        let words = GluedNameVocabulary(text: text)
        parsed = words
        return words
    }
}
