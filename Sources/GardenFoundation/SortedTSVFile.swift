/// A data file of `key<TAB>value…` lines sorted by the key's bytes, after a header of `#` lines, looked up by binary
/// search in the mapped file: nothing is parsed or copied at start, and a lookup reads about log2(lines) lines
/// (18 for 200,000), so a table of hundreds of thousands of keys costs a start nothing and a row a few hundred
/// instructions. For tables too large to parse at every start (`Rules/domains_ut1.tsv`, 193,000 web domains).
///
/// The converter that writes such a file sorts it (Python `sorted(key=str.encode)`); a file out of order finds
/// fewer keys, never wrong ones (a line is returned only when its key equals the one asked for).
public struct SortedTSVFile: Sendable {
    /// The mapped file.
    public let bytes: MappedBytes
    /// The byte offset where the first line after the header starts.
    let start: Int

    /// The file at `path`, mapped.
    /// - Throws: ``MappedBytes/Failure`` when it cannot be opened or mapped.
    public init(mapping path: String) throws(MappedBytes.Failure) {
        self.init(try MappedBytes(mapping: path))
    }

    /// The sorted lines of `bytes` (a test's copy, or a mapped file).
    public init(_ bytes: MappedBytes) {
        self.bytes = bytes
        var offset = 0
        let raw = bytes.raw
        while offset < raw.count, raw[offset] == UInt8(ascii: "#") {
            while offset < raw.count, raw[offset] != UInt8(ascii: "\n") { offset += 1 }
            offset += 1
        }
        start = min(offset, raw.count)
    }

    /// The columns after the key of the line whose key is `key` (bytes, compared as they are), nil when none is.
    /// - Complexity: O(log n) lines read.
    public func value<Key: Collection<UInt8>>(for key: Key) -> [Substring]? {
        let raw = bytes.raw
        var low = start, high = raw.count
        // Invariant: a line with this key, if any, starts in [low, high).
        while low < high {
            var mid = low + (high - low) / 2
            // Back to the start of the line holding `mid`.
            while mid > low, raw[mid - 1] != UInt8(ascii: "\n") { mid -= 1 }
            let order = compare(key, lineAt: mid)
            if order == 0 { return columns(at: mid) }
            if order < 0 {
                high = mid
            } else {
                var next = mid
                while next < raw.count, raw[next] != UInt8(ascii: "\n") { next += 1 }
                low = next + 1
            }
        }
        return nil
    }

    /// `key` against the key of the line at `offset`: negative when `key` sorts before it, 0 when equal.
    private func compare<Key: Collection<UInt8>>(_ key: Key, lineAt offset: Int) -> Int {
        let raw = bytes.raw
        var position = offset
        for byte in key {
            guard position < raw.count else { return 1 }
            let other = raw[position]
            if other == UInt8(ascii: "\t") || other == UInt8(ascii: "\n") { return 1 }
            if byte != other { return byte < other ? -1 : 1 }
            position += 1
        }
        if position >= raw.count { return 0 }
        let end = raw[position]
        return end == UInt8(ascii: "\t") || end == UInt8(ascii: "\n") ? 0 : -1
    }

    /// The columns after the key of the line at `offset`.
    private func columns(at offset: Int) -> [Substring] {
        let raw = bytes.raw
        var end = offset
        while end < raw.count, raw[end] != UInt8(ascii: "\n") { end += 1 }
        let line = String(decoding: UnsafeRawBufferPointer(rebasing: raw[offset..<end]), as: UTF8.self)
        return Array(line.split(separator: "\t", omittingEmptySubsequences: false).dropFirst())
    }
}
