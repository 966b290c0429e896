/// Rewrites an input object with one member replaced: the line's bytes are kept as they are, an
/// existing member of that name is removed, and the new member is appended before the closing brace.
/// Re-resolving garden's own output is therefore idempotent.
public enum JSONSplice {
    /// `doc`'s root object with member `key` set to the JSON text `value` (removed when `value` is nil),
    /// appended to `out`.
    public static func replacingMember(_ key: StaticString, in doc: JSONDocument, with value: [UInt8]?, into out: inout [UInt8]) {
        if let value {
            replacingMember(key, in: doc, into: &out) { $0.append(contentsOf: value) }
        } else {
            rewritingRoot(of: doc, into: &out, dropping: { isKey(key, $0, in: doc) }) { _, _ in }
        }
    }

    /// `doc`'s root object with member `key` set to the JSON text `writing` appends to the buffer it is given,
    /// appended to `out`: the value is written in place, with no array of its own. (`writing` is not optional: an
    /// optional closure escapes, and its context, with copies of what it captures, was allocated on every row.)
    public static func replacingMember(_ key: StaticString, in doc: JSONDocument, into out: inout [UInt8],
                                       writing value: (inout [UInt8]) -> Void) {
        rewritingRoot(of: doc, into: &out, dropping: { isKey(key, $0, in: doc) }) { out, hasOthers in
            if hasOthers { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "\""))
            key.withUTF8Buffer { out.append(contentsOf: $0) }
            out.append(UInt8(ascii: "\""))
            out.append(UInt8(ascii: ":"))
            value(&out)
        }
    }

    /// `doc`'s root object, appended to `out`, without the members `dropping` names (each with the comma that separates
    /// it) and with what `appending` writes before the closing brace (told whether any member is left before it);
    /// every other byte kept, whitespace before the closing brace dropped.
    private static func rewritingRoot(of doc: JSONDocument, into out: inout [UInt8], dropping: (Int) -> Bool,
                                      appending: (inout [UInt8], _ hasOthers: Bool) -> Void) {
        let root = doc[doc.root]
        var drops: [Range<Int>] = []
        var hasOthers = false
        var previous = -1
        var child = Int(root.firstChild)
        while child >= 0 {
            let n = doc[child]
            let next = Int(n.nextSibling)
            defer { previous = child; child = next }
            guard dropping(child) else { hasOthers = true; continue }
            let memberStart = Int(n.keyStart) - 1      // the opening quote of the key
            let memberEnd = Int(n.end)
            if previous >= 0 {
                // From the end of the previous value through this member (drops the comma before it).
                drops.append(Int(doc[previous].end)..<memberEnd)
            } else if next >= 0 {
                // First member: drop it and the comma after it, up to the next key.
                drops.append(memberStart..<(Int(doc[next].keyStart) - 1))
            } else {
                drops.append(memberStart..<memberEnd)
            }
        }
        doc.bytes.withUnsafeBufferPointer { bytes in
            func copy(_ range: Range<Int>) { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range])) }
            let closing = Int(root.end) - 1                         // the '}' of the root object
            copy(0..<Int(root.start))                               // whitespace before the object, as given
            var cursor = Int(root.start)
            for drop in drops {
                if drop.lowerBound > cursor { copy(cursor..<drop.lowerBound) }
                cursor = max(cursor, drop.upperBound)
            }
            // Up to the closing brace, without trailing whitespace before it.
            var tail = closing
            while tail > cursor, isWhitespace(bytes[tail - 1]) { tail -= 1 }
            copy(cursor..<tail)
            appending(&out, hasOthers)
            out.append(UInt8(ascii: "}"))
            copy(Int(root.end)..<bytes.count)                       // and after it
        }
    }

    /// `doc` with the value of its root's member `key` replaced by the JSON text `value` where it stands
    /// (every other byte, and the members' order, kept); nil when the root has no such member.
    public static func replacingValue(_ key: StaticString, in doc: JSONDocument, with value: [UInt8]) -> [UInt8]? {
        guard let node = doc.member(key, of: doc.root) else { return nil }
        let n = doc[node]
        return Array(doc.bytes[..<Int(n.start)]) + value + Array(doc.bytes[Int(n.end)...])
    }

    /// Whether the member `child` of `doc` is named `key` (its key compared in place unless escaped).
    private static func isKey(_ key: StaticString, _ child: Int, in doc: JSONDocument) -> Bool {
        key.withUTF8Buffer { k in
            let n = doc[child]
            guard !n.keyEscaped, Int(n.keyEnd - n.keyStart) == k.count else {
                return n.keyEscaped && doc.keyText(child) == String(decoding: UnsafeRawBufferPointer(k), as: UTF8.self)
            }
            return doc.bytes.withUnsafeBufferPointer { bytes in
                for i in 0..<k.count where bytes[Int(n.keyStart) + i] != k[i] { return false }
                return true
            }
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

extension JSONDocument {
    /// The decoded key of an object member.
    public func keyText(_ index: Int) -> String {
        let n = nodes[index]
        if n.keyEscaped { return JSONScanner.unescape(bytes, from: Int(n.keyStart), to: Int(n.keyEnd)) }
        return String(decoding: bytes[Int(n.keyStart)..<Int(n.keyEnd)], as: UTF8.self)
    }
}

extension JSONSplice {
    /// `doc`'s root object with each member of `from`'s root that `keep` names and `doc` lacks (absent or null) appended
    /// before the closing brace, as `from` wrote it, and each member `replace` names taken from `from` in place of
    /// `doc`'s; nil when nothing is added or replaced. Keys are compared decoded; every byte of `doc` is kept otherwise.
    public static func addingMembers(of from: JSONDocument, to doc: JSONDocument, keep: Set<String>, replace: Set<String> = []) -> [UInt8]? {
        guard doc[doc.root].kind == .object, from[from.root].kind == .object else { return nil }
        var present: [String: Int] = [:]
        var child = Int(doc[doc.root].firstChild)
        while child >= 0 {
            present[doc.keyText(child)] = child
            child = Int(doc[child].nextSibling)
        }
        var added: [(key: ArraySlice<UInt8>, value: ArraySlice<UInt8>)] = []
        var dropped: [String] = []
        child = Int(from[from.root].firstChild)
        while child >= 0 {
            let key = from.keyText(child)
            let n = from[child]
            defer { child = Int(n.nextSibling) }
            guard n.kind != .null else { continue }
            if replace.contains(key) {
                if let mine = present[key], doc.raw(mine) == from.raw(child) { continue }
                if present[key] != nil { dropped.append(key) }
            } else {
                guard keep.contains(key), present[key].map({ doc.isNull($0) }) ?? true else { continue }
                if present[key] != nil { dropped.append(key) }
            }
            added.append((from.bytes[(Int(n.keyStart) - 1)..<(Int(n.keyEnd) + 1)], from.raw(child)))
        }
        guard !added.isEmpty else { return nil }
        var out: [UInt8] = []
        let drop = Set(dropped)
        rewritingRoot(of: doc, into: &out, dropping: { drop.contains(doc.keyText($0)) }) { out, hasOthers in
            var hasMembers = hasOthers
            for (key, value) in added {
                if hasMembers { out.append(UInt8(ascii: ",")) }
                out.append(contentsOf: key)
                out.append(UInt8(ascii: ":"))
                out.append(contentsOf: value)
                hasMembers = true
            }
        }
        return out
    }

}
