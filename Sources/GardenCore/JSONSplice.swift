/// Rewrites an input object with one member replaced: the line's bytes are kept as they are, an
/// existing member of that name is removed, and the new member is appended before the closing brace.
/// Re-resolving garden's own output is therefore idempotent.
public enum JSONSplice {
    /// `doc`'s root object with member `key` set to the JSON text `value` (removed when `value` is nil),
    /// appended to `out`.
    public static func replacingMember(_ key: StaticString, in doc: JSONDocument, with value: [UInt8]?, into out: inout [UInt8]) {
        let bytes = doc.bytes
        let root = doc[doc.root]
        let children = doc.children(of: doc.root)
        // Spans to drop: every existing member named `key`, with the comma that separates it.
        var drops: [Range<Int>] = []
        var hasOthers = false
        for (position, child) in children.enumerated() {
            let isKey = key.withUTF8Buffer { k in
                let n = doc[child]
                guard !n.keyEscaped, Int(n.keyEnd - n.keyStart) == k.count else {
                    return n.keyEscaped && doc.keyText(child) == String(decoding: UnsafeRawBufferPointer(k), as: UTF8.self)
                }
                for i in 0..<k.count where bytes[Int(n.keyStart) + i] != k[i] { return false }
                return true
            }
            guard isKey else { hasOthers = true; continue }
            let memberStart = Int(doc[child].keyStart) - 1      // the opening quote of the key
            let memberEnd = Int(doc[child].end)
            if position > 0 {
                // From the end of the previous value through this member (drops the comma before it).
                drops.append(Int(doc[children[position - 1]].end)..<memberEnd)
            } else if position + 1 < children.count {
                // First member: drop it and the comma after it, up to the next key.
                drops.append(memberStart..<(Int(doc[children[position + 1]].keyStart) - 1))
            } else {
                drops.append(memberStart..<memberEnd)
            }
        }
        let closing = Int(root.end) - 1                         // the '}' of the root object
        out.append(contentsOf: bytes[0..<Int(root.start)])      // whitespace before the object, as given
        var cursor = Int(root.start)
        for drop in drops {
            if drop.lowerBound > cursor { out.append(contentsOf: bytes[cursor..<drop.lowerBound]) }
            cursor = max(cursor, drop.upperBound)
        }
        // Up to the closing brace, without trailing whitespace before it.
        var tail = closing
        while tail > cursor, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[tail - 1]) { tail -= 1 }
        out.append(contentsOf: bytes[cursor..<tail])
        if let value {
            if hasOthers { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "\""))
            key.withUTF8Buffer { out.append(contentsOf: $0) }
            out.append(contentsOf: "\":".utf8)
            out.append(contentsOf: value)
        }
        out.append(UInt8(ascii: "}"))
        out.append(contentsOf: bytes[Int(root.end)...])         // and after it
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
