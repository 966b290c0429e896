import GardenImportKit
/// What a CSV file's records show of its conventions: the decimal mark (amounts ending in `,d`/`,dd` or
/// `.d`/`.dd`; a file showing both shows the one its amounts that write both marks show — `1,234.56` reads one way
/// only — and none when those disagree or there are none) and the order of its `nn/nn/yyyy` dates (the first day above
/// 12). ``CSVImporter`` reads it from its sample, then from later records while rows wait for it.
struct CSVEvidence {
    private var comma = 0, point = 0
    /// Amounts that write both marks (`1.234,56`, `1,234.56`), by the mark that starts their decimals.
    private var groupedComma = 0, groupedPoint = 0
    /// The order the first date that reads only one way shows.
    private(set) var order: DateText.Order?

    /// The decimal mark the amounts seen show, if they show exactly one.
    var mark: AmountText.DecimalMark? {
        if (comma > 0) != (point > 0) { return comma > 0 ? .comma : .point }
        // Both seen (`"1,23"` in a file of `"1,234.56"`, hostile10 F21): an amount that groups its thousands with one
        // mark and starts its decimals with the other says the file's convention; the other amounts are then refused.
        guard (groupedComma > 0) != (groupedPoint > 0) else { return nil }
        return groupedComma > 0 ? .comma : .point
    }

    /// Whether the amounts seen end their decimals both ways and none of them tells which is the file's: no convention
    /// is confirmed, so none refuses an amount later records write (``CSVLayout/decimalMarkShown``).
    var markContested: Bool { comma > 0 && point > 0 && mark == nil }

    /// Looks at one record's money and date cells.
    mutating func observe(_ record: CSVReader.Record, _ layout: CSVLayout) {
        for role in [CSVLayout.Role.amount, .debit, .credit] {
            if let c = layout.columns[role], c < record.fields.count { CSVImporter.count(record.fields[c], comma: &comma, point: &point, groupedComma: &groupedComma, groupedPoint: &groupedPoint) }
        }
        if order == nil, let c = layout.columns[.date], c < record.fields.count { order = DateText.order(of: CollectionOfOne(record.fields[c])) }
    }
}
