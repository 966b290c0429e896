import GardenFoundation
import GardenCatalog
import GardenLinking
import GardenStore
import GardenRegistry
import GardenSQLite

/// The one place a command's errors become what the user reads and the exit code (``GardenFailure``).
package enum CommandSupport {
    /// A command's own refusal, already explained to the user, with its exit code.
    package struct Failure: GardenFailure {
        package var code: Int32
        package var message: String

        package init(code: Int32, message: String) {
            self.code = code
            self.message = message
        }

        package var exitCode: Int32 { code }
        package var description: String { message }
    }

    /// Runs `body`, reporting a failure as `garden: …` with its exit code (``GardenFailure/exitCode``); a usage
    /// error is followed by the command's `usage` line. An error that is no ``GardenFailure`` is a bug: its text
    /// and exit 70 (sysexits' EX_SOFTWARE).
    package static func run(_ env: Environment, usage: String? = nil, _ body: () throws -> Int32) -> Int32 {
        do {
            return try body()
        } catch let failure as any GardenFailure {
            let usageLine = failure.exitCode == Exit.usage ? usage.map { "\n" + $0 } ?? "" : ""
            env.complain(failure.description + usageLine)
            return failure.exitCode
        } catch {
            env.complain("\(error)")
            return Exit.software
        }
    }

    /// The row a command works on: `--id ID` from the ledger, else the one row on stdin (blank lines aside;
    /// no row, or a second one, is a usage error, exit 64 with the command's usage line: never silently left out).
    package static func row(_ options: CommandLineOptions, _ session: Session, _ env: Environment) throws -> (Transaction, JSONDocument) {
        if let id = options.value("--id") {
            guard let store = session.store else { throw Failure(code: Exit.noInput, message: "no store at \(Session.databasePath(options, env)); record rows with garden resolve --record") }
            guard let row = try store.ledgerRow(id: id) else { throw noSuchRow(id, store) }
            let (doc, transaction) = try Session.transaction(row.raw, rowID: row.rowID)
            return (transaction, doc)
        }
        return try stdinRow(env)
    }

    /// The one row on stdin (blank lines aside); no row, or a second one, is a usage error (64).
    package static func stdinRow(_ env: Environment) throws -> (Transaction, JSONDocument) {
        let lines = LineReader(env.stdin)
        var found: (Transaction, JSONDocument)?
        while let (number, line) = lines.next() {
            if case .text(let bytes) = line, bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            // One row only: a second one would be silently left out.
            if found != nil { throw CommandLineOptions.UsageError(description: "line \(number): a second row; give one row on stdin (or --id ID)") }
            guard case .text(let bytes) = line else { throw Failure(code: Exit.dataError, message: "line \(number): longer than 1 MiB") }
            switch RowReader().read(bytes) {
            case .success(let (doc, transaction)): found = (transaction, doc)
            case .failure(let reason): throw Failure(code: Exit.dataError, message: "line \(number): \(reason)")
            }
        }
        guard let found else { throw CommandLineOptions.UsageError(description: "no row: give --id ID or one JSON row on stdin") }
        return found
    }

    /// The language of category and budget names: `--lang pt|en`, else the locale of the environment
    /// (`LC_ALL`, else `LC_MESSAGES`, else `LANG`, as POSIX orders them: `pt_BR.UTF-8` Portuguese, any other
    /// set locale — `C`, `en_US.UTF-8` — English), else English (none set: as `LANG=C`, so labels and messages
    /// share one language, issue 36); any other `--lang` code is a usage error, never a silent fallback.
    package static func language(_ options: CommandLineOptions, _ env: Environment? = nil) throws(CommandLineOptions.UsageError) -> Language {
        guard let code = options.value("--lang") else {
            let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { env?.variables[$0] }.first { !$0.isEmpty }
            guard let locale else { return .english }
            return locale.lowercased().hasPrefix("pt") ? .portuguese : .english
        }
        guard let language = Language(code: code) else { throw .init(description: "--lang must be pt or en, got \(code)") }
        return language
    }

    /// The refusal of a row id the ledger does not hold (exit 65), with the recorded ids closest to it.
    package static func noSuchRow(_ id: String, _ store: Store) -> Failure {
        Failure(code: Exit.dataError, message: "no ledger row with id \(id)" + ClosestNames.hint(for: id, among: (try? store.ledgerRowIDs()) ?? []))
    }

    /// Checks a budget id against `book` (exit 65 when unknown, with the closest ids, else the list of them).
    package static func budget(_ id: String, _ book: BudgetBook) throws -> String {
        guard book[id] == nil else { return id }
        let known = book.budgets.keys.sorted()
        let hint = ClosestNames.hint(for: id, among: known)
        throw Failure(code: Exit.dataError, message: "unknown budget \"\(id)\"" + (hint.isEmpty ? "; the budgets are \(known.joined(separator: ", "))" : hint))
    }

    /// Checks a category id, suggesting close ones; a suggestion found by its name shows the name in `language` (the
    /// run's: a Portuguese name on an English screen was a mixed one, issue 36).
    package static func category(_ id: String, _ catalog: Catalog, _ language: Language = .english) throws -> String {
        guard catalog.taxonomy.contains(id) else {
            // A display name ("Mercado", "Groceries") is as good as the id when one category bears it.
            let named = catalog.taxonomy.named(id)
            if named.count == 1 { return named[0] }
            if named.count > 1 {
                throw Failure(code: Exit.dataError, message: "\"\(id)\" names \(named.count) categories: \(named.joined(separator: ", ")); give the id")
            }
            // The first words of a name ("Aluguel" of "Aluguel e condomínio"): those categories first, with their names.
            let folded = TextFold.fold(id)
            let begun = catalog.taxonomy.ids.filter { candidate in
                guard let category = catalog.taxonomy[candidate], !folded.isEmpty else { return false }
                return [category.namePT, category.nameEN].contains { TextFold.fold($0).hasPrefix(folded + " ") }
            }
            let hint = (begun.map { "\"\($0)\" (\(catalog.taxonomy[$0]!.name(language)))" }
                        + catalog.taxonomy.suggestions(for: id).filter { !begun.contains($0) }.map { "\"\($0)\"" }).prefix(3).joined(separator: ", ")
            throw Failure(code: Exit.dataError, message: "unknown category \"\(id)\"; did you mean \(hint)?")
        }
        return id
    }
}
