import GardenFoundation
import GardenCatalog
import GardenAnalysis
import GardenEngine
import GardenStore
import GardenCommandKit
import GardenLedger

/// `garden export [--format jsonl|csv|hledger|beancount] [--month YYYY-MM] [--since DATE]` and the filters of
/// `garden rows` (``RowFilter``): the recorded rows, by date, as JSON lines (each input line with its resolution, as `resolve` wrote it), CSV
/// (``ExportCSV``), an hledger journal (``ExportJournal``) or a beancount ledger (``ExportBeancount``).
/// It prints what the ledger holds; nothing is resolved again.
package enum ExportCommand: Command {
    typealias Group = CommandOption.Group
    package static let name = "export"
    package static let summary = "the ledger as JSON lines, CSV, an hledger journal or a beancount ledger (--format, --month, --since)"
    package static let about = """
    Writes the recorded rows, by date, as JSON lines (each input line with its resolution), CSV (a header;
    --delimiter ';' also writes decimal commas, for pt-BR spreadsheets), an hledger journal or a beancount
    ledger (payee the merchant, accounts from the categories and the row's account, the row id and review
    flag as tags). What the ledger holds: nothing is resolved again.
    """
    package static let options = [
        CommandOption("--format", "jsonl|csv|hledger|beancount", "what to write (default jsonl)"),
    ] + Group.selection + RowFilter.options + [
        CommandOption("--delimiter", "C", "the CSV field separator (default ,; ';' also means decimal commas)"),
        CommandOption("--decimal", "point|comma", "the CSV decimal mark (default: comma with --delimiter ';', else point)"),
    ] + Array(CommandOption.Group.data.prefix(3)) + Group.store
    /// Not the whole output: each text field is masked on its own (``ScrubbingOutput/mask(_:)``), so a
    /// mask never reads across fields (an amount after an account named `conta` is no account number).
    package static let masksOutput = false

    package static func run(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        let formatText = options.value("--format") ?? "jsonl"
        guard let format = ExportFormat(rawValue: formatText) else {
            throw CommandLineOptions.UsageError(description: "--format is one of \(ExportFormat.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(formatText)\"")
        }
        let csv = try csvOptions(options, format: format)
        let selection = try CommandSupport.selection(options)
        let store = try LinkCommand.openStore(options, env, writing: false)
        let filter = try RowFilter(options, store: store, language: env.words.language) { try env.loadCatalog(options) }
        let out = BufferedOutput(env.stdout)
        // Each row's account type, as the store's accounts hold it (a credit card posts under liabilities).
        let types = try store.accountTypes()
        func typed(_ entry: LedgerEntry) -> LedgerEntry {
            guard let account = entry.input.account, let type = types[account] else { return entry }
            var entry = entry
            entry.input.accountType = type
            return entry
        }
        switch format {
        case .jsonl:
            try store.forEachLedgerRow(selection) { row in
                if filter.isEmpty || filter.matches(LedgerEntry(row)) { out.append(ScrubbingOutput.mask(jsonLine(row))) }
            }
        case .csv:
            let links = try store.linkIDsByRow()
            out.append(csv.headerLine())
            try store.forEachLedgerEntry(selection) { if filter.matches($0) { out.append(csv.line(typed($0), links: links[$0.rowID] ?? [])) } }
        case .hledger, .beancount:
            var entries: [LedgerEntry] = []
            try store.forEachLedgerEntry(selection) { entry in
                guard filter.matches(entry) else { return }
                let fits = entry.date != nil && entry.input.amount.map { $0.magnitude <= Money.largestMagnitude.magnitude } == true
                if fits { entries.append(typed(entry)) } else { env.complain("row \(entry.rowID): no date or amount a journal can hold; left out of the export") }
            }
            out.append(journal(entries, format: format))
        }
        out.flush()
        return Exit.ok
    }

    /// The row's input line with `resolution` appended, as `resolve` wrote it (JSON lines).
    /// `resolution`: the resolution to write (nil: the row's as stored).
    static func jsonLine(_ row: LedgerRow, resolution: String? = nil) -> String {
        let resolution = resolution ?? row.resolution
        guard let doc = try? JSONScanner.parse(Array(row.raw.utf8)), doc[doc.root].kind == .object else {
            return "{\"row_id\":\(RecategorizeCommand.quoted(row.rowID)),\"resolution\":\(resolution)}\n"
        }
        var out: [UInt8] = []
        JSONSplice.replacingMember("resolution", in: doc, with: Array(resolution.utf8), into: &out)
        return String(decoding: out, as: UTF8.self) + "\n"
    }

    static func csvOptions(_ options: CommandLineOptions, format: ExportFormat) throws -> ExportCSV {
        let delimiterText = options.value("--delimiter") ?? ","
        guard delimiterText.count == 1, let delimiter = delimiterText.first, delimiter != "\"", !delimiter.isNewline else {
            throw CommandLineOptions.UsageError(description: "--delimiter needs one character other than a quote or a line break, got \"\(delimiterText)\"")
        }
        var decimalComma = delimiter == ";"
        if let decimal = options.value("--decimal") {
            guard decimal == "point" || decimal == "comma" else { throw CommandLineOptions.UsageError(description: "--decimal is point or comma, got \"\(decimal)\"") }
            decimalComma = decimal == "comma"
        }
        if format != .csv, options.value("--delimiter") != nil || options.value("--decimal") != nil {
            throw CommandLineOptions.UsageError(description: "--delimiter and --decimal are for --format csv")
        }
        if decimalComma && delimiter == "," { throw CommandLineOptions.UsageError(description: "decimal commas need another --delimiter than \",\" (e.g. ';')") }
        return ExportCSV(delimiter: delimiter, decimalComma: decimalComma)
    }

    /// The journal of `entries` (already by date) with its account and commodity declarations.
    static func journal(_ entries: [LedgerEntry], format: ExportFormat) -> String {
        var keys = Set<[String]>(), digits: [String: Int] = [:]
        for entry in entries {
            keys.insert(ExportAccounts.category(entry))
            keys.insert(ExportAccounts.asset(entry))
            digits[entry.input.currency] = entry.input.minorDigits
        }
        let commodities = digits.sorted { $0.key < $1.key }
        if format == .hledger {
            let names = ExportAccounts.names(keys, spell: ExportJournal.account)
            return ExportJournal.header(accounts: names.values.sorted(), commodities: commodities.map { ($0.key, $0.value) })
                + entries.compactMap { ExportJournal.transaction($0, names: names) }.joined()
        }
        let names = ExportAccounts.names(keys, spell: ExportBeancount.account)
        let opened = entries.first?.date ?? "1970-01-01"
        return ExportBeancount.header(accounts: names.values.sorted(), commodities: commodities.map(\.key), opened: opened)
            + entries.compactMap { ExportBeancount.transaction($0, names: names) }.joined()
    }
}
