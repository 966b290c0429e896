import GardenFoundation
import GardenSQLite

/// A journal before-image read back: the fields of the JSON object ``Store/image(_:)`` wrote, as the
/// values to bind when a change is undone (a missing or null field is NULL; a whole number an integer).
struct BeforeImage {
    let fields: JSONDocument?

    init(_ text: String?) {
        fields = text.flatMap { try? JSONScanner.parse(Array($0.utf8)) }
    }

    subscript(_ name: StaticString) -> Statement.Value {
        guard let fields, let node = fields.member(name, of: fields.root), !fields.isNull(node) else { return .null }
        if fields[node].kind == .number, let text = fields.scalarText(node), let value = Int64(text) { return .integer(value) }
        return fields.scalarText(node).map { .text($0) } ?? .null
    }
}
