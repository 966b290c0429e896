import GardenFoundation

/// Abbreviations printed in business names, written out in the displayed merchant name
/// (`Rules/name_abbreviations.tsv`): "Bb Tuition Mgmt" → "Bb Tuition Management", "So Luz Materiais Elet" →
/// "So Luz Materiais Elétricos". A phrase of up to ``longestPhrase`` words is matched before a single word, so
/// a form that depends on the word before it (ELET) is written out only where that word says how.
public struct NameAbbreviations: Sendable, Equatable {
    /// The most words an abbreviation phrase has.
    public private(set) var longestPhrase = 1
    /// Written-out form by country ("BR", "US", or "-" for both) and folded phrase.
    private var expansions: [String: [String: String]] = [:]
    /// The first folded word of every phrase: a name with none of them is returned at once.
    private var firstWords: Set<String> = []
    /// ``FNV1a`` of each of `firstWords`: the per-row pre-check folds and hashes a name's words in place
    /// (no `String` per word); only a name with a word whose hash is here takes the exact path.
    private var firstWordHashes: Set<UInt64> = []

    public init() {}

    /// `file`: `Rules/name_abbreviations.tsv` (printed words, written out, country).
    /// - Throws: ``DataError`` at a record whose country is not BR, US or -.
    public init(_ file: TSVFile) throws(DataError) {
        for record in file.records {
            let country = record.columns[2]
            guard ["BR", "US", "-"].contains(country) else { throw record.error("unknown country \"\(country)\"; expected BR, US or -", column: 3) }
            let phrase = TextFold.fold(record.columns[0])
            expansions[country, default: [:]][phrase] = record.columns[1]
            let phraseWords = phrase.split(separator: " ")
            longestPhrase = max(longestPhrase, phraseWords.count)
            if let first = phraseWords.first {
                firstWords.insert(String(first))
                var hash = FNV1a()
                hash.combine(bytes: first.utf8)
                firstWordHashes.insert(hash.value)
            }
        }
    }

    /// `name` (a displayed name, words separated by single spaces) with its abbreviations written out for a
    /// row of `country` (nil: either country's); a one-word name is left as it is.
    public func expanded(_ name: String, country: String?) -> String {
        guard mayHoldFirstWord(name) else { return name }
        let words = name.split(separator: " ").map(String.init)
        guard words.count >= 2 else { return name }
        let folded = words.map { TextFold.fold($0) }
        guard folded.contains(where: firstWords.contains) else { return name }
        var out: [String] = []
        var i = 0
        var changed = false
        while i < words.count {
            if let (size, written) = longestMatch(folded, at: i, country: country) {
                out.append(written)
                i += size
                changed = true
            } else {
                out.append(words[i])
                i += 1
            }
        }
        return changed ? out.joined(separator: " ") : name
    }

    /// Whether `name` (words separated by single spaces) holds an abbreviation ``expanded(_:country:)`` would
    /// write out for a row of `country`, without building the written-out name.
    public func containsAbbreviation(_ name: String, country: String?) -> Bool {
        guard mayHoldFirstWord(name) else { return false }
        let folded = name.split(separator: " ").map { TextFold.fold(String($0)) }
        guard folded.count >= 2 else { return false }
        return folded.indices.contains { longestMatch(folded, at: $0, country: country) != nil }
    }

    /// Whether `name` has two or more words and one of them may fold to a phrase's first word (by its
    /// ``FNV1a`` hash: false means none does; true is checked exactly by the caller).
    private func mayHoldFirstWord(_ name: String) -> Bool {
        var words = 0, candidate = false
        var folded: [UInt8] = []
        var name = name
        name.withUTF8 { bytes in
            var start = 0
            for end in 0...bytes.count where end == bytes.count || bytes[end] == 0x20 {
                defer { start = end + 1 }
                guard end > start else { continue }
                words += 1
                guard !candidate else { continue }
                let word = UnsafeBufferPointer(rebasing: bytes[start..<end])
                var hash = FNV1a()
                if word.allSatisfy({ $0 < 0x80 }) {
                    // An ASCII word's fold (``TextFold``'s fast path): apostrophes dropped, capitals lowered; hashed as
                    // it is read, no buffer.
                    for b in word where b != UInt8(ascii: "'") {
                        hash.combine(bytes: CollectionOfOne(b >= 0x41 && b <= 0x5A ? b | 0x20 : b))
                    }
                } else {
                    folded.removeAll(keepingCapacity: true)
                    TextFold.fold(word, into: &folded)
                    hash.combine(bytes: folded)
                }
                candidate = firstWordHashes.contains(hash.value)
            }
        }
        return words >= 2 && candidate
    }

    private func longestMatch(_ folded: [String], at i: Int, country: String?) -> (Int, String)? {
        guard firstWords.contains(folded[i]) else { return nil }
        for size in stride(from: min(longestPhrase, folded.count - i), through: 1, by: -1) {
            let phrase = folded[i..<(i + size)].joined(separator: " ")
            if let written = expansion(phrase, country: country) { return (size, written) }
        }
        return nil
    }

    private func expansion(_ phrase: String, country given: String?) -> String? {
        let country = given == "CA" ? "US" : given    // Canadian rows print the US forms
        if let country, let written = expansions[country]?[phrase] { return written }
        if let written = expansions["-"]?[phrase] { return written }
        guard country == nil else { return nil }
        return expansions["BR"]?[phrase] ?? expansions["US"]?[phrase]
    }
}
