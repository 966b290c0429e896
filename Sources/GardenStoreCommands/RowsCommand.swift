import GardenFoundation
import GardenCatalog
import GardenStore
import GardenCommandKit
import GardenLedger

/// `garden rows [--month YYYY-MM] [--since DATE] [--account A] [--category C] [--merchant T] [--text T]
/// [--amount A..B] [--flagged] [--format table|jsonl|csv] [--limit N]`: the recorded rows that match every
/// filter (``RowFilter``), by date: a table on a terminal, JSON lines in a pipe (each input line with its
/// resolution, as `garden export` writes them), or CSV. Read-only.
package enum RowsCommand: Command {
    typealias Group = CommandOption.Group
    package static let name = "rows"
    package static let summary = "list and search the recorded rows (month, account, category, merchant, text, amount, flagged)"
    package static let about = """
    The recorded rows that match every filter given, by date: a table on a terminal (date, amount, account,
    description, category, ! when flagged, row id), JSON lines in a pipe (each input line with its
    resolution, as garden export writes them), or --format csv (garden export's columns). garden export
    takes the same filters.
    """
    package static let options = [
        CommandOption("--format", "table|jsonl|csv", "what to write (default: table on a terminal, else jsonl)"),
        CommandOption("--limit", "N", "at most N rows (default: all)"),
    ] + Group.selection + RowFilter.options + Array(Group.data.prefix(3)) + Group.store
    package static let masksOutput = true

    package static func run(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        let format = options.value("--format") ?? (env.stdoutIsTerminal ? "table" : "jsonl")
        guard ["table", "jsonl", "csv"].contains(format) else {
            throw CommandLineOptions.UsageError(description: "--format is one of table, jsonl, csv, got \"\(format)\"")
        }
        let selection = try CommandSupport.selection(options)
        let limit = try CommandSupport.limit(options, default: 0)
        let store = try LinkCommand.openStore(options, env, writing: false)
        let filter = try RowFilter(options, store: store, language: env.words.language) { try env.loadCatalog(options) }
        let out = BufferedOutput(env.stdout)
        let csv = ExportCSV(delimiter: ",", decimalComma: false)
        let links = format == "csv" ? try store.linkIDsByRow() : [:]
        if format == "csv" { out.append(csv.headerLine()) }
        // The names and reasons of each JSON line said in the run's language (``said(_:_:catalog:)``).
        let catalog = format == "jsonl" ? try env.loadCatalog(options) : nil
        var shown = 0, flagged = 0
        try store.forEachLedgerRow(selection) { row in
            guard limit == 0 || shown < limit else { return }
            let entry = LedgerEntry(row)
            guard filter.matches(entry) else { return }
            shown += 1
            if entry.resolution.review { flagged += 1 }
            switch format {
            case "jsonl": out.append(ExportCommand.jsonLine(row, resolution: catalog.map { Self.said(row.resolution, env.words.language, catalog: $0) }))
            case "csv": out.append(csv.line(entry, links: links[entry.rowID] ?? []))
            default: out.append(tableLine(entry, env.words.language))
            }
        }
        if format == "table" {
            out.append(env.words.rows(shown) + (flagged > 0 ? env.words(", \(flagged) flagged for review (!)", ", \(flagged) a revisar (!)") : "") + "\n")
        }
        out.flush()
        return Exit.ok
    }

    /// A stored resolution with what it says for a person said in `language` (issue 36: the rows a Portuguese run
    /// recorded listed by an English one showed Portuguese names and English reasons on a Portuguese screen): the
    /// category's and the budget's names garden wrote (the taxonomy's and the default budgets' names in either
    /// language: a name the user typed for a budget stays) and each review reason (``ReviewReasonWords``). Keys, ids,
    /// codes, numbers and the order of the members are kept byte for byte.
    static func said(_ resolution: String, _ language: Language, catalog: Catalog) -> String {
        guard let doc = try? JSONScanner.parse(Array(resolution.utf8)), doc[doc.root].kind == .object else { return resolution }
        var edits: [(start: Int, end: Int, text: String)] = []
        func quoted(_ text: String) -> String { RecategorizeCommand.quoted(text) }
        if let name = doc.path("category", "name"), let id = doc.string(doc.path("category", "id")), let category = catalog.taxonomy[id],
           let stored = doc.string(name), [category.namePT, category.nameEN].contains(stored) {
            edits.append((Int(doc[name].start), Int(doc[name].end), quoted(category.name(language))))
        }
        if let name = doc.path("budget", "name"), let id = doc.string(doc.path("budget", "id")), let budget = catalog.budgets[id],
           let stored = doc.string(name), [budget.namePT, budget.nameEN].contains(stored) {
            edits.append((Int(doc[name].start), Int(doc[name].end), quoted(budget.name(language))))
        }
        if let reasons = doc.member("review_reasons", of: doc.root), doc[reasons].kind == .array {
            let said = doc.children(of: reasons).compactMap { doc.string($0) }.map { quoted(ReviewReasonWords.text($0, language)) }
            edits.append((Int(doc[reasons].start), Int(doc[reasons].end), "[" + said.joined(separator: ",") + "]"))
        }
        var bytes = doc.bytes
        for edit in edits.sorted(by: { $0.start > $1.start }) { bytes.replaceSubrange(edit.start..<edit.end, with: Array(edit.text.utf8)) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One row for people: `2026-10-02  -R$ 32,93  Nubank card  Ifd*Arcos Dourados Com  food.delivery  ROW`.
    static func tableLine(_ entry: LedgerEntry, _ language: Language = .portuguese) -> String {
        let amount = entry.input.amount.map { MoneyDisplay.text($0, currency: entry.input.currency, language: language) } ?? "-"
        func cell(_ text: String, _ width: Int) -> String {
            let cut = text.count > width ? String(text.prefix(width - 1)) + "…" : text
            return cut.padding(toLength: width, withPad: " ", startingAt: 0)
        }
        return cell(entry.date ?? "-", 10) + "  " + String(repeating: " ", count: max(0, 14 - amount.count)) + amount + "  "
            + cell(entry.input.account ?? "-", 14) + "  " + cell(entry.input.description, 36) + "  "
            + cell(entry.resolution.category, 22) + (entry.resolution.review ? " ! " : "   ") + entry.rowID + "\n"
    }
}
