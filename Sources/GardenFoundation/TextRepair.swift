import Foundation

/// Repairs descriptor text as banks and exporters damage it, before anything is matched:
/// HTML/XML character references decoded, also when escaped twice (`C&amp;A` → `C&A`, `&#39;` → `'`,
/// `&amp;lt;` → `<`), UTF-8 that was read as
/// Windows-1252 repaired exactly (`PÃƒO DE AÃ‡ÃšCAR` → `PÃO DE AÇÚCAR`), and a U+FFFD replacement
/// character that stands for one lost letter filled in when exactly one letter makes a word garden knows
/// (`P�O DE A�UCAR` → `PAO DE ACUCAR`).
///
/// Sources: the XML 1.0 predefined entities and HTML's `&nbsp;` (W3C); the Windows-1252 code page
/// (WHATWG Encoding Standard, index-windows-1252) for bytes 0x80–0x9F.
public enum TextRepair {
    /// `text` repaired; the same string when nothing needed repair (the common case costs one byte scan).
    /// `knownWords`: folded words of the catalog's patterns, used to fill in U+FFFD.
    public static func repaired(_ text: String, knownWords: @autoclosure () -> Set<String>) -> String {
        let (hasAmpersand, hasMojibake, hasReplacement) = text.utf8.withContiguousStorageIfAvailable(damage) ?? damage(Array(text.utf8))
        guard hasAmpersand || hasMojibake || hasReplacement else { return text }
        var out = text
        // Twice: exporters escape text that was already escaped ("&amp;lt;").
        if hasAmpersand { out = decodingEntities(decodingEntities(out)) }
        if hasMojibake { out = repairingMojibake(out) }
        if hasReplacement { out = fillingReplacements(out, knownWords: knownWords()) }
        return out
    }

    /// `text` with UTF-8 that was read as Windows-1252 repaired exactly (``repairingMojibake(_:)``: `Boleto no CrÃ©dito`
    /// → `Boleto no Crédito`, as a spreadsheet's round trip of a UTF-8 export leaves it); the same string when it shows
    /// no such damage (one byte scan). What `garden import` does to a row's texts before its id is made from them, so a
    /// damaged export and a clean one of the same month are the same rows (hostile10 F26); it needs no catalog, unlike
    /// filling in U+FFFD.
    public static func repairingEncoding(_ text: String) -> String {
        let (_, hasMojibake, _) = text.utf8.withContiguousStorageIfAvailable(damage) ?? damage(Array(text.utf8))
        return hasMojibake ? repairingMojibake(text) : text
    }

    /// Which kinds of damage the UTF-8 `bytes` show: an `&`, Windows-1252 mojibake, a U+FFFD (one pass, no allocation).
    private static func damage<C: Collection<UInt8>>(_ bytes: C) -> (ampersand: Bool, mojibake: Bool, replacement: Bool) {
        var hasAmpersand = false, hasMojibake = false, hasReplacement = false
        var previous: UInt8 = 0
        for b in bytes {
            if b == UInt8(ascii: "&") { hasAmpersand = true }
            // Â, Ã, â (C3 82, C3 83, C3 A2): the UTF-8 lead bytes C2, C3, E2 read as Windows-1252.
            if previous == 0xC3, b == 0x82 || b == 0x83 || b == 0xA2 { hasMojibake = true }
            if previous == 0xBF, b == 0xBD { hasReplacement = true }
            previous = b
        }
        return (hasAmpersand, hasMojibake, hasReplacement)
    }

    static let namedEntities: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " "]

    /// `&name;`, `&#NN;` and `&#xHH;` replaced by their characters, once (`&amp;lt;` becomes `&lt;`); anything
    /// else — a bare `&` as in `AMAZON & CLOUD`, a control character such as `&#0;`, a surrogate — is left
    /// as written. Named references: the XML 1.0 predefined entities and `nbsp`, in any case.
    public static func decodingEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            if let semicolon = after.prefix(10).firstIndex(of: ";"), let replacement = reference(after[..<semicolon]) {
                out += replacement
                rest = after[after.index(after: semicolon)...]
            } else {
                out += "&"
                rest = after
            }
        }
        return out + rest
    }

    /// The text a reference's name stands for (`amp`, `#39`, `#x26`), nil when it is none or no text.
    private static func reference(_ name: Substring) -> String? {
        if let named = namedEntities[name.lowercased()] { return named }
        guard name.first == "#" else { return nil }
        let digits = name.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        guard let value, value >= 0x20 || value == 0x09, let scalar = Unicode.Scalar(value) else { return nil }
        return String(Character(scalar))
    }

    /// Each run of non-ASCII characters that, written back as Windows-1252 bytes, is valid UTF-8 of fewer
    /// characters, replaced by that UTF-8. Accented letters alone (À–ÿ) are never UTF-8 continuation bytes, so
    /// correctly written text is left alone.
    static func repairingMojibake(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var run: [Unicode.Scalar] = []
        func flush() {
            guard !run.isEmpty else { return }
            defer { run.removeAll() }
            let bytes = run.compactMap(Windows1252.byte)
            if bytes.count == run.count, let decoded = String(validating: bytes, as: UTF8.self), decoded.unicodeScalars.count < run.count {
                out.append(contentsOf: decoded.unicodeScalars)
            } else {
                out.append(contentsOf: run)
            }
        }
        for scalar in text.unicodeScalars {
            if scalar.isASCII { flush(); out.append(scalar) } else { run.append(scalar) }
        }
        flush()
        return String(out)
    }

    /// Each word holding U+FFFD gets the one letter that makes it a known word, or, when several letters
    /// do, the one that also makes a known pair with the word before or after it (`P�O DE` → `PAO DE`);
    /// otherwise the character stays (it then separates words, as before). A run of U+FFFD stands for one
    /// letter: a decoder that met the two or three bytes of one UTF-8 letter replaced each (`P��O` → `PÃO`).
    static func fillingReplacements(_ text: String, knownWords: Set<String>) -> String {
        // Alternating pieces: separators at even positions, words (letters and U+FFFD) at odd ones.
        var pieces: [String] = [""]
        for character in text {
            if character == "\u{FFFD}", pieces[pieces.count - 1].last == "\u{FFFD}" { continue }
            let inWord = character.isLetter || character == "\u{FFFD}"
            if inWord != (pieces.count % 2 == 0) { pieces.append("") }
            pieces[pieces.count - 1].append(character)
        }
        func folded(_ k: Int) -> String? { k > 0 && k < pieces.count ? TextFold.fold(pieces[k]) : nil }
        for k in stride(from: 1, to: pieces.count, by: 2) where pieces[k].contains("\u{FFFD}") {
            let word = pieces[k]
            var fits = "abcdefghijklmnopqrstuvwxyz".map(String.init).filter { knownWords.contains(TextFold.fold(fill(word, $0))) }
            if fits.count > 1 {
                fits = fits.filter { letter in
                    let candidate = TextFold.fold(fill(word, letter))
                    return folded(k - 2).map { knownWords.contains($0 + " " + candidate) } == true
                        || folded(k + 2).map { knownWords.contains(candidate + " " + $0) } == true
                }
            }
            guard fits.count == 1 else { continue }
            let lower = word.contains { $0.isLowercase }
            pieces[k] = fill(word, lower ? fits[0] : fits[0].uppercased())
        }
        return pieces.joined()
    }

    static func fill(_ word: String, _ letter: String) -> String {
        word.replacingOccurrences(of: "\u{FFFD}", with: letter)
    }
}
