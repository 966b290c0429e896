/// Sentences garden wrote in one language (English: stored link evidence, journal summaries, error messages, a
/// resolver's evidence note) said in another, by their shape: each template is the sentence with its variable parts
/// as `{1}`, `{2}` … (`"parcel {1} of {2} paid"` → `"parcela {1} de {2} paga"`); the other language's template may
/// reorder them. A sentence is read against the templates in order, the first whose fixed words it holds in order
/// wins; a sentence of no known shape is nil (the caller keeps it as written). Values read for a placeholder are
/// translated again when `nested` is set (a refusal that quotes another sentence).
///
/// ```swift
/// let table = SentenceTemplates([("no store at {1}", "nenhum banco em {1}")])
/// table.translate("no store at /tmp/g.db")  // "nenhum banco em /tmp/g.db"
/// ```
public struct SentenceTemplates: Sendable {
    /// One template: its fixed pieces (literal text between placeholders), the placeholder numbers in order, and the
    /// other language's text with the same placeholders.
    struct Template: Sendable {
        var pieces: [String]
        var slots: [Int]
        var target: String
    }

    let templates: [Template]

    /// The table as written: each `(source, target)` pair, in order (the words a language's screens may show: the
    /// one-language test reads its vocabulary from them).
    public let pairs: [(source: String, target: String)]

    /// The templates, `(source, target)`, in the order they are tried (a longer, more specific shape first).
    public init(_ pairs: [(String, String)]) {
        self.pairs = pairs.map { (source: $0.0, target: $0.1) }
        templates = pairs.map { source, target in
            var pieces: [String] = []
            var slots: [Int] = []
            var rest = Substring(source)
            while let open = rest.range(of: "{"), let close = rest[open.upperBound...].firstIndex(of: "}"),
                  let number = Int(rest[open.upperBound..<close]) {
                pieces.append(String(rest[..<open.lowerBound]))
                slots.append(number)
                rest = rest[rest.index(after: close)...]
            }
            pieces.append(String(rest))
            return Template(pieces: pieces, slots: slots, target: target)
        }
    }

    /// `text` in the other language, or nil when it has no known shape.
    public func translate(_ text: String) -> String? {
        for template in templates {
            guard let values = Self.read(text, template) else { continue }
            var out = template.target
            for (slot, value) in zip(template.slots, values) {
                out = out.replacingOccurrences(of: "{\(slot)}", with: value)
            }
            return out
        }
        return nil
    }

    /// `text` in the other language, or as written.
    public func callAsFunction(_ text: String) -> String { translate(text) ?? text }

    /// The placeholder values of `text` read against `template`, or nil when it does not fit: the first piece is
    /// its start, the last its end, each piece between found at its first place after the one before.
    static func read(_ text: String, _ template: Template) -> [String]? {
        let pieces = template.pieces
        guard text.hasPrefix(pieces[0]) else { return nil }
        if template.slots.isEmpty { return text == pieces[0] ? [] : nil }
        guard text.hasSuffix(pieces[pieces.count - 1]), text.count >= pieces[0].count + pieces[pieces.count - 1].count else { return nil }
        let end = text.index(text.endIndex, offsetBy: -pieces[pieces.count - 1].count)
        var position = text.index(text.startIndex, offsetBy: pieces[0].count)
        var values: [String] = []
        for piece in pieces.dropFirst().dropLast() {
            guard !piece.isEmpty, let found = text.range(of: piece, range: position..<end) else { return nil }
            values.append(String(text[position..<found.lowerBound]))
            position = found.upperBound
        }
        guard position <= end else { return nil }
        values.append(String(text[position..<end]))
        // A placeholder holds something: an empty value is another shape.
        return values.contains(where: \.isEmpty) ? nil : values
    }
}
