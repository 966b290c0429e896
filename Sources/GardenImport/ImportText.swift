import Foundation

/// Turns a file's bytes into text: a UTF-8 byte-order mark is dropped; bytes that are valid UTF-8
/// are read as UTF-8 (Brazilian banks often write UTF-8 under an OFX `CHARSET:1252` header); anything
/// else is read in the declared charset, by default Windows-1252, falling back to ISO-8859-1, which
/// maps every byte, so reading never fails.
public enum ImportText {
    /// Which charset the bytes were read in.
    public enum Charset: String, Sendable {
        case utf8 = "UTF-8"
        case windows1252 = "CP1252"
        case latin1 = "ISO-8859-1"
    }

    /// The charset an OFX header names: `CHARSET:1252`, `CHARSET:8859-1` / `ISO-8859-1`, `UTF-8`;
    /// nil for `NONE`, `USASCII` or an unknown value (the default then applies).
    public static func charset(named name: String) -> Charset? {
        let upper = name.uppercased().trimmingCharacters(in: .whitespaces)
        if upper.contains("1252") { return .windows1252 }
        if upper.contains("8859") || upper.contains("LATIN") { return .latin1 }
        if upper.contains("UTF-8") || upper == "UTF8" { return .utf8 }
        return nil
    }

    /// The text of `bytes` and the charset used.
    public static func decode(_ bytes: [UInt8], declared: Charset? = nil) -> (text: String, charset: Charset) {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if let text = String(validating: body, as: UTF8.self) { return (text, .utf8) }
        let data = Data(body)
        if declared != .latin1, let text = String(data: data, encoding: .windowsCP1252) { return (text, .windows1252) }
        return (String(decoding: body.map { UInt16($0) }, as: UTF16.self), .latin1)
    }
}
