import Foundation
import GardenFoundation
import GardenCatalog
import GardenImport
import GardenCSVImport
import GardenImportKit
import GardenCommandKit
import GardenStore

/// `garden import FILE...`: bank and aggregator files in, canonical `resolve` input lines out (one per
/// transaction, in file order), so `garden import x.ofx | garden resolve --record` works. Rows that cannot
/// be read are reported as `garden: FILE:LINE: field "F": reason` and the rest is still written; exit 65
/// after all files when any row or file failed, 66 when a file is missing, 64 on a usage error.
enum ImportCommand: Command {
    typealias Group = CommandOption.Group
    static let name = "import"
    static let arguments = "FILE..."
    static let summary = "OFX/QFX, bank CSV, Pluggy and Open Finance files in, canonical resolve lines out"
    static let about = """
    Reads OFX/QFX (1.x SGML and 2.x XML), bank CSV exports, Pluggy transaction pages ("results") and
    Open Finance Brasil transaction responses ("data"); writes one canonical JSON line per transaction:
    id, date, amount (exact, negative = money out for the account), currency, description, memo, account,
    payment_method, check_number, provider_category. "-" reads stdin.
    """
    static let options = [
        CommandOption("--format", "auto|ofx|csv|pluggy|openfinance", "the file format (default: detected)"),
        CommandOption("--account", "NAME", "the account written on every row of every FILE, given once (default: the file's own account; one import per label)"),
        CommandOption("--dialect", "ID", "a CSV layout by id instead of detection (ids: garden import --dialects)"),
        CommandOption("--columns", "ROLES", "a CSV layout by hand, e.g. header,date,-,description,debit,credit,balance"),
        CommandOption("--currency", "CODE", "the currency of CSV amounts without a currency column (default: the layout's, or what the file states)"),
        CommandOption("--utc-offset", "-03:00", "the local date of UTC date-times"),
        CommandOption("--dialects", nil, "list the CSV dialects and exit"),
        CommandOption("--redact", nil, "mask personal numbers in the rows written (CPFs, card numbers, account numbers a line names)"),
        Progress.quietOption,
        Group.verbose,
        Group.dataFolder,
    ]
    static let maximumArguments: Int? = nil

    static func run(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        var env = env
        if options.flag("--redact") { env.stdout = RedactingLineOutput(env.stdout) }
        // On a terminal the rows are a flood: a summary instead (issue 36); piped (`| garden resolve --record`) or --verbose, the rows.
        let hidden = env.stdoutIsTerminal && !options.flag("--verbose") && !options.flag("--dialects")
        if hidden { env.stdout = DiscardedOutput() }
        let importer: Importer
        do {
            importer = try Importer(data: DataDirectory.locate(explicit: options.value("--data"), environment: env.variables))
        } catch {
            env.complain(error.description)
            return error.exitCode
        }
        if options.flag("--dialects") {
            for dialect in importer.book.dialects { env.stdout.write("\(dialect.id)\t\(dialect.name)\n") }
            return Exit.ok
        }
        let settings: Importer.Options
        switch self.settings(options, importer) {
        case .success(let value): settings = value
        case .failure(let error): throw error
        }
        guard !options.positional.isEmpty else { throw CommandLineOptions.UsageError(description: "give at least one FILE (or - for stdin)") }
        let code = importFiles(options.positional, importer, settings, env, quiet: options.flag("--quiet"))
        if hidden {
            env.complain(env.words("the rows are not shown on a terminal: record them with garden import FILE... | garden resolve --record (--verbose shows them)",
                                   "as linhas não aparecem num terminal: registre-as com garden import ARQUIVO... | garden resolve --record (--verbose as mostra)"))
        }
        return code
    }

