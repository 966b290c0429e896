import GardenFoundation

/// One automaton for every literal pattern garden knows (brands, processors, boilerplate cleaners,
/// keyword rules, user rules): a byte trie over folded text, walked from each word start, so the cost
/// of matching a descriptor depends on its length and not on the number of patterns.
///
/// Word edges are the default: a match must start at a word start and end at a word end. Patterns may
/// also be accepted ending inside a word (``Acceptance/prefix``), and a pattern of several words is also
/// stored without its spaces so a glued descriptor (`RAIADROGASILSA`) can match it.
public struct PatternTrie: Sendable {
    /// How a stored entry may match.
    public struct EntryFlags: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// May end inside a word ("POSTO" in "POSTOBEIRARIOI").
        public static let prefix = EntryFlags(rawValue: 1)
        /// Only at the first word of the searched region ("^99").
        public static let anchored = EntryFlags(rawValue: 2)
        /// The despaced form of a multi-word pattern (internal).
        public static let glued = EntryFlags(rawValue: 4)
    }

    /// What a search found: which entry, where (word indices and folded byte span), and how.
    public struct Match: Sendable, Hashable {
        public enum Mode: UInt8, Sendable { case word, prefix, glued, truncated }
        public var entry: Int
        public var firstToken: Int
        /// Folded byte offsets of the matched text.
        public var start: Int
        public var end: Int
        public var mode: Mode
        /// Matched length in folded bytes (the longest wins).
        public var length: Int { end - start }
    }

    // Frozen nodes: edges sorted by byte in flat arrays (internal for PatternTrie+Storage.swift).
    package var edgeStart: [Int32] = []
    package var edgeCount: [UInt16] = []
    package var edgeByte: [UInt8] = []
    package var edgeTarget: [Int32] = []
    package var rootTable = [Int32](repeating: -1, count: 256)
    package var terminalStart: [Int32] = []
    package var terminalCount: [UInt16] = []
    package var terminals: [Int32] = []           // entry index
    package var terminalFlags: [EntryFlags] = []   // per terminal slot
    /// An entry of the only group reachable below a node (for truncated descriptors), or -1.
    package var soleEntryBelow: [[Int32]] = [[], []]
    package var entryGroup: [Int32] = []
    package var entryClass: [UInt8] = []
    /// The number of entries the trie was built from.
    public internal(set) var entryCount = 0
    /// Wide nodes (``denseEdgeCount`` edges or more: the first levels, where a binary search over the sorted edges took
    /// 4–6 probes a byte) also get a dense row of child ids indexed by the byte's class: one load a step there. Per
    /// node, the row's start in ``denseTargets`` or -1. Derived from the edges on build and on load, never written.
    package var denseRow: [Int32] = []
    /// The dense rows, ``denseClassCount`` entries each: the child id for each byte class, -1 for none.
    package var denseTargets: [Int32] = []
    /// The class of each byte in the dense rows: 0 for a byte no edge of a wide node has (its entry is -1 in every
    /// row), else 1 up to ``denseClassCount`` − 1 (the bytes that do: letters, digits and the space in practice).
    package var denseClass = [UInt8](repeating: 0, count: 256)
    /// Entries in a dense row (the distinct edge bytes of wide nodes, plus class 0).
    package var denseClassCount = 1
    /// The fewest edges a node has for a dense row.
    static let denseEdgeCount = 6

    /// Builds the trie; `patterns[i]` is entry `i`'s folded text (words separated by one space).
    /// Entries with the same `group` (the patterns of one brand, keywords of one category) count as
    /// one when a truncated descriptor is completed; a negative group never completes one. Groups are
    /// compared within a `truncationClass` (0 or 1: brands and keywords complete independently).
    public init(patterns: [(text: [UInt8], flags: EntryFlags, group: Int)], truncationClass: [UInt8]? = nil) {
        var builder = Builder()
        entryGroup = patterns.map { Int32($0.group) }
        entryClass = truncationClass ?? Array(repeating: 0, count: patterns.count)
        for (index, pattern) in patterns.enumerated() where !pattern.text.isEmpty {
            builder.insert(pattern.text, entry: index, flags: pattern.flags)
            // The despaced form of a multi-word pattern, when long enough not to be a word of its own
            // ("C A" must not match "CA").
            let despaced = pattern.text.filter { $0 != 0x20 }
            if despaced.count != pattern.text.count, despaced.count >= 6 {
                builder.insert(despaced, entry: index, flags: pattern.flags.union(.glued))
            }
        }
        entryCount = patterns.count
        freeze(builder)
    }

    /// The trie under construction: first-child / next-sibling lists (no per-node dictionaries, so
    /// 100,000 patterns build quickly), the root's children in a direct table.
    private struct Builder {
        var byte: [UInt8] = [0]
        var firstChild: [Int32] = [-1]
        var nextSibling: [Int32] = [-1]
        var rootChild = [Int32](repeating: -1, count: 256)
        var ends: [Int32: [(Int32, EntryFlags)]] = [:]
        var count: Int { byte.count }

        mutating func child(of node: Int32, _ b: UInt8) -> Int32 {
            if node == 0 {
                if rootChild[Int(b)] >= 0 { return rootChild[Int(b)] }
                let id = make(b)
                rootChild[Int(b)] = id
                nextSibling[Int(id)] = firstChild[0]
                firstChild[0] = id
                return id
            }
            var c = firstChild[Int(node)]
            while c >= 0 {
                if byte[Int(c)] == b { return c }
                c = nextSibling[Int(c)]
            }
            let id = make(b)
            nextSibling[Int(id)] = firstChild[Int(node)]
            firstChild[Int(node)] = id
            return id
        }

        mutating func make(_ b: UInt8) -> Int32 {
            byte.append(b)
            firstChild.append(-1)
            nextSibling.append(-1)
            return Int32(byte.count - 1)
        }

        mutating func insert(_ text: [UInt8], entry: Int, flags: EntryFlags) {
            var node: Int32 = 0
            for b in text { node = child(of: node, b) }
            var list = ends[node] ?? []
            if !list.contains(where: { $0.0 == Int32(entry) && $0.1 == flags }) { list.append((Int32(entry), flags)) }
            ends[node] = list
        }

        /// The children of a node as (byte, child), sorted by byte.
        func children(_ node: Int) -> [(UInt8, Int32)] {
            var out: [(UInt8, Int32)] = []
            var c = firstChild[node]
            while c >= 0 {
                out.append((byte[Int(c)], c))
                c = nextSibling[Int(c)]
            }
            return out.sorted { $0.0 < $1.0 }
        }
    }

    private mutating func freeze(_ b: Builder) {
        copyNodes(b)
        rootTable = b.rootChild
        computeSoleEntriesBelow(b.count)
        buildDenseRows()
    }

    /// Builds ``denseRow`` and ``denseTargets`` from the sorted edges of the nodes with ``denseEdgeCount`` edges or more
    /// (a pass over the nodes: on build and when the frozen arrays are read from an image). Only in-range edges go into
    /// a row (an edge list that leaves the edge arrays is skipped: that node keeps its binary search).
    package mutating func buildDenseRows() {
        let nodes = edgeStart.count
        denseRow = .init(repeating: -1, count: nodes)
        denseTargets = []
        denseClass = .init(repeating: 0, count: 256)
        denseClassCount = 1
        var wide: [Int] = []
        for node in 1..<max(1, nodes) where Int(edgeCount[node]) >= Self.denseEdgeCount {
            let start = Int(edgeStart[node]), end = start + Int(edgeCount[node])
            guard start >= 0, end <= edgeByte.count else { continue }
            wide.append(node)
            for k in start..<end where denseClass[Int(edgeByte[k])] == 0 {
                denseClass[Int(edgeByte[k])] = UInt8(truncatingIfNeeded: denseClassCount)
                denseClassCount += 1
                guard denseClassCount < 256 else { break }
            }
            guard denseClassCount < 256 else { break }
        }
        // More than 255 distinct bytes cannot be classes of one byte: no dense rows then (binary search everywhere).
        guard denseClassCount < 256 else {
            denseRow = .init(repeating: -1, count: nodes)
            denseClass = .init(repeating: 0, count: 256)
            denseClassCount = 1
            return
        }
        denseTargets.reserveCapacity(wide.count * denseClassCount)
        for node in wide {
            let row = denseTargets.count
            denseRow[node] = Int32(row)
            denseTargets.append(contentsOf: repeatElement(-1, count: denseClassCount))
            let start = Int(edgeStart[node])
            for k in start..<(start + Int(edgeCount[node])) {
                denseTargets[row + Int(denseClass[Int(edgeByte[k])])] = edgeTarget[k]
            }
        }
    }

    /// Copies the builder's `b` children (sorted by byte) and terminals into the flat edge and terminal arrays.
    private mutating func copyNodes(_ b: Builder) {
        let n = b.count
        edgeStart = .init(repeating: 0, count: n)
        edgeCount = .init(repeating: 0, count: n)
        terminalStart = .init(repeating: 0, count: n)
        terminalCount = .init(repeating: 0, count: n)
        soleEntryBelow = [.init(repeating: -1, count: n), .init(repeating: -1, count: n)]
        edgeByte.reserveCapacity(n)
        edgeTarget.reserveCapacity(n)
        var scratch: [(UInt8, Int32)] = []
        scratch.reserveCapacity(256)
        for node in 0..<n {
            // Children from the sibling list, sorted by byte (lists are short: insertion sort).
            scratch.removeAll(keepingCapacity: true)
            var c = b.firstChild[node]
            while c >= 0 {
                let item = (b.byte[Int(c)], c)
                var k = scratch.count
                scratch.append(item)
                while k > 0, scratch[k - 1].0 > item.0 { scratch[k] = scratch[k - 1]; k -= 1 }
                scratch[k] = item
                c = b.nextSibling[Int(c)]
            }
            edgeStart[node] = Int32(edgeByte.count)
            edgeCount[node] = UInt16(scratch.count)
            for (byte, target) in scratch {
                edgeByte.append(byte)
                edgeTarget.append(target)
            }
            terminalStart[node] = Int32(terminals.count)
            let ends = b.ends[Int32(node)] ?? []
            terminalCount[node] = UInt16(ends.count)
            for (entry, flags) in ends {
                terminals.append(entry)
                terminalFlags.append(flags)
            }
        }
    }

    /// Sets ``soleEntryBelow``: the sole entry group below each of the `n` nodes, per class; children
    /// before parents (a child's id is larger).
    private mutating func computeSoleEntriesBelow(_ n: Int) {
        let multiple: Int32 = -2
        for cls in 0..<2 {
            var sole = soleEntryBelow[cls]
            for node in stride(from: n - 1, through: 0, by: -1) {
                var value: Int32 = -1
                func merge(_ candidate: Int32) {
                    if candidate == -1 { return }
                    if candidate == multiple { value = multiple; return }
                    if value == multiple { return }
                    if value == -1 { value = candidate; return }
                    if entryGroup[Int(value)] != entryGroup[Int(candidate)] { value = multiple }
                }
                for k in 0..<Int(terminalCount[node]) {
                    let slot = Int(terminalStart[node]) + k
                    let entry = terminals[slot]
                    // A glued variant ("VERDEMAR") completes no cut word: "MUNDO VERDE" is not it.
                    if terminalFlags[slot].contains(.glued) { continue }
                    if entryGroup[Int(entry)] >= 0, Int(entryClass[Int(entry)]) == cls { merge(entry) }
                }
                for k in 0..<Int(edgeCount[node]) { merge(sole[Int(edgeTarget[Int(edgeStart[node]) + k])]) }
                sole[node] = value
            }
            for node in 0..<n where sole[node] == multiple { sole[node] = -1 }
            soleEntryBelow[cls] = sole
        }
    }

    /// The spaces in `range` of the folded bytes (the complete words before a cut one), counted without allocating.
    @inline(__always) private static func spaces(_ f: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var count = 0
        for i in range where f[i] == 0x20 { count += 1 }
        return count
    }

    @inline(__always) private func child(_ node: Int, _ byte: UInt8) -> Int {
        if node == 0 { return Int(rootTable[Int(byte)]) }
        let row = Int(denseRow[node])
        if row >= 0 {
            let cls = Int(denseClass[Int(byte)])
            return cls == 0 ? -1 : Int(denseTargets[row + cls])
        }
        var lo = Int(edgeStart[node])
        var hi = lo + Int(edgeCount[node])
        while lo < hi {
            let mid = (lo + hi) >> 1
            let b = edgeByte[mid]
            if b == byte { return Int(edgeTarget[mid]) }
            if b < byte { lo = mid + 1 } else { hi = mid }
        }
        return -1
    }

    /// Options of one search.
    public struct SearchOptions: Sendable {
        /// Words `range` of the text are searched; matches never leave it.
        public var tokens: Range<Int>
        /// The first word may be a glued run ("UBERRIDES" after `DL*`): any entry may end inside it.
        public var relaxFirstWord = false
        /// The last word may be cut short by the bank ("GOOGLE YOUTUB"): accept an entry whose text
        /// continues, when only one entry lies below and at least 4 letters of the word were read.
        public var allowTruncatedEnd = false
        /// Only the matches that begin at the first word are looked for: one walk, not one from every word (the same
        /// matches as a search of the whole range has at its first word).
        public var fromFirstWordOnly = false
        public init(tokens: Range<Int>, relaxFirstWord: Bool = false, allowTruncatedEnd: Bool = false, fromFirstWordOnly: Bool = false) {
            self.tokens = tokens
            self.relaxFirstWord = relaxFirstWord
            self.allowTruncatedEnd = allowTruncatedEnd
            self.fromFirstWordOnly = fromFirstWordOnly
        }
    }

    /// Appends every match in the searched words of `text` to `matches`, in word order.
    public func search(_ text: TokenizedText, _ options: SearchOptions, into matches: inout [Match]) {
        let tokens = text.tokens
        guard !options.tokens.isEmpty else { return }
        let folded = text.folded
        let regionEnd = tokens[options.tokens.upperBound - 1].foldedEnd
        let firstWordEnd = tokens[options.tokens.lowerBound].foldedEnd
        let starts = options.fromFirstWordOnly ? options.tokens.lowerBound..<(options.tokens.lowerBound + 1) : options.tokens
        folded.withUnsafeBufferPointer { f in
            for t in starts {
                let start = tokens[t].foldedStart
                let anchoredOK = t == options.tokens.lowerBound
                var node = 0
                var p = start
                var wordStart = start
                while p < regionEnd {
                    let next = child(node, f[p])
                    if next < 0 { break }
                    node = next
                    if f[p] == 0x20 { wordStart = p + 1 }
                    p += 1
                    let count = Int(terminalCount[node])
                    guard count > 0 else { continue }
                    let atEdge = p == regionEnd || f[p] == 0x20
                    let inFirstWord = t == options.tokens.lowerBound && p <= firstWordEnd
                    for k in 0..<count {
                        let slot = Int(terminalStart[node]) + k
                        let flags = terminalFlags[slot]
                        if flags.contains(.anchored) && !anchoredOK { continue }
                        var mode: Match.Mode
                        if atEdge {
                            mode = flags.contains(.glued) ? .glued : .word
                        } else if flags.contains(.prefix) || (options.relaxFirstWord && inFirstWord) {
                            mode = flags.contains(.glued) ? .glued : .prefix
                        } else {
                            continue
                        }
                        if mode == .glued && !atEdge && !(options.relaxFirstWord && inFirstWord) && !flags.contains(.prefix) { continue }
                        matches.append(Match(entry: Int(terminals[slot]), firstToken: t, start: start, end: p, mode: mode))
                    }
                }
                // A descriptor cut short at the bank's column limit.
                guard options.allowTruncatedEnd, p == regionEnd, node > 0 else { continue }
                let partial = p - wordStart
                if partial >= 4 && p - start >= 5 || partial >= 1 && p - start >= 10 && Self.spaces(f, start..<wordStart) >= 2,
                   terminalCount[node] == 0, child(node, 0x20) < 0 {
                    for cls in 0..<2 where soleEntryBelow[cls][node] >= 0 {
                        let entry = Int(soleEntryBelow[cls][node])
                        if !matches.contains(where: { $0.entry == entry && $0.start == start }) {
                            matches.append(Match(entry: entry, firstToken: t, start: start, end: p, mode: .truncated))
                        }
                    }
                }
            }
        }
    }
}
