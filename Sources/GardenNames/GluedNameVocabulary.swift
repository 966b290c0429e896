/// The words of `Rules/name_words.tsv` with their Zipf frequency in tenths, kept as spans over the file's
/// own bytes, sorted by byte order: a piece of a glued name is looked up by bisection, with no `String`
/// made per word at load or per piece tried (``GluedNameSplitter`` tries dozens of pieces a name).
package struct GluedNameVocabulary: Sendable {
    /// One word: its bytes `start..<start + length` in `bytes`, and its Zipf in tenths.
    package struct Entry: Sendable {
        var start: Int32
        var length: Int32
        var zipf: Int32
    }

    private let bytes: [UInt8]
    private let entries: [Entry]
    /// For each first byte, the range of `entries` starting with it (`starts[b]..<starts[b + 1]`): the
    /// bisection runs over the words of the piece's first letter only.
    private let starts: [Int32]
    /// For each entry (when made with a `summarizing` limit), over the longer entries that begin with it and hold no
    /// space after it: the highest Zipf among them, and how many there are (counted up to the limit + 1).
    private let longerBest: [Int32]
    private let longerCount: [Int32]

    package var count: Int { entries.count }

    /// Reads `text` (word TAB Zipf per line, `#` comments) byte by byte; a line without a readable Zipf is
    /// skipped, and a word listed twice keeps its last Zipf. The file is sorted already (checked in one
    /// pass); another order is sorted here. `summarizing`: also keep, for each word, the strongest longer word it begins
    /// and how many (up to this limit + 1) do (``longerSummary(of:)``).
    package init(text: String, summarizing limit: Int? = nil) {
        var bytes = Array(text.utf8)
        bytes.append(0x0A)
        var entries: [Entry] = []
        entries.reserveCapacity(60_000)
        var lineStart = 0
        bytes.withUnsafeBufferPointer { b in
            for i in b.indices where b[i] == 0x0A {
                defer { lineStart = i + 1 }
                guard i > lineStart, b[lineStart] != 0x23, let tab = b[lineStart..<i].firstIndex(of: 0x09),
                      let zipf = Self.tenths(b[(tab + 1)..<i]) else { continue }
                entries.append(Entry(start: Int32(lineStart), length: Int32(tab - lineStart), zipf: Int32(zipf)))
            }
        }
        let ordered = Self.ordered(entries, bytes)
        var starts = [Int32](repeating: Int32(ordered.count), count: 257)
        for (k, entry) in ordered.enumerated().reversed() where entry.length > 0 { starts[Int(bytes[Int(entry.start)])] = Int32(k) }
        for b in stride(from: 255, through: 0, by: -1) where starts[b] > starts[b + 1] { starts[b] = starts[b + 1] }
        self.bytes = bytes
        self.entries = ordered
        self.starts = starts
        (longerBest, longerCount) = limit.map { Self.longer(ordered, bytes, limit: $0) } ?? ([], [])
    }

    /// For each of `entries` (sorted), the highest Zipf and the number (up to `limit` + 1) of the longer entries that
    /// begin with it and hold no space after it: they sort right after it.
    private static func longer(_ entries: [Entry], _ bytes: [UInt8], limit: Int) -> ([Int32], [Int32]) {
        var best = [Int32](repeating: 0, count: entries.count), count = [Int32](repeating: 0, count: entries.count)
        bytes.withUnsafeBufferPointer { text in
            entries.withUnsafeBufferPointer { list in
                for i in list.indices {
                    let start = Int(list[i].start), length = Int(list[i].length)
                    let piece = UnsafeBufferPointer(rebasing: text[start..<(start + length)])
                    var j = i + 1
                    while j < list.count, count[i] <= limit, Int(list[j].length) > length,
                          compare(text, Int(list[j].start), length, piece) == 0 {
                        let other = list[j]
                        j += 1
                        guard !text[(Int(other.start) + length)..<Int(other.start + other.length)].contains(0x20) else { continue }
                        count[i] += 1
                        best[i] = max(best[i], other.zipf)
                    }
                }
            }
        }
        return (best, count)
    }

    /// The word `piece`'s Zipf in tenths, with the highest Zipf of the longer listed words (no space after `piece`) that
    /// begin with it and how many do (at most the `summarizing` limit + 1); nil when `piece` is not listed or the list
    /// was made without `summarizing`.
    package func longerSummary(of piece: UnsafeBufferPointer<UInt8>) -> (zipf: Int, best: Int, count: Int)? {
        guard !longerBest.isEmpty, let first = piece.first else { return nil }
        return bytes.withUnsafeBufferPointer { text in
            entries.withUnsafeBufferPointer { list in
                let end = Int(starts[Int(first) + 1])
                let k = Self.firstNotBefore(piece, text, list, Int(starts[Int(first)]), end)
                guard k < end, Self.compare(text, Int(list[k].start), Int(list[k].length), piece) == 0 else { return nil }
                return (Int(list[k].zipf), Int(longerBest[k]), Int(longerCount[k]))
            }
        }
    }

    /// `entries` sorted by their bytes, one per word (the last one listed).
    private static func ordered(_ entries: [Entry], _ bytes: [UInt8]) -> [Entry] {
        let inOrder = bytes.withUnsafeBufferPointer { b in
            entries.indices.dropFirst().allSatisfy { compare(entries[$0 - 1], entries[$0], b) < 0 }
        }
        if inOrder { return entries }
        let sorted = bytes.withUnsafeBufferPointer { b in
            entries.enumerated().sorted { x, y in
                let order = compare(x.element, y.element, b)
                return order != 0 ? order < 0 : x.offset < y.offset
            }.map(\.element)
        }
        var unique: [Entry] = []
        bytes.withUnsafeBufferPointer { b in
            for entry in sorted {
                if let last = unique.last, compare(last, entry, b) == 0 { unique[unique.count - 1] = entry } else { unique.append(entry) }
            }
        }
        return unique
    }

    private static func compare(_ a: Entry, _ b: Entry, _ text: UnsafeBufferPointer<UInt8>) -> Int {
        compare(text, Int(a.start), Int(a.length), UnsafeBufferPointer(rebasing: text[Int(b.start)..<Int(b.start + b.length)]))
    }

    /// Byte order of `text[start..<start + length]` against `piece`: negative, zero or positive.
    private static func compare(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int, _ piece: UnsafeBufferPointer<UInt8>) -> Int {
        let shared = min(length, piece.count)
        var i = 0
        while i < shared {
            let a = text[start + i], b = piece[i]
            if a != b { return a < b ? -1 : 1 }
            i += 1
        }
        return length - piece.count
    }

    /// The index of the first entry of `list[start..<end]` (one first byte's words, in byte order) not before `piece`.
    @inline(__always)
    private static func firstNotBefore(_ piece: UnsafeBufferPointer<UInt8>, _ text: UnsafeBufferPointer<UInt8>,
                                       _ list: UnsafeBufferPointer<Entry>, _ start: Int, _ end: Int) -> Int {
        var low = start, high = end
        while low < high {
            let mid = (low + high) / 2
            if compare(text, Int(list[mid].start), Int(list[mid].length), piece) < 0 { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The Zipf in tenths of the word `piece` (nil when it is not listed), and whether a longer listed word
    /// starts with `piece` (when none does, no longer piece from the same letter can be a word).
    package func lookup(_ piece: UnsafeBufferPointer<UInt8>) -> (zipf: Int?, extendable: Bool) {
        guard let first = piece.first else { return (nil, false) }
        return bytes.withUnsafeBufferPointer { text in
            entries.withUnsafeBufferPointer { list in
                let end = Int(starts[Int(first) + 1])
                let low = Self.firstNotBefore(piece, text, list, Int(starts[Int(first)]), end)
                var zipf: Int?
                var next = low
                if low < end, Self.compare(text, Int(list[low].start), Int(list[low].length), piece) == 0 {
                    zipf = Int(list[low].zipf)
                    next = low + 1
                }
                // Words starting with `piece` sort right after it.
                let extendable = next < end && Int(list[next].length) > piece.count
                    && Self.compare(text, Int(list[next].start), piece.count, piece) == 0
                return (zipf, extendable)
            }
        }
    }

    /// The listed words longer than `piece` that begin with it, with their Zipf in tenths, in byte order; nil when more
    /// than `limit` do (a short piece begins too many words to say which one was cut).
    package func completions(of piece: [UInt8], limit: Int) -> [(word: [UInt8], zipf: Int)]? {
        guard let first = piece.first else { return nil }
        return bytes.withUnsafeBufferPointer { text in
            entries.withUnsafeBufferPointer { list in
                piece.withUnsafeBufferPointer { piece in
                    let end = Int(starts[Int(first) + 1])
                    let low = Self.firstNotBefore(piece, text, list, Int(starts[Int(first)]), end)
                    var found: [(word: [UInt8], zipf: Int)] = []
                    var k = low
                    while k < end, Int(list[k].length) >= piece.count, Self.compare(text, Int(list[k].start), piece.count, piece) == 0 {
                        if Int(list[k].length) > piece.count {
                            guard found.count < limit else { return nil }
                            found.append((Array(text[Int(list[k].start)..<Int(list[k].start + list[k].length)]), Int(list[k].zipf)))
                        }
                        k += 1
                    }
                    return found
                }
            }
        }
    }

    /// Over the listed entries longer than `piece` that begin with it and hold no space after it (`spaced`: false) or
    /// that begin with it whatever follows: the most weighted one's bytes, its weight, all their weights, and the weight
    /// of the best one's family (`family(best, other)` true); nil when none does or more than `limit` do. Reads the
    /// list in place (no array per candidate).
    package func strongestCompletion(of piece: [UInt8], limit: Int, family: ([UInt8], UnsafeBufferPointer<UInt8>) -> Bool)
        -> (word: [UInt8], weight: Int, total: Int, familyWeight: Int)? {
        guard let first = piece.first else { return nil }
        return bytes.withUnsafeBufferPointer { text in
            entries.withUnsafeBufferPointer { list in
                piece.withUnsafeBufferPointer { piece in
                    let end = Int(starts[Int(first) + 1])
                    let low = Self.firstNotBefore(piece, text, list, Int(starts[Int(first)]), end)
                    var best = -1, total = 0, seen = 0
                    var k = low
                    while k < end, Int(list[k].length) >= piece.count, Self.compare(text, Int(list[k].start), piece.count, piece) == 0 {
                        let entry = list[k]
                        k += 1
                        guard Int(entry.length) > piece.count,
                              !text[(Int(entry.start) + piece.count)..<Int(entry.start + entry.length)].contains(0x20) else { continue }
                        seen += 1
                        guard seen <= limit else { return nil }
                        total += Int(entry.zipf)
                        if best < 0 || entry.zipf >= list[best].zipf { best = k - 1 }
                    }
                    guard best >= 0 else { return nil }
                    let word = Array(text[Int(list[best].start)..<Int(list[best].start + list[best].length)])
                    var familyWeight = 0
                    for j in low..<k {
                        let entry = list[j]
                        guard Int(entry.length) > piece.count else { continue }
                        let other = UnsafeBufferPointer(rebasing: text[Int(entry.start)..<Int(entry.start + entry.length)])
                        guard !other[piece.count...].contains(0x20) else { continue }
                        if j == best || family(word, other) { familyWeight += Int(entry.zipf) }
                    }
                    return (word, Int(list[best].zipf), total, familyWeight)
                }
            }
        }
    }

    /// "3.8" → 38, "4" → 40, "3.85" → 39 (rounded half up); nil when not a plain decimal.
    private static func tenths(_ field: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        var whole = 0, fraction = 0, fractionDigits = 0, seenDot = false, digits = 0
        for byte in field {
            if byte == 0x2E, !seenDot { seenDot = true; continue }
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            digits += 1
            if seenDot { if fractionDigits < 2 { fraction = fraction * 10 + Int(byte - 0x30); fractionDigits += 1 } }
            else { whole = whole * 10 + Int(byte - 0x30) }
        }
        guard digits > 0 else { return nil }
        let hundredths = whole * 100 + (fractionDigits == 1 ? fraction * 10 : fraction)
        return (hundredths + 5) / 10
    }
}
