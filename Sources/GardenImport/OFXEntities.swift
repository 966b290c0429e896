/// Decodes the character entities OFX values carry, once: `&amp;lt;` becomes `&lt;`, not `<`.
///
/// Named: `amp lt gt quot apos nbsp` (SGML/XML built-ins, and `nbsp` which some banks write); numeric:
/// `&#39;`, `&#x26;`. Anything else — a bare `&` as in `AMAZON & CLOUD`, a control character such as
/// `&#0;`, a surrogate — is kept as printed.
public enum OFXEntities {
    static let named: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " "]

    /// `text` with its entities decoded once.
    public static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            if let semicolon = after.prefix(10).firstIndex(of: ";"), let replacement = entity(after[..<semicolon]) {
                out += replacement
                rest = after[after.index(after: semicolon)...]
            } else {
                out += "&"
                rest = after
            }
        }
        return out + rest
    }

    private static func entity(_ name: Substring) -> String? {
        if let named = named[String(name)] { return named }
        guard name.first == "#" else { return nil }
        let digits = name.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        guard let value, value >= 0x20 || value == 0x09, let scalar = Unicode.Scalar(value) else { return nil }   // `&#0;` is no text
        return String(Character(scalar))
    }
}
