import GardenFoundation

/// What the row analysis may know about a pattern hit: the part the pattern plays in a descriptor, never who
/// owns it. A source sets it when it adds its patterns (``PatternSink``).
public enum MatchRole: UInt8, Sendable {
    /// Bank boilerplate, operation words, statement labels: removed before the merchant is read.
    case boilerplate
    /// A payment processor's, channel's or marketplace's prefix ("PAG*", "IFD*").
    case wrapper
    /// A merchant's name (a brand pattern).
    case name
    /// A word or phrase naming a trade ("DROGARIA", "AUTO POSTO").
    case trade
    /// A bank's own line wording ("TARIFA", "PAGAMENTO FATURA"), looked for on the whole line.
    case lineWording
    /// Declared knowledge of a resolver (``PatternOptions/lineScope``: on the whole line, else in the merchant words).
    case other
}

/// How a pattern's hit is taken, set by the source that added it (``PatternSink``).
public struct PatternOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// The pattern may end inside a word (a trailing `*` in a data file).
    public static let prefix = PatternOptions(rawValue: 1)
    /// A wrapper prefix counts only when the bank printed `*` after it.
    public static let needsStar = PatternOptions(rawValue: 2)
    /// Declared knowledge looked for on the whole line (else in the merchant words).
    public static let lineScope = PatternOptions(rawValue: 4)
}

/// One entry of the automaton, packed in 8 bytes: the slot of the source that added the pattern (its index
/// in the image's table of contents), the hit's role and options, and the record of that source it stands
/// for. Read in place from the image (one copy of the array, no decoding per entry).
public struct AutomatonEntry: Sendable, Hashable, BitwiseCopyable {
    /// `record` in the low 32 bits, then options, role and slot.
    public let raw: UInt64

    public init(slot: UInt16, role: MatchRole, options: PatternOptions, record: Int) {
        raw = UInt64(UInt32(truncatingIfNeeded: record)) | UInt64(options.rawValue) << 32 | UInt64(role.rawValue) << 40 | UInt64(slot) << 48
    }

    package init(raw: UInt64) { self.raw = raw }

    /// The source's slot (its section's index in the image).
    @inline(__always) public var slot: UInt16 { UInt16(truncatingIfNeeded: raw >> 48) }
    /// The part the hit plays.
    @inline(__always) public var role: MatchRole { MatchRole(rawValue: UInt8(truncatingIfNeeded: raw >> 40)) ?? .other }
    @inline(__always) public var options: PatternOptions { PatternOptions(rawValue: UInt8(truncatingIfNeeded: raw >> 32)) }
    /// The record of the source the pattern stands for.
    @inline(__always) public var record: Int { Int(UInt32(truncatingIfNeeded: raw)) }
}

/// Collects the patterns every source adds while it compiles, in order, and builds the one automaton over
/// them (``PatternTrie``): entry `i` of ``entries`` stands for pattern `i`. The order of the sources is the
/// order of the entries, so on equal matches the earlier source's pattern wins.
public struct PatternSink {
    private var patterns: [(text: [UInt8], flags: PatternTrie.EntryFlags, group: Int)] = []
    private var classes: [UInt8] = []
    /// The entries added so far.
    public private(set) var entries: [AutomatonEntry] = []
    private var groups: [String: Int] = [:]
    /// The slot of the source compiling now (set by the image's builder).
    package var slot: UInt16 = 0

    package init() {}

    /// Adds `text` (folded as descriptors are; nothing when it folds to nothing) for `record` of the current source.
    /// A pattern with a `group` completes a word the bank cut (``PatternTrie``'s truncated matches) only as one of
    /// its group; groups of `truncationClass` 0 (names) and 1 (trade words) complete independently.
    public mutating func add(_ text: String, record: Int, role: MatchRole, options: PatternOptions = [],
                             flags: PatternTrie.EntryFlags = [], group: String? = nil, truncationClass: UInt8 = 0) {
        let folded = TokenizedText(text).folded
        guard !folded.isEmpty else { return }
        var groupID = -1
        if let group {
            groupID = groups[group] ?? groups.count
            groups[group] = groupID
        }
        patterns.append((folded, flags, groupID))
        classes.append(truncationClass)
        entries.append(AutomatonEntry(slot: slot, role: role, options: options, record: record))
    }

    /// The automaton over every pattern added.
    public func automaton() -> PatternTrie { PatternTrie(patterns: patterns, truncationClass: classes) }
}

extension BinaryReader {
    /// A counted array of automaton entries (``BinaryWriter/array(_:)`` of their raw words), in one copy.
    package mutating func automatonEntries() throws(Malformed) -> [AutomatonEntry] {
        try array(UInt64.self).map(AutomatonEntry.init(raw:))
    }
}
