import GardenStore
import GardenCommandKit
import GardenLedger

/// `garden export --format csv`: UTF-8, a header, one line a row; fields quoted as RFC 4180 says (a field
/// holding the delimiter, a quote or a line break is quoted, its quotes doubled). `--delimiter ';'` also
/// writes decimal commas (`-32,93`), what pt-BR spreadsheets read; `--decimal point|comma` chooses. A text
/// field starting with `=`, `+`, `-`, `@`, a tab or a carriage return is written after a `'`, so a
/// spreadsheet never runs it as a formula (OWASP, CSV injection), and so is a text starting with `'` before one of those;
/// `garden import` drops that one `'` again when it reads the export (its `garden` dialect).
struct ExportCSV {
    var delimiter: Character
    var decimalComma: Bool

    static let header = ["row_id", "date", "amount", "currency", "account", "description", "memo", "merchant", "merchant_kind", "brand",
                         "category", "category_name", "budget", "confidence", "review", "review_reasons", "flow", "direction", "source", "rule",
                         "installment", "link_ids", "account_type"]

    func headerLine() -> String { line(Self.header) }

    func line(_ entry: LedgerEntry, links: [Int64]) -> String {
        let r = entry.resolution
        return line([
            entry.rowID, entry.date ?? "", number(entry.input.decimalAmount ?? ""), entry.input.currency, inert(entry.input.account ?? ""),
            text(entry.input.description), text(entry.input.memo ?? ""), text(r.merchant ?? ""), r.merchantKind, r.brand ?? "", r.category,
            text(r.categoryName), r.budget ?? "", number(r.confidence.description), r.review ? "1" : "0", text(r.reviewReasons.joined(separator: "; ")),
            r.flow, r.direction ?? "", r.source, entry.rule ?? "", r.installment.map { "\($0.number)/\($0.total)" } ?? "",
            links.map(String.init).joined(separator: " "), entry.input.accountType?.rawValue ?? "",
        ])
    }

    private func number(_ text: String) -> String {
        decimalComma ? text.replacingOccurrences(of: ".", with: ",") : text
    }

    /// A free-text field: masked on its own (``ScrubbingOutput/mask(_:)``), then made inert.
    private func text(_ value: String) -> String { inert(ScrubbingOutput.mask(value)) }

    /// A text a spreadsheet could read as a formula, made inert (the account: its key as the ledger holds it); a text
    /// that starts with the guard itself before such a character (`'=x`) gets one more, so garden reading its export
    /// back drops exactly one and has the text as recorded (hostile10 F23).
    private func inert(_ value: String) -> String {
        var scalars = value.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return value }
        if "=+-@\t\r".unicodeScalars.contains(first) { return "'" + value }
        if first == "'", let second = scalars.next(), "=+-@\t\r'".unicodeScalars.contains(second) { return "'" + value }
        return value
    }

    private func line(_ fields: [String]) -> String {
        fields.map(quoted).joined(separator: String(delimiter)) + "\n"
    }

    private func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == delimiter || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