    static func importFiles(_ paths: [String], _ importer: Importer, _ settings: Importer.Options, _ env: Environment, quiet: Bool = false) -> Int32 {
        var code = Exit.ok
        let out = BufferedOutput(env.stdout)
        defer { out.flush() }
        for path in paths {
            guard let opened = open(path, env) else {
                env.complain(CPFScrubber.scrub(openFailure(path)))
                code = max(code, Exit.noInput)
                continue
            }
            defer { if path != "-", let file = opened as? FileInput { close(file.fd) } }
            // A progress line for a long file (a terminal only), with the share of it read.
            let input = CountingInput(opened)
            let progress = Progress(env, job: "import " + CPFScrubber.scrub(path), quiet: quiet)
            progress.share = { input.share }
            // Read as a stream: rows are written as they are read, errors and notes said as they are found;
            // once stdout's reader is gone, reading stops.
            let source = ImportSource(read: { buffer in out.closed ? 0 : input.read(into: buffer) })
            source.willWait = { out.flush() }
            if Importer.isBlank(source) {
                env.complain(CPFScrubber.scrub(path) + ": 0 rows (the file is empty)")
                continue
            }
            var byAccount: [String: Int] = [:]
            let sink = ImportSink(row: { out.append(CanonicalRowWriter.line($0)); byAccount[$0.account ?? LedgerSink.noAccount, default: 0] += 1; progress.advance() },
                                  error: { if !out.closed { out.flush(); progress.finish(); env.complain($0.description) } },
                                  note: { if !out.closed { out.flush(); progress.finish(); env.complain($0.description) } })
            importer.read(source, file: path, options: settings, into: sink)
            out.flush()
            progress.finish()
            let result = sink.result
            if result.errorCount > 0 { code = code == Exit.ok ? Exit.dataError : code }
            let w = env.words
            let more = result.skippedCount > result.skipped.count ? w(" and \(result.skippedCount - result.skipped.count) more", " e mais \(result.skippedCount - result.skipped.count)") : ""
            let skipped = result.skippedCount == 0 ? "" : ", \(result.skippedCount) " + w("skipped", "puladas") + " (\(skippedLines(result.skipped))\(more))"
            // The accounts only when the rows name several, or one other than the file's (`--account` given: the user knows).
            // Account names by the one rule of messages (``AccountName/shown(_:)``), as `resolve --record`'s summary shows
            // them; the line is composed of fields each already masked (the path scrubbed, counts never read as numbers).
            let accounts = byAccount.keys.sorted() == [LedgerSink.noAccount] ? w(" (no account: --account NAME gives one)", " (sem conta: --account NOME dá uma)")
                : byAccount.count > 1 || (byAccount.count == 1 && settings.account == nil) ? " (" + LedgerSink.accounts(byAccount, w) + ")"
                : ""
            env.complainComposed(CPFScrubber.scrub("\(path)") + ": \(result.count) " + (result.count == 1 ? w("row read as ", "linha lida como ") : w("rows read as ", "linhas lidas como ")) + result.readAs + accounts + CPFScrubber.scrub(skipped)
                + (result.errorCount == 0 ? "" : ", \(result.errorCount) " + w("rejected", result.errorCount == 1 ? "rejeitada" : "rejeitadas")))
        }
        return code
    }

    /// The skipped lines by reason, each reason's lines as ranges: `balance or total line: lines 2, 9–11`.
    static func skippedLines(_ skipped: [(line: Int, reason: String)]) -> String {
        Dictionary(grouping: skipped, by: \.reason).sorted { $0.key < $1.key }.map { reason, lines in
            var ranges: [ClosedRange<Int>] = []
            for line in lines.map(\.line).sorted() {
                if let last = ranges.last, last.upperBound + 1 == line { ranges[ranges.count - 1] = last.lowerBound...line } else { ranges.append(line...line) }
            }
            let text = ranges.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)–\($0.upperBound)" }.joined(separator: ", ")
            return "\(reason): line\(lines.count == 1 ? "" : "s") \(text)"
        }.joined(separator: "; ")
    }

    static func settings(_ options: CommandLineOptions, _ importer: Importer) -> Result<Importer.Options, CommandLineOptions.UsageError> {
        var settings = Importer.Options()
        if let text = options.value("--format") {
            guard let format = ImportFormat(rawValue: text) else {
                return .failure(.init(description: "--format must be one of \(ImportFormat.allCases.map(\.rawValue).joined(separator: ", ")), got \(text)"))
            }
            settings.format = format
        }
        // The account's name as people mean it: spaces around it and runs of spaces inside it are no part of it, or
        // `--account "Nubank "` would be another account and the month recorded again (issue 33). An empty name is refused.
        // One label names every file of an import: the parser keeps options apart from the files they stand beside, so
        // `--account A f1 --account B f2` would label both files B (newuser36 item 1). A repeated --account is refused,
        // naming what to do: one import per label.
        let labels = options.all("--account")
        if labels.count > 1 {
            return .failure(.init(description: "--account given \(labels.count) times: one --account labels every file of an import; "
                + "import each account's files on their own (garden import --account \"\(labels[0])\" FILE | garden resolve --record, then the next); nothing imported"))
        }
        if let given = options.value("--account") {
            // Format characters (a zero-width space, a BOM: Unicode Cf) print as nothing and are no part of it either.
            let visible = String(String.UnicodeScalarView(given.unicodeScalars.filter { $0.properties.generalCategory != .format }))
            let name = visible.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard !name.isEmpty else { return .failure(.init(description: "--account needs a name, got \"\(given)\"")) }
            settings.account = name
        }
        if let dialect = options.value("--dialect") {
            guard importer.book.dialects.contains(where: { $0.id == dialect }) else {
                return .failure(.init(description: "unknown dialect \"\(dialect)\"; garden import --dialects lists them"))
            }
            settings.dialect = dialect
        }
        if let spec = options.value("--columns") {
            do { settings.columns = try CSVColumnSpec.layout(spec) } catch { return .failure(.init(description: error.description)) }
        }
        if let currency = options.value("--currency") {
            guard CurrencyCode(currency) != nil else { return .failure(.init(description: "--currency must be an ISO 4217 code such as BRL, USD or EUR, got \(currency)")) }
            settings.currency = currency
        }
        if let offset = options.value("--utc-offset") {
            guard let minutes = ResolveCommand.parseOffset(offset) else { return .failure(.init(description: "--utc-offset must look like -03:00, got \(offset)")) }
            settings.utcOffsetMinutes = minutes
        }
        return .success(settings)
    }

    /// The file (or stdin for `-`) to read, or nil when it cannot be opened.
    static func open(_ path: String, _ env: Environment) -> ByteInput? {
        path == "-" ? env.stdin : openFile(path)
    }
}
