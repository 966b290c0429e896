/// A parsed JSON text kept as byte spans over the original line: no value is copied or decoded until
/// asked for, so reading the few fields a transaction needs costs little, and the line's own bytes can
/// be written back unchanged.
///
/// Shape: `nodes[0]` is the root; every container lists its children through `firstChild` /
/// `nextSibling` indices; an object member's node carries the span of its key. Offsets are byte
/// offsets into ``bytes``.
public struct JSONDocument: Sendable {
    /// The kind of a JSON value.
    public enum Kind: UInt8, Sendable { case object, array, string, number, bool, null }

    /// One value of the document.
    public struct Node: Sendable {
        public var kind: Kind
        /// First byte of the value (the quote of a string, the brace of an object).
        public var start: Int32
        /// One past the last byte of the value.
        public var end: Int32
        /// For an object member: the key's content span (inside the quotes); else -1.
        public var keyStart: Int32
        public var keyEnd: Int32
        /// Whether the string value (or key) contains backslash escapes.
        public var escaped: Bool
        public var keyEscaped: Bool
        public var firstChild: Int32
        public var nextSibling: Int32
    }

    /// The line being read.
    public let bytes: [UInt8]
    public internal(set) var nodes: [Node]

    /// The index of the root value.
    public var root: Int { 0 }

    /// The node at `index`.
    @inlinable public subscript(index: Int) -> Node { nodes[index] }

    /// The children of a container, in document order.
    public func children(of index: Int) -> [Int] {
        var result: [Int] = []
        var child = Int(nodes[index].firstChild)
        while child >= 0 {
            result.append(child)
            child = Int(nodes[child].nextSibling)
        }
        return result
    }

    /// The value of the member `key` of the object at `index` (the last one when a key repeats), or nil.
    public func member(_ key: StaticString, of index: Int) -> Int? {
        guard index >= 0, nodes[index].kind == .object else { return nil }
        return key.withUTF8Buffer { keyBytes in
            var found: Int?
            var child = Int(nodes[index].firstChild)
            while child >= 0 {
                if keyEquals(child, keyBytes) { found = child }
                child = Int(nodes[child].nextSibling)
            }
            return found
        }
    }

    /// The values of several members of an object in one pass over it (the last one when a key repeats):
    /// `result[k]` is the value of `keys[k]`, or nil.
    public func members(_ keys: [[UInt8]], of index: Int) -> [Int?] {
        var result = [Int?](repeating: nil, count: keys.count)
        guard index >= 0, nodes[index].kind == .object else { return result }
        var child = Int(nodes[index].firstChild)
        while child >= 0 {
            let n = nodes[child]
            if n.keyEscaped {
                let key = Array(JSONScanner.unescape(bytes, from: Int(n.keyStart), to: Int(n.keyEnd)).utf8)
                for k in keys.indices where keys[k] == key { result[k] = child }
            } else {
                for k in keys.indices where keyEquals(n, keys[k]) { result[k] = child }
            }
            child = Int(n.nextSibling)
        }
        return result
    }

    /// Whether the unescaped key of `n` is `key`, compared byte by byte in place.
    @inline(__always)
    private func keyEquals(_ n: Node, _ key: [UInt8]) -> Bool {
        let start = Int(n.keyStart), length = Int(n.keyEnd - n.keyStart)
        guard key.count == length else { return false }
        return bytes.withUnsafeBufferPointer { line in
            key.withUnsafeBufferPointer { key in
                var i = 0
                while i < length, line[start + i] == key[i] { i += 1 }
                return i == length
            }
        }
    }

    /// Follows a path of member keys from the root.
    public func path(_ keys: StaticString...) -> Int? {
        var current = root
        for key in keys {
            guard let next = member(key, of: current) else { return nil }
            current = next
        }
        return current
    }

    private func keyEquals(_ node: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = nodes[node]
        if n.keyEscaped {
            return Array(JSONScanner.unescape(bytes, from: Int(n.keyStart), to: Int(n.keyEnd)).utf8) == Array(key)
        }
        let length = Int(n.keyEnd - n.keyStart)
        guard length == key.count else { return false }
        var i = 0
        let base = Int(n.keyStart)
        while i < length {
            if bytes[base + i] != key[i] { return false }
            i += 1
        }
        return true
    }

    /// The decoded text of a string node; nil for any other kind.
    public func string(_ index: Int?) -> String? {
        guard let index, nodes[index].kind == .string else { return nil }
        let n = nodes[index]
        if n.escaped { return JSONScanner.unescape(bytes, from: Int(n.start) + 1, to: Int(n.end) - 1) }
        return String(decoding: bytes[Int(n.start) + 1 ..< Int(n.end) - 1], as: UTF8.self)
    }

    /// The text of a string or the literal of a number (as written); nil otherwise.
    public func scalarText(_ index: Int?) -> String? {
        guard let index else { return nil }
        switch nodes[index].kind {
        case .string: return string(index)
        case .number: return String(decoding: raw(index), as: UTF8.self)
        default: return nil
        }
    }

    /// The raw bytes of a value as written in the line.
    public func raw(_ index: Int) -> ArraySlice<UInt8> {
        bytes[Int(nodes[index].start) ..< Int(nodes[index].end)]
    }

    /// Whether the node is JSON `null` (or absent).
    public func isNull(_ index: Int?) -> Bool {
        guard let index else { return true }
        return nodes[index].kind == .null
    }
}
