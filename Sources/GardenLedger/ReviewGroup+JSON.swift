import GardenFoundation
import GardenCatalog
import GardenEngine

extension ReviewGroup {
    /// The group as one JSON object (`garden review --json` writes one a line). A stable shape:
    /// `identity` (string or null), `direction`, `merchant`, `rows`, `totals` [{currency, amount (decimal
    /// text), minor_units}], `samples`, `guess` {category, name, confidence}, `reasons`, `doubt` (the kind of doubt,
    /// ``ReviewDoubt``'s raw value: `no-category`, `many-kinds`, `money-in`, `weak-evidence`, …), `settles`
    /// (`merchant`: every row of the identity; `row`: the taught row only), `teach` (the command),
    /// `row_ids` (newest first). The guess's `name` and the `reasons` are said in `language` (the category's name in
    /// `taxonomy`, ``ReviewReasonWords``: text for a person, issue 36); the rest are ids and codes.
    public func json(db: String? = nil, language: Language = .english, taxonomy: Taxonomy? = nil) -> String {
        var w = JSONWriter(capacity: 512)
        w.beginObject()
        w.member("identity", identity)
        w.member("direction", direction)
        w.member("merchant", merchant)
        w.key("rows"); w.int(count)
        w.key("totals"); w.beginArray()
        for total in totals {
            w.beginObject()
            w.member("currency", total.currency)
            w.member("amount", total.decimal)
            w.key("minor_units"); w.raw(String(total.sum))          // exact, even past Int64
            w.endObject()
        }
        w.endArray()
        w.key("samples"); w.beginArray()
        for sample in samples { w.string(sample) }
        w.endArray()
        w.key("guess"); w.beginObject()
        w.member("category", guess.category)
        w.member("name", taxonomy?[guess.category]?.name(language) ?? guess.name)
        w.key("confidence"); w.raw(guess.confidence.description)
        w.endObject()
        w.key("reasons"); w.beginArray()
        for reason in reasons { w.string(ReviewReasonWords.text(reason, language)) }
        w.endArray()
        w.member("doubt", doubt.rawValue)
        w.member("settles", settlesMerchant ? "merchant" : "row")
        w.member("teach", teachCommand(db: db))
        w.key("row_ids"); w.beginArray()
        for id in rowIDs { w.string(id) }
        w.endArray()
        w.endObject()
        return String(decoding: w.bytes, as: UTF8.self)
    }
}
