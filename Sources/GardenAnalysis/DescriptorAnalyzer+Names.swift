import GardenFoundation
import GardenNames

extension DescriptorAnalyzer {
    static let smallWords: Set<String> = ["de", "da", "do", "das", "dos", "e", "of", "the", "and", "com", "em", "para", "del"]

    /// The UTF-8 length of the longest of ``smallWords``: a longer word is none of them (no set lookup).
    static let longestSmallWord = smallWords.map(\.utf8.count).max() ?? 0

    /// Whether the folded word `word` (letters or digits, never a line break) is one character: an ASCII word's
    /// characters are its bytes, so only a word with other bytes is counted (`String.count` walks the graphemes).
    static func isOneCharacter(_ word: String) -> Bool {
        let bytes = word.utf8.count
        if bytes <= 1 { return bytes == 1 }
        return word.utf8.contains { $0 >= 0x80 } && word.count == 1
    }

    /// The fewest characters of a displayed name whose last word may have been cut at the bank's column limit.
    static let shortestCutName = 15

    /// `name` (a displayed name, words separated by single spaces) with its last word completed when the bank cut it
    /// at its column limit (``AnalysisViews/cutWords``, ``CutWordCompleter``): a name of two or more words and at least
    /// ``shortestCutName`` characters whose last word is no listed word ("Healthy Paws Pet Insuran" → Healthy Paws Pet
    /// Insurance), read after the name's previous word that is no connector ("Roseva Acougue e Mer" → Mercearia, the
    /// word business names print after ACOUGUE); the completion keeps the printed word's capital.
    func completingCutWord(_ name: String, country: String?) -> String {
        // Read in the name's own bytes: the last word and the previous one are folded into one reused buffer, no
        // String or array of words made for the names (nearly all) whose last word is no cut.
        guard country != nil, name.utf8.count >= Self.shortestCutName, let space = name.utf8.lastIndex(of: 0x20) else { return name }
        let last = name[name.utf8.index(after: space)...]
        guard last.utf8.count >= CutWordCompleter.shortestCutAfterWord else { return name }
        var folded: [UInt8] = []
        folded.reserveCapacity(name.utf8.count)
        TextFold.fold(last.utf8, into: &folded)
        guard folded.count >= CutWordCompleter.shortestCutAfterWord, folded.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return name }
        let wordEnd = folded.count
        let previous = Self.previousWord(name.utf8[..<space], into: &folded)
        let completion = folded.withUnsafeBufferPointer { all in
            views.cutWords.completion(ofLetters: UnsafeBufferPointer(rebasing: all[..<wordEnd]),
                                      after: previous.map { UnsafeBufferPointer(rebasing: all[$0]) }, country: country)
        }
        guard let completion else { return name }
        let capital = last.first.map { $0.isUppercase } ?? false
        return String(name[..<space]) + " " + (capital ? completion.prefix(1).uppercased() + completion.dropFirst() : completion)
    }

    /// The last word of `text` (words split on single spaces) that is no connector (``smallWords``), folded and appended
    /// to `out`: its range there, or nil when every word is a connector.
    static func previousWord(_ text: Substring.UTF8View, into out: inout [UInt8]) -> Range<Int>? {
        var end = text.endIndex
        while end > text.startIndex {
            var start = end
            while start > text.startIndex, text[text.index(before: start)] != 0x20 { start = text.index(before: start) }
            if start < end {
                let base = out.count
                TextFold.fold(text[start..<end], into: &out)
                let word = out[base...]
                if !smallWordBytes.contains(where: { $0.elementsEqual(word) }) { return base..<out.count }
                out.removeSubrange(base...)
            }
            guard start > text.startIndex else { break }
            end = text.index(before: start)
        }
        return nil
    }

    /// Words of `range` that make up the name: store numbers, and the location after a store number or after a
    /// spaced dash, dropped.
    /// `places`: ``PlaceList/trailingWords`` (state and country codes, city abbreviations); `legalSuffixes`:
    /// ``AnalysisViews/legalSuffixes``, dropped from the end when printed in capitals.
    static func nameTokens(_ text: TokenizedText, _ range: Range<Int>, places: Set<String>, legalSuffixes: Set<String>) -> [Int] {
        var kept: [Int] = []
        kept.reserveCapacity(range.count)
        var sawLetters = false
        for i in range {
            let t = text.tokens[i]
            if t.isNumber {
                // A number after the name is a store or terminal number; what follows it is the location.
                if sawLetters && !t.gluedToNext && !(i > range.lowerBound && text.tokens[i - 1].gluedToNext) { break }
                if sawLetters { continue }
                if i + 1 < range.upperBound, text.tokens[i].gluedToNext || text.tokens[i].spaceAfter { kept.append(i) }
                continue
            }
            sawLetters = true
            kept.append(i)
        }
        dropBranch(text, &kept, operationWords: places)
        closeAtLegalType(text, &kept)
        // Leading bare numbers ("53 71 402 CARLOS") are codes, not the name.
        var drop = 0
        while drop < kept.count - 1, text.tokens[kept[drop]].isNumber, !text.tokens[kept[drop]].gluedToNext { drop += 1 }
        if drop > 0 { kept.removeFirst(drop) }
        // Trailing places and legal suffixes ("FAIRVIEW IL", "LTDA ME").
        while kept.count > 1, let last = kept.last {
            let word = text.word(last)
            let t = text.tokens[last]
            let capitals = text.source[t.start..<t.end].allSatisfy { !($0 >= 0x61 && $0 <= 0x7A) }
            // A lone letter after a connector is what a cut left ("DROGARIA E P"), and a connector left at the
            // end dangles; an initial after a name stays ("MARIA C S").
            // (Each set is asked once, and the previous word only when a test reads it: `kept.count >= 2` here.)
            let single = isOneCharacter(word)
            let isPlace = places.contains(word)
            let previousIsSmall = (single || isPlace) && smallWords.contains(text.word(kept[kept.count - 2]))
            let strayLetter = single && (text.tokens[kept[kept.count - 2]].gluedToNext || previousIsSmall)
            // The words before a letter the bank cut are the name as printed in full: nothing more is dropped.
            if single, !strayLetter, cutToALetter(text, kept) { kept.removeLast(); break }
            let dangling = word.utf8.count <= longestSmallWord && smallWords.contains(word)
            // A place after a connector names the place, part of the name ("PREFEITURA MUNICIPAL DE ITU").
            let namedPlace = isPlace && previousIsSmall
            if isPlace && !namedPlace || (capitals && legalSuffixes.contains(word)) || strayLetter || dangling { kept.removeLast() } else { break }
        }
        return kept
    }

    /// The legal type designators that can be no other word (``closeAtLegalType(_:_:)``): LTDA, LIMITADA, EIRELI
    /// (Brazilian Código Civil arts. 1.158 and 980-A), LLC, INC, LTD, PLC (the US states' and UK Companies Act's company
    /// designators). ME, SA, S, A, CIA, LP are words too ("CALL ME", "SA" a place code) and are left out.
    static let closingLegalTypes: [[UInt8]] = ["ltda", "limitada", "eireli", "llc", "inc", "ltd", "plc"].map { Array($0.utf8) }

    /// A firm's legal name ends with its type designator (Código Civil art. 1.158: the company's name "followed by the
    /// word limitada"; US state corporation statutes: the name "shall contain" Inc., LLC...), so words after one are the
    /// next field of the line (an invoice note "LTDA NF 12 SERVICOS PRESTADOS", a NACHA entry field "LTD ESCOGROUP"):
    /// dropped, when a name word comes before the designator. A DBA after it introduces the trade name: kept.
    static func closeAtLegalType(_ text: TokenizedText, _ kept: inout [Int]) {
        guard kept.count >= 3 else { return }
        for k in 1..<(kept.count - 1) {
            let t = text.tokens[kept[k]]
            let length = t.foldedEnd - t.foldedStart
            guard length >= 3, length <= 8, !t.isNumber else { continue }
            let word = text.wordBytes(kept[k])
            guard closingLegalTypes.contains(where: { $0.elementsEqual(word) }) else { continue }
            guard !text.wordBytes(kept[k + 1]).elementsEqual("dba".utf8) else { return }
            kept.removeSubrange((k + 1)...)
            return
        }
    }

    /// A lone letter ending a name of two or more words of several letters is the first letter of a word the bank cut
    /// at its column limit ("LANCHONETE MELLO F", a NACHA company name's 16 characters "REAL RADIOLOGY L"): whole
    /// business names rarely end so (0.2 % of the Brazilian and 0.45 % of the US names of three or more words in
    /// ../shared/data/names, most of them a brand the catalog names, CIRCLE K, or a Roman numeral I, kept). Initials
    /// after a name stay ("MARIA C S": the word before is a letter too), and so does a letter printed with a number
    /// ("SEGURO CONTA C6").
    static func cutToALetter(_ text: TokenizedText, _ kept: [Int]) -> Bool {
        guard kept.count >= 3, let letter = kept.last, text.word(letter) != "i", !text.tokens[letter].isNumber,
              !text.tokens[letter].gluedToNext, !text.tokens[kept[kept.count - 2]].gluedToNext else { return false }
        return kept.dropLast().allSatisfy { text.word($0).count >= 2 && !text.tokens[$0].isNumber }
            && !smallWords.contains(text.word(kept[kept.count - 2]))
    }

    /// A dash between spaces after a name of letters starts the branch or its place, no part of the name
    /// ("UNION MARKET - HOUSTON ST", "DROGARIA BOA SAUDE - FILIAL 2", "ACME LTDA - ME"); a dash inside a word
    /// ("COCA-COLA", "MOVEL-SP") is not one, nor a dash after an operation word (`operationWords`, the
    /// ``AnalysisViews/nameTrailingWords``): "ELECTRONIC DEPOSIT - ACME INC" names what follows it.
    static func dropBranch(_ text: TokenizedText, _ kept: inout [Int], operationWords: Set<String>) {
        guard let cut = kept.indices.dropFirst().first(where: { position in
            let before = text.tokens[kept[position - 1]]
            return before.punctuationAfter == UInt8(ascii: "-") && before.spaceAfter && !before.isNumber
        }), kept[..<cut].contains(where: { !text.tokens[$0].isNumber }),
              !operationWords.contains(text.word(kept[cut - 1])) else { return }
        kept.removeSubrange(cut...)
    }

    /// The merchant as a person would write it: words title-cased unless printed in mixed case
    /// ("RESTAURANTE SABOR" → "Restaurante Sabor", "iFood" stays), legal suffixes, store numbers
    /// and locations dropped.
    /// `places`: trailing words to drop (``PlaceList/trailingWords``); `legalSuffixes`: ``AnalysisViews/legalSuffixes``.
    public static func displayName(_ text: TokenizedText, _ range: Range<Int>, places: Set<String>, legalSuffixes: Set<String>) -> String {
        displayName(text, kept: nameTokens(text, range, places: places, legalSuffixes: legalSuffixes))
    }

    /// The display name and the folded name of the same words (one pass over the name tokens).
    static func nameAndKey(_ text: TokenizedText, _ range: Range<Int>, places: Set<String>,
                           legalSuffixes: Set<String>) -> (name: String, key: String) {
        let kept = nameTokens(text, range, places: places, legalSuffixes: legalSuffixes)
        var key: [UInt8] = []
        for (position, i) in kept.enumerated() {
            if position > 0 { key.append(0x20) }
            key.append(contentsOf: text.wordBytes(i))
        }
        return (displayName(text, kept: kept), String(decoding: key, as: UTF8.self))
    }

    static func displayName(_ text: TokenizedText, kept: [Int]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.source.count)
        for (position, i) in kept.enumerated() {
            let t = text.tokens[i]
            if position > 0 {
                let previous = kept[position - 1]
                if previous == i - 1 && text.tokens[previous].punctuationAfter == UInt8(ascii: "&") {
                    // "A&W", "B&B", "JOHNSON & JOHNSON": the ampersand is part of the name, printed as it was spaced.
                    let spaced = text.tokens[previous].spaceAfter || text.tokens[previous].end < t.start - 1
                    out.append(contentsOf: spaced ? Array(" & ".utf8) : [UInt8(ascii: "&")])
                } else if !(previous == i - 1 && text.tokens[previous].gluedToNext) { out.append(0x20) }
            }
            let ascii = text.source[t.start..<t.end].withContiguousStorageIfAvailable { asciiCase($0, first: position == 0, folded: text.wordBytes(i), into: &out) } ?? false
            if !ascii {
                let raw = String(decoding: text.source[t.start..<t.end], as: UTF8.self)
                out.append(contentsOf: casing(raw, folded: text.word(i), first: position == 0).utf8)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// ``casing(_:folded:first:)`` for ASCII words, appending bytes without touching Unicode properties;
    /// false (nothing appended) for a word with non-ASCII bytes.
    static func asciiCase(_ raw: UnsafeBufferPointer<UInt8>, first: Bool, folded: ArraySlice<UInt8>, into out: inout [UInt8]) -> Bool {
        var upper = 0, lower = 0
        for b in raw {
            if b >= 0x80 { return false }
            if b >= 0x41 && b <= 0x5A { upper += 1 } else if b >= 0x61 && b <= 0x7A { lower += 1 }
        }
        let startsUpper = raw.first.map { $0 >= 0x41 && $0 <= 0x5A } ?? false
        if (upper > 0 && lower > 0 && !(startsUpper && upper == 1)) || upper + lower == 0 {
            out.append(contentsOf: raw)                       // mixed case as printed, or no letters
            return true
        }
        if !first, folded.count <= 4, smallWordBytes.contains(where: { $0.elementsEqual(folded) }) {
            out.append(contentsOf: folded)
            return true
        }
        var seenLetter = false
        for b in raw {
            let isLetter = (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
            if b == UInt8(ascii: "'") { continue }
            out.append(isLetter ? (seenLetter ? (b | 0x20) : (b & ~0x20)) : b)
            if isLetter { seenLetter = true }
        }
        return true
    }

    static let smallWordBytes: [[UInt8]] = smallWords.map { Array($0.utf8) }

    static func casing(_ raw: String, folded: String, first: Bool) -> String {
        let letters = raw.unicodeScalars.filter { $0.properties.isAlphabetic }
        let hasUpper = letters.contains { $0.properties.isUppercase }
        let hasLower = letters.contains { $0.properties.isLowercase }
        if hasUpper && hasLower && !(letters.first.map { $0.properties.isUppercase } ?? false && letters.dropFirst().allSatisfy { $0.properties.isLowercase }) {
            return raw                                    // mixed case as printed: iFood, McDonald's
        }
        if !first && smallWords.contains(folded) { return raw.lowercased() }
        if raw.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic == false }) { return raw }
        let lower = raw.lowercased()
        return lower.prefix(1).uppercased() + lower.dropFirst()
    }

}
