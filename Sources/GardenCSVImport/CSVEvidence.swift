import GardenImportKit
/// What a CSV file's records show of its conventions: the decimal mark (amounts ending in `,d`/`,dd` or
/// `.d`/`.dd`; a file showing both shows none) and the order of its `nn/nn/yyyy` dates (the first day above
/// 12). ``CSVImporter`` reads it from its sample, then from later records while rows wait for it.
struct CSVEvidence {
    private var comma = 0, point = 0
    /// The order the first date that reads only one way shows.
    private(set) var order: DateText.Order?

    /// The decimal mark the amounts seen show, if they show exactly one.
    var mark: AmountText.DecimalMark? {
        guard (comma > 0) != (point > 0) else { return nil }
        return comma > 0 ? .comma : .point
    }

    /// Looks at one record's money and date cells.
    mutating func observe(_ record: CSVReader.Record, _ layout: CSVLayout) {
        for role in [CSVLayout.Role.amount, .debit, .credit] {
            if let c = layout.columns[role], c < record.fields.count { CSVImporter.count(record.fields[c], comma: &comma, point: &point) }
        }
        if order == nil, let c = layout.columns[.date], c < record.fields.count { order = DateText.order(of: CollectionOfOne(record.fields[c])) }
    }
}
