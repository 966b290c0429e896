import CTextFold

/// Folding for matching: case-, accent- and width-insensitive (Unicode NFKD, non-spacing marks
/// dropped, full case folding; ICU through `CTextFold`). ASCII text takes a fast path that gives the
/// same result without calling ICU.
public enum TextFold {
    /// The folds of U+00C0–U+00FF (the second byte after 0xC3), computed once by ICU itself so the fast
    /// path cannot disagree with it: "É" → "e", "ç" → "c", "ß" → "ss".
    static let latin1: [[UInt8]] = (0x80...0xBF).map { second in foldWithICU([0xC3, UInt8(second)]) }

    /// Folds UTF-8 bytes; apostrophes (' and ’) are dropped so "JOE'S" folds like "JOES".
    public static func fold<C: Collection<UInt8>>(_ bytes: C) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        fold(bytes, into: &out)
        return out
    }

    /// Appends the fold of UTF-8 `bytes` (``fold(_:)-(C)``) to `out`, a buffer the caller reuses.
    public static func fold<C: Collection<UInt8>>(_ bytes: C, into out: inout [UInt8]) {
        let base = out.count
        var simple = true
        var previousLead = false
        for byte in bytes {
            if previousLead {
                guard byte >= 0x80, byte <= 0xBF else { simple = false; break }
                out.append(contentsOf: latin1[Int(byte) - 0x80])
                previousLead = false
                continue
            }
            if byte == 0xC3 { previousLead = true; continue }           // Latin-1 letters: from the table
            if byte >= 0x80 { simple = false; break }
            if byte == UInt8(ascii: "'") { continue }
            out.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        }
        if simple && !previousLead { return }
        out.removeSubrange(base...)
        out.append(contentsOf: foldWithICU(bytes))
    }

    /// The full ICU fold of `bytes` (apostrophes dropped).
    static func foldWithICU<C: Collection<UInt8>>(_ bytes: C) -> [UInt8] {
        var source = Array(bytes)
        // Drop apostrophes: ASCII ' and U+2019 (E2 80 99).
        var i = 0
        var cleaned: [UInt8] = []
        cleaned.reserveCapacity(source.count)
        while i < source.count {
            if source[i] == UInt8(ascii: "'") { i += 1; continue }
            if source[i] == 0xE2, i + 2 < source.count, source[i + 1] == 0x80, source[i + 2] == 0x99 { i += 3; continue }
            cleaned.append(source[i])
            i += 1
        }
        source = cleaned
        let capacity = source.count * 4 + 16
        var result = [UInt8](repeating: 0, count: capacity)
        let written = source.withUnsafeBufferPointer { src in
            result.withUnsafeMutableBufferPointer { dst in
                garden_fold_utf8(src.baseAddress, Int32(src.count), dst.baseAddress, Int32(capacity))
            }
        }
        guard written >= 0 else { return Array(bytes) }
        result.removeSubrange(Int(written)...)
        return result
    }

    /// Folds a string (see ``fold(_:)-(C)``).
    /// A name folded to its letters and digits ("Receita Federal" → `receitafederal`, "McDonald's" → `mcdonalds`).
    public static func lettersAndDigits(_ name: String) -> String {
        String(fold(name).unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) }.map(Character.init))
    }

    public static func fold(_ text: String) -> String {
        String(decoding: fold(Array(text.utf8)), as: UTF8.self)
    }

    /// The ICU version linked in ("72.1").
    public static var icuVersion: String {
        var buffer = [UInt8](repeating: 0, count: 32)
        let length = buffer.withUnsafeMutableBufferPointer { garden_icu_version($0.baseAddress, 32) }
        return length > 0 ? String(decoding: buffer[0..<Int(length)], as: UTF8.self) : "unknown"
    }
}
