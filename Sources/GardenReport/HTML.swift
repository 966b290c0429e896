import GardenFoundation
import GardenCatalog

/// Writes HTML text: elements with escaped attributes and text. Every text that came from the ledger
/// passes ``clean(_:)`` first, the masking every garden command applies to what it prints (a CPF in a
/// name or a descriptor is shown masked, `•••.482.613-••`).
struct HTML {
    private(set) var text = ""

    /// `value` with every CPF masked (``CPFScrubber``, as the commands mask their output).
    static func clean(_ value: String) -> String { CPFScrubber.scrub(value, plainDigits: false) }

    /// `value` escaped for text and attribute values.
    static func escape(_ value: String) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for character in value {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// Appends markup as it is (garden's own).
    mutating func raw(_ markup: String) { text += markup }

    /// Appends text, masked and escaped.
    mutating func add(_ value: String) { text += Self.escape(Self.clean(value)) }

    /// `<tag attributes>`, the body, `</tag>`.
    mutating func element(_ tag: String, _ attributes: [(String, String)] = [], _ body: (inout HTML) -> Void) {
        open(tag, attributes)
        body(&self)
        text += "</\(tag)>"
    }

    /// `<tag attributes>text</tag>`.
    mutating func element(_ tag: String, _ attributes: [(String, String)] = [], text value: String) {
        element(tag, attributes) { $0.add(value) }
    }

    mutating func open(_ tag: String, _ attributes: [(String, String)] = []) {
        text += "<" + tag
        for (name, value) in attributes { text += " \(name)=\"\(Self.escape(Self.clean(value)))\"" }
        text += ">"
    }

    mutating func close(_ tag: String) { text += "</\(tag)>" }
}
